// Routes exactly as docs/PRODUCT.md §2, every path from config/paths.ts. The public page is in the main chunk (it is
// what most visitors load); every admin screen is a lazy chunk, so the public
// route ships no admin code.
//
// Declarative routing (BrowserRouter + useRoutes) rather than a data router:
// nothing here uses loaders or actions, and it keeps about 18 kB gzipped of
// router code off the public page's 130 kB budget.
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react'
import { BrowserRouter, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom'
import { AdminOnly } from '@/app/admin-only'
import { InSiteLanguage, useDocumentLanguage } from '@/app/in-site-language'
import { inLanguagePattern } from '@shared/contract/public-routes.ts'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { useMessages } from '@/lib/i18n/messages-context'
import { PageMessages } from '@/lib/i18n/page-messages'
import { registerRouteLoader } from '@/lib/route-prefetch'
import { countView } from '@/lib/visits'
import HomeRoute from '@/features/home/routes/home-route'
import { LazyContactForm } from '@/features/home/components/lazy-contact-form'
import type { SharedView } from '@/features/shared-page/routes/shared-page-route'

type RouteModule = { default: ComponentType }

/** Shown while a screen's chunk arrives; in the page's language on a public page. */
function LoadingPage() {
  const { t } = useMessages()
  return <Spinner label={t('page.loading')} />
}

/** A lazily loaded route screen, with a spinner while its chunk arrives. */
function page(load: () => Promise<RouteModule>) {
  const Screen = lazy(load)
  return (
    <Suspense fallback={<LoadingPage />}>
      <Screen />
    </Suspense>
  )
}

/**
 * A public page: its interface texts in its language (docs/PRODUCT.md §23).
 * The back office is left out, so it stays in English.
 */
const publicPage = (element: ReactNode) => <PageMessages>{element}</PageMessages>

/** Screens that write: the read-only `user` role goes to `fallback` instead. */
const adminOnly = (element: ReactNode, fallback: string) => (
  <AdminOnly fallback={fallback}>{element}</AdminOnly>
)

const { admin } = paths
const ID = ':id'

const loadProjectRoute = () => import('@/features/project-view/routes/project-route')
const loadCvRoute = () => import('@/features/cv/routes/cv-route')
const loadWritingRoute = () => import('@/features/writing/routes/writing-route')
const loadPostRoute = () => import('@/features/writing/routes/post-route')
// A project card hovered or focused starts loading the project page, and the
// contact section's View CV the CV page (src/lib/route-prefetch.ts).
registerRouteLoader('project', loadProjectRoute)
registerRouteLoader('cv', loadCvRoute)

const notFound = () => page(() => import('@/app/routes/not-found'))

/** The public pages, each also under the prefix of the site's other languages (docs/PRODUCT.md §23). */
const publicRoutes: RouteObject[] = [
  { path: paths.home, element: publicPage(<HomeRoute />) },
  // Lazy, so the public page's up-front JavaScript stays as it was (docs/PRODUCT.md §15).
  { path: paths.project(':slug'), element: publicPage(page(loadProjectRoute)) },
  // Lazy too: the CV page (docs/PRODUCT.md §21).
  { path: paths.cv, element: publicPage(page(loadCvRoute)) },
  // Lazy: the writing list and a post's page (docs/PRODUCT.md §26) add nothing to the home page's chunk.
  { path: paths.writing, element: publicPage(page(loadWritingRoute)) },
  { path: paths.post(':slug'), element: publicPage(page(loadPostRoute)) },
]

const SharedPageRoute = lazy(() => import('@/features/shared-page/routes/shared-page-route'))

/** A share link's page (docs/PRODUCT.md §24), with the home page's contact form and the CV page where the link shows them. */
const sharedPage = (view: SharedView) =>
  publicPage(
    <Suspense fallback={<LoadingPage />}>
      <SharedPageRoute view={view} contact={<LazyContactForm />} cv={page(loadCvRoute)} />
    </Suspense>,
  )

export const routes: RouteObject[] = [
  ...publicRoutes,
  ...publicRoutes.map(({ path, element }) => ({
    path: inLanguagePattern(path!),
    element: <InSiteLanguage notFound={publicPage(notFound())}>{element}</InSiteLanguage>,
  })),
  { path: admin.login, element: page(() => import('@/features/auth/routes/login-route')) },
  { path: admin.register, element: page(() => import('@/features/auth/routes/register-route')) },
  {
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
  { path: paths.shared.page(':token'), element: sharedPage('page') },
  { path: paths.shared.project(':token', ':slug'), element: sharedPage('project') },
  { path: paths.shared.cv(':token'), element: sharedPage('cv') },
  { path: '*', element: publicPage(notFound()) },
]

export function AppRoutes() {
  const { pathname, search } = useLocation()
  useDocumentLanguage()
  // After hydration, never during the server's render: the markup is the same on both.
  useEffect(() => countView(pathname, search), [pathname, search])
  return useRoutes(routes)
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}
