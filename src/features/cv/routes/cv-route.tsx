// The CV page, /cv (docs/PRODUCT.md §21): GET /resume.json laid out to read
// and to print (A4 or Letter, the printer's paper; the buttons are not
// printed). A lazy chunk: the public page's up-front JavaScript carries none of it.
// In another language than the default (/fr/cv) it reads the résumé and links
// the PDF in that language (?lang=fr, docs/PRODUCT.md §23); the default
// language's are the plain addresses the home page links too, one kept copy each.
// The server renders it like the other public pages (src/entry-server.tsx,
// docs/decisions/023), so its entries are in the HTML and it hydrates.
import { useQuery } from '@tanstack/react-query'
import { ArrowLeftIcon, DownloadIcon, PrinterIcon } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { apiUrl } from '@/config/env'
import { paths } from '@/config/paths'
import { languagesQueryOptions, usePageLanguage } from '@/lib/i18n/page-language'
import { useMessages } from '@/lib/i18n/messages-context'
import { cvLanguageQuery, cvQueryOptions } from '../api/cv-query'
import { CvDocument } from '../components/cv-document'

// Margins for any paper size; the page's own padding is dropped in print, and
// its colours are the light theme's on white (index.css). A printed link cannot
// be followed, so a linked name has its address printed after it.
const PRINT_CSS = `@page { margin: 16mm 14mm; }
@media print { a[data-print-url]::after { content: ' (' attr(href) ')'; font-weight: normal; } }`

export default function CvRoute() {
  const { lang, dir, site } = usePageLanguage()
  const inLanguage = cvLanguageQuery(lang, site.default)
  // The path's language is known once the site's languages are: until then
  // /fr/cv would read as the default language's CV and fetch it for nothing.
  const languages = useQuery(languagesQueryOptions())
  const { t } = useMessages()
  const query = useQuery({ ...cvQueryOptions({ lang, site }), enabled: !languages.isPending })
  const name = query.data?.basics.name
  const title = name ? t('cv.documentTitle', { name }) : null
  useEffect(() => {
    if (!title) return
    const previous = document.title
    document.title = title
    return () => {
      document.title = previous
    }
  }, [title])

  return (
    <main className="min-h-dvh bg-background">
      <style>{PRINT_CSS}</style>
      <nav className="mx-auto flex max-w-3xl flex-wrap gap-3 px-6 pt-6 print:hidden">
        <Button asChild variant="ghost">
          <Link to={paths.home}>
            <ArrowLeftIcon aria-hidden="true" />
            {t('cv.back')}
          </Link>
        </Button>
        <Button variant="outline" onClick={() => window.print()}>
          <PrinterIcon aria-hidden="true" />
          {t('cv.print')}
        </Button>
        <Button asChild variant="outline">
          <a href={`${apiUrl()}/cv.pdf${inLanguage}`} download>
            <DownloadIcon aria-hidden="true" />
            {t('cv.downloadPdf')}
          </a>
        </Button>
      </nav>
      {query.data ? (
        <CvDocument resume={query.data} lang={lang} dir={dir} />
      ) : query.isError ? (
        <p role="alert" className="mx-auto max-w-3xl px-6 py-10">
          {t('cv.failed')}
        </p>
      ) : (
        <Spinner label={t('cv.loading')} className="min-h-[50dvh]" />
      )}
    </main>
  )
}
