import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { contentKeys } from '@/lib/queries/keys'

// The public page's reads of the developer's story (docs/PRODUCT.md §18), as a
// visitor; `lang` for a page in another language than the default.
export const publicExperiencesQueryOptions = (lang: string | null = null) =>
  queryOptions({
    queryKey: contentKeys.list('experiences', 'public', lang ? { lang } : {}),
    queryFn: () => api.get('/experiences', { query: { lang }, token: null }),
  })

export const publicEducationQueryOptions = (lang: string | null = null) =>
  queryOptions({
    queryKey: contentKeys.list('education', 'public', lang ? { lang } : {}),
    queryFn: () => api.get('/education', { query: { lang }, token: null }),
  })
