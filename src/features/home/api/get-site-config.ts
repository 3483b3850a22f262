import { queryOptions } from '@tanstack/react-query'
import type { ConfigsObject } from '@shared/contract/types.ts'
import { ONLY_ENGLISH } from '@shared/contract/page-languages.ts'
import { api } from '@/lib/api-client'
import { apiLanguage, withLanguage, type TextPage } from '@/lib/i18n/localize'
import { contentKeys } from '@/lib/queries/keys'
import { localSiteConfig } from '../lib/local-site-config'

const inDefault: TextPage = { lang: ONLY_ENGLISH.default, site: ONLY_ENGLISH }

/** GET /configs/all-as-object ({ name: value }), merged over the default texts, in the page's language. */
export const getSiteConfig = async (page: TextPage = inDefault) =>
  localSiteConfig(
    await api.get<ConfigsObject>(withLanguage('/configs/all-as-object', apiLanguage(page)), {
      token: null,
    }),
    page,
  )

export const siteConfigQueryOptions = (page: TextPage = inDefault) => {
  const lang = apiLanguage(page)
  return queryOptions({
    queryKey: contentKeys.list('configs', 'public', lang ? { lang } : {}),
    queryFn: () => getSiteConfig(page),
  })
}
