import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { Toaster } from '@/components/ui/sonner'
import CertificationCreateRoute from '../routes/certification-create-route'
import CertificationEditRoute from '../routes/certification-edit-route'
import CertificationsRoute from '../routes/certifications-route'

/** The certification screens as the router mounts them, with a fresh query cache. */
export function renderCertifications(initialPath: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const router = createMemoryRouter(
    [
      { path: '/admin/certifications', Component: CertificationsRoute },
      { path: '/admin/certifications/new', Component: CertificationCreateRoute },
      { path: '/admin/certifications/edit/:id', Component: CertificationEditRoute },
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
