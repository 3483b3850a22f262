import { queryOptions } from '@tanstack/react-query'
import { ONLY_ENGLISH } from '@shared/contract/page-languages.ts'
import { api } from '@/lib/api-client'
import { apiLanguage, type TextPage } from '@/lib/i18n/localize'
import { contentKeys } from '@/lib/queries/keys'

const inDefault: TextPage = { lang: ONLY_ENGLISH.default, site: ONLY_ENGLISH }

/**
 * GET /configs/all-as-object ({ name: value }), as the owner set it, with the
 * values in the page's language under `_translations` on a page in another
 * language. The page merges it over the default texts of its language when
 * it reads it (localSiteConfig with siteTextDefaults of its catalogue), so
 * the cache holds the answer as it came.
 */
export const getSiteConfig = (page: TextPage = inDefault) =>
  api.get('/configs/all-as-object', { query: { lang: apiLanguage(page) }, token: null })

export const siteConfigQueryOptions = (page: TextPage = inDefault) => {
  const lang = apiLanguage(page)
  return queryOptions({
    queryKey: contentKeys.list('configs', 'public', lang ? { lang } : {}),
    queryFn: () => getSiteConfig(page),
  })
}
