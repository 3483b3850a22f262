import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { Toaster } from '@/components/ui/sonner'
import TechnologyCreateRoute from '../routes/technology-create-route'
import TechnologyEditRoute from '../routes/technology-edit-route'
import TechnologiesRoute from '../routes/technologies-route'

/** The technology screens as the router mounts them, with a fresh query cache. */
export function renderTechnologies(initialPath: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const router = createMemoryRouter(
    [
      { path: '/admin/technologies', Component: TechnologiesRoute },
      { path: '/admin/technologies/new', Component: TechnologyCreateRoute },
      { path: '/admin/technologies/edit/:id', Component: TechnologyEditRoute },
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
