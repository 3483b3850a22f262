// Routes exactly as spec section 2. The public page is in the main chunk (it is
// what most visitors load); every admin screen is a lazy chunk, so the public
// route ships no admin code.
//
// Declarative routing (BrowserRouter + useRoutes) rather than a data router:
// nothing here uses loaders or actions, and it keeps about 18 kB gzipped of
// router code off the public page's 130 kB budget.
import { lazy, Suspense, type ComponentType } from 'react'
import { BrowserRouter, Navigate, useRoutes, type RouteObject } from 'react-router-dom'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import HomeRoute from '@/features/home/routes/home-route'

type RouteModule = { default: ComponentType }

/** A lazily loaded route screen, with a spinner while its chunk arrives. */
function page(load: () => Promise<RouteModule>) {
  const Screen = lazy(load)
  return (
    <Suspense fallback={<Spinner label="Loading page" />}>
      <Screen />
    </Suspense>
  )
}

export const routes: RouteObject[] = [
  { path: paths.home, element: <HomeRoute /> },
  { path: paths.admin.login, element: page(() => import('@/features/auth/routes/login-route')) },
  {
    path: paths.admin.register,
    element: page(() => import('@/features/auth/routes/register-route')),
  },
  {
    path: paths.admin.root,
    element: page(() => import('@/app/routes/admin/admin-root')),
    children: [
      { index: true, element: <Navigate to={paths.admin.dashboard} replace /> },
      {
        path: 'dashboard',
        element: page(() => import('@/features/dashboard/routes/dashboard-route')),
      },
      {
        path: 'projects',
        element: page(() => import('@/features/projects/routes/projects-route')),
      },
      {
        path: 'projects/new',
        element: page(() => import('@/features/projects/routes/project-create-route')),
      },
      {
        path: 'projects/edit/:id',
        element: page(() => import('@/features/projects/routes/project-edit-route')),
      },
      {
        path: 'technologies',
        element: page(() => import('@/features/technologies/routes/technologies-route')),
      },
      {
        path: 'technologies/new',
        element: page(() => import('@/features/technologies/routes/technology-create-route')),
      },
      {
        path: 'technologies/edit/:id',
        element: page(() => import('@/features/technologies/routes/technology-edit-route')),
      },
      {
        path: 'certifications',
        element: page(() => import('@/features/certifications/routes/certifications-route')),
      },
      {
        path: 'certifications/new',
        element: page(() => import('@/features/certifications/routes/certification-create-route')),
      },
      {
        path: 'certifications/edit/:id',
        element: page(() => import('@/features/certifications/routes/certification-edit-route')),
      },
      {
        path: 'configurations',
        element: page(() => import('@/features/configurations/routes/configurations-route')),
      },
      { path: 'users', element: page(() => import('@/features/users/routes/users-route')) },
      {
        path: 'messages',
        element: page(() => import('@/features/messages/routes/messages-route')),
      },
    ],
  },
  { path: '*', element: page(() => import('@/app/routes/not-found')) },
]

function AppRoutes() {
  return useRoutes(routes)
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}
