// The back office's routes (docs/PRODUCT.md §2), rendered for the addresses
// the site's router (src/app/router.tsx) sends here: this table and the guard
// are a lazy chunk of their own, so the public page's JavaScript carries none
// of it. Every screen is a lazy chunk too.
import { useMemo, type ReactNode } from 'react'
import {
  matchRoutes,
  Navigate,
  renderMatches,
  useLocation,
  type RouteObject,
} from 'react-router-dom'
import { AdminOnly } from '@/app/admin-only'
import { page } from '@/app/route-elements'
import { paths } from '@/config/paths'

const { admin } = paths
const ID = ':id'

/** Screens that write: the read-only `user` role goes to `fallback` instead. */
const adminOnly = (element: ReactNode, fallback: string) => (
  <AdminOnly fallback={fallback}>{element}</AdminOnly>
)

/** The back office's table, by the same absolute paths as the site's (config/paths.ts). */
export const adminRoutes: RouteObject[] = [
  {
    // The layout and its guard (no session: /admin/login); the screens inside.
    path: admin.root,
    element: page(() => import('@/app/routes/admin/admin-root')),
    children: [
      { index: true, element: <Navigate to={admin.dashboard} replace /> },
      {
        path: admin.dashboard,
        element: page(() => import('@/features/dashboard/routes/dashboard-route')),
      },
      {
        path: admin.projects,
        element: page(() => import('@/features/projects/routes/projects-route')),
      },
      {
        path: admin.newProject,
        element: adminOnly(
          page(() => import('@/features/projects/routes/project-create-route')),
          admin.projects,
        ),
      },
      {
        path: admin.editProject(ID),
        element: adminOnly(
          page(() => import('@/features/projects/routes/project-edit-route')),
          admin.projects,
        ),
      },
      {
        path: admin.technologies,
        element: page(() => import('@/features/technologies/routes/technologies-route')),
      },
      {
        path: admin.newTechnology,
        element: adminOnly(
          page(() => import('@/features/technologies/routes/technology-create-route')),
          admin.technologies,
        ),
      },
      {
        path: admin.editTechnology(ID),
        element: adminOnly(
          page(() => import('@/features/technologies/routes/technology-edit-route')),
          admin.technologies,
        ),
      },
      {
        path: admin.certifications,
        element: page(() => import('@/features/certifications/routes/certifications-route')),
      },
      {
        path: admin.newCertification,
        element: adminOnly(
          page(() => import('@/features/certifications/routes/certification-create-route')),
          admin.certifications,
        ),
      },
      {
        path: admin.editCertification(ID),
        element: adminOnly(
          page(() => import('@/features/certifications/routes/certification-edit-route')),
          admin.certifications,
        ),
      },
      {
        path: admin.experience,
        element: page(() => import('@/features/story/routes/experience-route')),
      },
      {
        path: admin.newExperience,
        element: adminOnly(
          page(() => import('@/features/story/routes/experience-create-route')),
          admin.experience,
        ),
      },
      {
        path: admin.editExperience(ID),
        element: adminOnly(
          page(() => import('@/features/story/routes/experience-edit-route')),
          admin.experience,
        ),
      },
      {
        path: admin.education,
        element: page(() => import('@/features/story/routes/education-route')),
      },
      {
        path: admin.newEducation,
        element: adminOnly(
          page(() => import('@/features/story/routes/education-create-route')),
          admin.education,
        ),
      },
      {
        path: admin.editEducation(ID),
        element: adminOnly(
          page(() => import('@/features/story/routes/education-edit-route')),
          admin.education,
        ),
      },
      {
        path: admin.posts,
        element: page(() => import('@/features/posts/routes/posts-route')),
      },
      {
        path: admin.newPost,
        element: adminOnly(
          page(() => import('@/features/posts/routes/post-create-route')),
          admin.posts,
        ),
      },
      {
        path: admin.editPost(ID),
        element: adminOnly(
          page(() => import('@/features/posts/routes/post-edit-route')),
          admin.posts,
        ),
      },
      {
        path: admin.configurations,
        element: page(() => import('@/features/configurations/routes/configurations-route')),
      },
      {
        // Every account reads them; the screen itself keeps the read-only role from saving.
        path: admin.languages,
        element: page(() => import('@/features/languages/routes/languages-route')),
      },
      {
        path: admin.users,
        // Accounts are an admin matter: a read-only user goes back to the dashboard.
        element: adminOnly(
          page(() => import('@/features/users/routes/users-route')),
          admin.dashboard,
        ),
      },
      {
        path: admin.messages,
        element: page(() => import('@/features/messages/routes/messages-route')),
      },
      {
        path: admin.visitors,
        element: page(() => import('@/features/visitors/routes/visitors-route')),
      },
      {
        path: admin.shareLinks,
        element: page(() => import('@/features/share-links/routes/share-links-route')),
      },
      {
        path: admin.newShareLink,
        element: adminOnly(
          page(() => import('@/features/share-links/routes/share-link-create-route')),
          admin.shareLinks,
        ),
      },
      {
        path: admin.editShareLink(ID),
        element: adminOnly(
          page(() => import('@/features/share-links/routes/share-link-edit-route')),
          admin.shareLinks,
        ),
      },
      {
        path: admin.account,
        element: page(() => import('@/features/account/routes/account-route')),
      },
      {
        path: admin.backup,
        // Backups carry all content and replace it: an admin matter (docs/PRODUCT.md §14).
        element: adminOnly(
          page(() => import('@/features/backup/routes/backup-route')),
          admin.dashboard,
        ),
      },
    ],
  },
]

/**
 * The screen at the address, matched against this table here rather than as
 * descendant routes: the site's router lists these addresses (ADMIN_SCREENS)
 * so that they outrank its pages in other languages (`/:lang/projects/:slug`).
 */
export default function AdminRoutes() {
  const location = useLocation()
  const matches = useMemo(() => matchRoutes(adminRoutes, location), [location])
  return renderMatches(matches)
}
