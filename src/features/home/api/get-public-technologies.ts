import { queryOptions } from '@tanstack/react-query'
import type { TechnologySummary } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { withLanguage } from '@/lib/i18n/localize'
import { contentKeys } from '@/lib/queries/keys'
import { inLanguage } from '@/lib/queries/posts'

/** The skills; on a page in another language, its posts' titles in it (`?lang=`). */
export const publicTechnologiesQueryOptions = (lang: string | null = null) =>
  queryOptions({
    queryKey: [...contentKeys.list('technologies', 'public'), ...inLanguage(lang)],
    queryFn: () =>
      api.get<TechnologySummary[]>(withLanguage('/technologies?projects=false', lang), {
        token: null,
      }),
  })
