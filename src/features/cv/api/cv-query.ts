// The CV page's read (docs/PRODUCT.md §21): GET /resume.json, in the page's
// language when it is not the site's default (?lang=fr, §23). The route reads
// it, and the server prefetches it to render the page (src/entry-server.tsx),
// under the same key, so the browser hydrates from the answer the server used.
import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { contentKeys } from '@/lib/queries/keys'
import type { CvResume } from '../components/cv-document'

/** `?lang=<tag>` for a language other than the site's default, else nothing. */
export const cvLanguageQuery = (lang: string, defaultLang: string) =>
  lang === defaultLang ? '' : `?lang=${encodeURIComponent(lang)}`

export function cvQueryOptions(page: { lang: string; site: { default: string } }) {
  const lang = page.lang === page.site.default ? undefined : page.lang
  return queryOptions({
    queryKey: contentKeys.list('resume', 'public', lang ? { lang } : {}),
    // The contract declares a JSON Resume's entries loosely (the schema lets
    // them carry more); CvResume names the fields the page reads of them.
    queryFn: ({ signal }) =>
      api.get('/resume.json', { query: { lang }, signal }) as Promise<CvResume>,
  })
}
