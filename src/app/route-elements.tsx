// How a route's screen is put on the page: a lazy chunk with a spinner while
// it arrives, a public page's texts in its language, the not-found page.
// Shared by the site's routes (router.tsx) and the back office's
// (routes/admin/admin-routes.tsx).
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { Spinner } from '@/components/ui/spinner'
import { useMessages } from '@/lib/i18n/messages-context'
import { PageMessages } from '@/lib/i18n/page-messages'

type RouteModule = { default: ComponentType }

/** Shown while a screen's chunk arrives; in the page's language on a public page. */
export function LoadingPage() {
  const { t } = useMessages()
  return <Spinner label={t('page.loading')} />
}

/** A lazily loaded route screen, with a spinner while its chunk arrives. */
export function page(load: () => Promise<RouteModule>) {
  const Screen = lazy(load)
  return (
    <Suspense fallback={<LoadingPage />}>
      <Screen />
    </Suspense>
  )
}

/**
 * A public page: its interface texts in its language (docs/PRODUCT.md §23).
 * The back office is left out, so it stays in English.
 */
export const publicPage = (element: ReactNode) => <PageMessages>{element}</PageMessages>

/** The not-found page, lazily. */
export const notFound = () => page(() => import('@/app/routes/not-found'))
