// The language of the public page being shown (docs/PRODUCT.md §23): from the
// path's prefix and the site's languages (GET /languages, read by every
// public page and prefetched by the page renderer). Components ask this hook
// rather than parsing the path, and link with `localPath`, so a page in
// French links to the French pages.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { createContext, useContext } from 'react'
import { useLocation } from 'react-router-dom'
import type { Languages } from '@shared/contract/types.ts'
import {
  languageOfPath,
  ONLY_ENGLISH,
  pathInLanguage,
  textDirection,
} from '@shared/contract/page-languages.ts'
import { api } from '@/lib/api-client'
import { contentKeys } from '@/lib/queries/keys'

/** GET /languages: the site's languages and its default one (anyone reads them). */
export const languagesQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.list('languages', 'public'),
    queryFn: () => api.get('/languages', { token: null }),
  })

export interface PageLanguage {
  /** The page's language tag (`en`, `fr`, `pt-BR`). */
  lang: string
  dir: 'ltr' | 'rtl'
  /** The site's languages, in the owner's order, and the default one. */
  site: Languages
  /** The page's path without its language prefix. */
  path: string
  /** `path` (without prefix) in the page's language, or in `lang`. */
  localPath: (path: string, lang?: string) => string
}

/** The language of the page at `pathname` once the site's languages are known. */
export function pageLanguageOf(pathname: string, site: Languages = ONLY_ENGLISH): PageLanguage {
  const { lang, path } = languageOfPath(pathname, site)
  return {
    lang,
    dir: textDirection(lang),
    site,
    path,
    localPath: (to, other = lang) => pathInLanguage(to, other, site),
  }
}

/** `page` speaking `lang` instead of its path's language, its links to pages in that language too. */
export function inLanguage(page: PageLanguage, lang: string): PageLanguage {
  if (lang === page.lang) return page
  return {
    ...page,
    lang,
    dir: textDirection(lang),
    localPath: (to, other = lang) => pathInLanguage(to, other, page.site),
  }
}

/**
 * A language that is not the path's, for the pages below: a share link's page
 * speaks the link's (docs/PRODUCT.md §24), the CV and contact form in it included.
 */
export const PageLanguageOverride = createContext<string | null>(null)

/** The shown page's language; English alone until GET /languages has answered. */
export function usePageLanguage(): PageLanguage {
  const { pathname } = useLocation()
  const { data } = useQuery(languagesQueryOptions())
  const override = useContext(PageLanguageOverride)
  const page = pageLanguageOf(pathname, data ?? ONLY_ENGLISH)
  return override ? inLanguage(page, override) : page
}
