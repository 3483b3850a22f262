// A public page under a language prefix (`/fr/`, `/fr/projects/1-x`, `/fr/cv`;
// docs/PRODUCT.md §23): shown only when the prefix is one of the site's
// languages other than the default, else the not-found page (`/de/` on a
// site without German, `/en/` where English is the default and lives at `/`).
// The page renderer has read the languages before rendering, so the server
// and the hydrating browser decide alike.
import { useQuery } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { useLocation, useParams } from 'react-router-dom'
import { Spinner } from '@/components/ui/spinner'
import { LANGUAGE_PARAM, pageOf } from '@shared/contract/public-routes.ts'
import { languagesQueryOptions, usePageLanguage } from '@/lib/i18n/page-language'

export function InSiteLanguage({
  children,
  notFound,
}: {
  children: ReactNode
  notFound: ReactNode
}) {
  const lang = useParams()[LANGUAGE_PARAM]
  const { data, isError } = useQuery(languagesQueryOptions())
  if (isError) return notFound
  if (!data) return <Spinner label="Loading page" className="min-h-dvh" />
  const listed = lang !== undefined && lang !== data.default && data.languages.includes(lang)
  return listed ? children : notFound
}

/**
 * `<html lang dir>` follow the page shown as the visitor moves between pages
 * (the server sets them on the page it sends); the back office is in English.
 */
export function useDocumentLanguage(): void {
  const { pathname } = useLocation()
  const { lang, dir } = usePageLanguage()
  const admin = pageOf(pathname) === 'admin'
  // A share link's page speaks the link's language and sets it itself.
  const shared = pageOf(pathname) === 'shared'
  useEffect(() => {
    if (shared) return
    const root = document.documentElement
    root.lang = admin ? 'en' : lang
    root.dir = admin ? 'ltr' : dir
  }, [admin, shared, lang, dir])
}
