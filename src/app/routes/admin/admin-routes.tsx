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

type Screen = Parameters<typeof page>[0]

/**
 * A resource's list, its create page (`<list>/new`) and its edit page
 * (`<list>/edit/:id`, as config/paths.ts has them); the read-only `user`
 * role may read the list, and is sent back to it from the other two.
 */
const listNewEdit = (
  list: string,
  [listScreen, createScreen, editScreen]: [Screen, Screen, Screen],
): RouteObject[] => [
  { path: list, element: page(listScreen) },
  { path: `${list}/new`, element: adminOnly(page(createScreen), list) },
  { path: `${list}/edit/${ID}`, element: adminOnly(page(editScreen), list) },
]

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
      ...listNewEdit(admin.projects, [
        () => import('@/features/projects/routes/projects-route'),
        () => import('@/features/projects/routes/project-create-route'),
        () => import('@/features/projects/routes/project-edit-route'),
      ]),
      ...listNewEdit(admin.technologies, [
        () => import('@/features/technologies/routes/technologies-route'),
        () => import('@/features/technologies/routes/technology-create-route'),
        () => import('@/features/technologies/routes/technology-edit-route'),
      ]),
      ...listNewEdit(admin.certifications, [
        () => import('@/features/certifications/routes/certifications-route'),
        () => import('@/features/certifications/routes/certification-create-route'),
        () => import('@/features/certifications/routes/certification-edit-route'),
      ]),
      ...listNewEdit(admin.experience, [
        () => import('@/features/story/routes/experience-route'),
        () => import('@/features/story/routes/experience-create-route'),
        () => import('@/features/story/routes/experience-edit-route'),
      ]),
      ...listNewEdit(admin.education, [
        () => import('@/features/story/routes/education-route'),
        () => import('@/features/story/routes/education-create-route'),
        () => import('@/features/story/routes/education-edit-route'),
      ]),
      ...listNewEdit(admin.posts, [
        () => import('@/features/posts/routes/posts-route'),
        () => import('@/features/posts/routes/post-create-route'),
        () => import('@/features/posts/routes/post-edit-route'),
      ]),
      {
        path: admin.profile,
        element: page(() => import('@/features/profile/routes/profile-route')),
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
        // Every account reads it; the screen itself keeps the read-only role from saving.
        path: admin.appearance,
        element: page(() => import('@/features/appearance/routes/appearance-route')),
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
      ...listNewEdit(admin.shareLinks, [
        () => import('@/features/share-links/routes/share-links-route'),
        () => import('@/features/share-links/routes/share-link-create-route'),
        () => import('@/features/share-links/routes/share-link-edit-route'),
      ]),
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
