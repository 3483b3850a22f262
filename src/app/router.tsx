// Routes exactly as spec section 2. The public page is in the main chunk (it is
// what most visitors load); every admin screen is a lazy chunk, so the public
// route ships no admin code.
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom'
import { paths } from '@/config/paths'
import HomeRoute from '@/features/home/routes/home-route'

type RouteModule = { default: React.ComponentType }
const lazy = (load: () => Promise<RouteModule>) => async () => ({ Component: (await load()).default })

export const routes = [
  { path: paths.home, Component: HomeRoute },
  { path: paths.admin.login, lazy: lazy(() => import('@/features/auth/routes/login-route')) },
  { path: paths.admin.register, lazy: lazy(() => import('@/features/auth/routes/register-route')) },
  {
    path: paths.admin.root,
    lazy: lazy(() => import('@/app/routes/admin/admin-root')),
    children: [
      { index: true, element: <Navigate to={paths.admin.dashboard} replace /> },
      { path: 'dashboard', lazy: lazy(() => import('@/features/dashboard/routes/dashboard-route')) },
      { path: 'projects', lazy: lazy(() => import('@/features/projects/routes/projects-route')) },
      { path: 'projects/new', lazy: lazy(() => import('@/features/projects/routes/project-create-route')) },
      { path: 'projects/edit/:id', lazy: lazy(() => import('@/features/projects/routes/project-edit-route')) },
      { path: 'technologies', lazy: lazy(() => import('@/features/technologies/routes/technologies-route')) },
      { path: 'technologies/new', lazy: lazy(() => import('@/features/technologies/routes/technology-create-route')) },
      { path: 'technologies/edit/:id', lazy: lazy(() => import('@/features/technologies/routes/technology-edit-route')) },
      { path: 'certifications', lazy: lazy(() => import('@/features/certifications/routes/certifications-route')) },
      { path: 'certifications/new', lazy: lazy(() => import('@/features/certifications/routes/certification-create-route')) },
      {
        path: 'certifications/edit/:id',
        lazy: lazy(() => import('@/features/certifications/routes/certification-edit-route')),
      },
      { path: 'configurations', lazy: lazy(() => import('@/features/configurations/routes/configurations-route')) },
      { path: 'users', lazy: lazy(() => import('@/features/users/routes/users-route')) },
      { path: 'messages', lazy: lazy(() => import('@/features/messages/routes/messages-route')) },
    ],
  },
  { path: '*', lazy: lazy(() => import('@/app/routes/not-found')) },
]

const router = createBrowserRouter(routes)

export function AppRouter() {
  return <RouterProvider router={router} />
}
