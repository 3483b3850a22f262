// GET /appearance (docs/PRODUCT.md §27): the theme, accent, font and the home
// page's sections. Every public page reads it: the server draws the page with
// it, the home page orders its sections and navigation by it.
import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { contentKeys } from './keys'

export const appearanceQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.list('appearance', 'public'),
    queryFn: () => api.get('/appearance', { token: null }),
  })
