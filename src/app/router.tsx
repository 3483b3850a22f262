// Routes exactly as docs/PRODUCT.md §2, every path from config/paths.ts. The public page is in the main chunk (it is
// what most visitors load); every admin screen is a lazy chunk, so the public
// route ships no admin code.
//
// Declarative routing (BrowserRouter + useRoutes) rather than a data router:
// nothing here uses loaders or actions, and it keeps about 18 kB gzipped of
// router code off the public page's 130 kB budget.
import { lazy, Suspense, useEffect } from 'react'
import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router-dom'
import { InSiteLanguage, useDocumentLanguage } from '@/app/in-site-language'
import { inLanguagePattern } from '@shared/contract/public-routes.ts'
import { paths } from '@/config/paths'
import { LoadingPage, notFound, page, publicPage } from '@/app/route-elements'
import { registerRouteLoader } from '@/lib/route-prefetch'
import { countView } from '@/lib/visits'
import HomeRoute from '@/features/home/routes/home-route'
import { LazyContactForm } from '@/features/home/components/lazy-contact-form'
import type { SharedView } from '@/features/shared-page/routes/shared-page-route'

const { admin } = paths
const ID = ':id'

/**
 * Every address of the back office's table (app/routes/admin/admin-routes.tsx,
 * which router.test.tsx checks against this list), each rendered by that lazy
 * table. Static addresses, so they outrank the pages in other languages.
 */
export const ADMIN_SCREENS = [
  admin.root,
  admin.dashboard,
  admin.projects,
  admin.newProject,
  admin.editProject(ID),
  admin.technologies,
  admin.newTechnology,
  admin.editTechnology(ID),
  admin.certifications,
  admin.newCertification,
  admin.editCertification(ID),
  admin.experience,
  admin.newExperience,
  admin.editExperience(ID),
  admin.education,
  admin.newEducation,
  admin.editEducation(ID),
  admin.posts,
  admin.newPost,
  admin.editPost(ID),
  admin.profile,
  admin.configurations,
  admin.languages,
  admin.appearance,
  admin.users,
  admin.messages,
  admin.visitors,
  admin.shareLinks,
  admin.newShareLink,
  admin.editShareLink(ID),
  admin.account,
  admin.backup,
]
const adminScreens = page(() => import('@/app/routes/admin/admin-routes'))

const loadProjectRoute = () => import('@/features/project-view/routes/project-route')
const loadCvRoute = () => import('@/features/cv/routes/cv-route')
const loadWritingRoute = () => import('@/features/writing/routes/writing-route')
const loadPostRoute = () => import('@/features/writing/routes/post-route')
// A project card hovered or focused starts loading the project page, and the
// contact section's View CV the CV page (src/lib/route-prefetch.ts).
registerRouteLoader('project', loadProjectRoute)
registerRouteLoader('cv', loadCvRoute)

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
  // The back office's screens: their table is a lazy chunk (app/routes/admin/admin-routes.tsx).
  ...ADMIN_SCREENS.map((path) => ({ path, element: adminScreens })),
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
