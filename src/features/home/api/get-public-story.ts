import { queryOptions } from '@tanstack/react-query'
import type { Education, Experience } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { withLanguage } from '@/lib/i18n/localize'
import { contentKeys } from '@/lib/queries/keys'

// The public page's reads of the developer's story (docs/PRODUCT.md §18), as a
// visitor; `lang` for a page in another language than the default.
export const publicExperiencesQueryOptions = (lang: string | null = null) =>
  queryOptions({
    queryKey: contentKeys.list('experiences', 'public', lang ? { lang } : {}),
    queryFn: () => api.get<Experience[]>(withLanguage('/experiences', lang), { token: null }),
  })

export const publicEducationQueryOptions = (lang: string | null = null) =>
  queryOptions({
    queryKey: contentKeys.list('education', 'public', lang ? { lang } : {}),
    queryFn: () => api.get<Education[]>(withLanguage('/education', lang), { token: null }),
  })
