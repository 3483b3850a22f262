// One project as a visitor reads it (docs/PRODUCT.md §15): an inactive project
// is not found, even for a signed-in owner. The project page and the server's
// page renderer (src/entry-server.tsx) share these options, so the server's
// answer is the one the page finds in its cache when it hydrates.
import { queryOptions } from '@tanstack/react-query'
import { api, ApiError } from '@/lib/api-client'
import { contentKeys } from '@/lib/queries/keys'

/** `lang`: a page in another language than the default (the project then carries its texts in it). */
export const publicProjectQueryOptions = (id: number | null, lang: string | null = null) =>
  queryOptions({
    queryKey: [...contentKeys.detail('projects', id, 'public'), ...(lang ? [{ lang }] : [])],
    queryFn: ({ signal }) =>
      // Enabled only with an id.
      api.get('/projects/{id}', { params: { id: id! }, query: { lang }, token: null, signal }),
    enabled: id !== null,
    // A project the server already found missing stays missing when the page hydrates: no second 404.
    retryOnMount: false,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  })
