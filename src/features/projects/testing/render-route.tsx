import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { Toaster } from '@/components/ui/sonner'
import ProjectCreateRoute from '../routes/project-create-route'
import ProjectEditRoute from '../routes/project-edit-route'
import ProjectsRoute from '../routes/projects-route'

/** The project screens as the router mounts them, with a fresh query cache. */
export function renderProjects(initialPath: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const router = createMemoryRouter(
    [
      { path: '/admin/projects', Component: ProjectsRoute },
      { path: '/admin/projects/new', Component: ProjectCreateRoute },
      { path: '/admin/projects/edit/:id', Component: ProjectEditRoute },
    ],
    { initialEntries: [initialPath] },
  )
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  )
  return { router, queryClient }
}
