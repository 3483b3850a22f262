import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { contentKeys } from '@/lib/queries/keys'
import { inLanguage } from '@/lib/queries/posts'

/** The skills; on a page in another language, its posts' titles in it (`?lang=`). */
export const publicTechnologiesQueryOptions = (lang: string | null = null) =>
  queryOptions({
    queryKey: [...contentKeys.list('technologies', 'public'), ...inLanguage(lang)],
    queryFn: () => api.get('/technologies', { query: { projects: false, lang }, token: null }),
  })
