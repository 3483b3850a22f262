// The site's languages as the back office's edit screens need them: English
// alone until they are read (or when they cannot be), so a form shows at once
// as it always did and gains its tabs when they arrive; and the tab shown,
// kept in the address (`?lang=fr`) so the dashboard can link to a missing text.
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import type { Languages } from '@shared/contract/types.ts'
import { ONLY_ENGLISH } from '@shared/contract/page-languages.ts'
import { languagesQueryOptions } from '@/lib/i18n/page-language'

/** The site's languages once read; English alone meanwhile, or if the read failed. */
export function useSiteLanguages(): Languages {
  return useQuery(languagesQueryOptions()).data ?? ONLY_ENGLISH
}

/** The language tab shown: `?lang=` when it is one of the site's, else the default. */
export function useLanguageTab(site: Languages): [string, (tag: string) => void] {
  const [params, setParams] = useSearchParams()
  const asked = params.get('lang')
  const tab = asked && site.languages.includes(asked) ? asked : site.default
  const setTab = (tag: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (tag === site.default) next.delete('lang')
        else next.set('lang', tag)
        return next
      },
      { replace: true },
    )
  return [tab, setTab]
}
