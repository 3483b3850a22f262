// The public page (spec section 2, "Public home"). Imported eagerly by the
// router: keep this module and its imports free of admin code.
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useHomeData } from '../api/use-home-data'
import { HomeContent } from '../components/home-content'
import { PageMeta } from '../components/page-meta'
import { SiteFooter } from '../components/site-footer'
import { SiteNav } from '../components/site-nav'

export const loadErrorMessage = 'Failed to load data. Please try again later.'

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 pt-40 pb-20 text-center">
      <Alert variant="destructive">{loadErrorMessage}</Alert>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}

export default function HomeRoute() {
  const { data, isError, retry } = useHomeData()
  const brand = data ? data.config.ownerName || 'Portfolio' : ''
  return (
    <div id="top" className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteNav brand={brand} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {data ? (
          <HomeContent data={data} />
        ) : isError ? (
          <LoadError onRetry={retry} />
        ) : (
          <Spinner label="Loading portfolio" className="min-h-dvh" />
        )}
      </main>
      {data && (
        <>
          <SiteFooter text={data.config.footerText} />
          <PageMeta config={data.config} />
        </>
      )}
    </div>
  )
}
