import { hydrate } from '@tanstack/react-query'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from '@/app/app'
import { createQueryClient } from '@/app/provider'
import { primeHomeData } from '@/features/home/api/use-home-data'
import { renderedLinkLanguage } from '@/features/shared-page/lib/link-language'
import { loadCatalogue } from '@/lib/i18n/catalogues'
import { languagesQueryOptions, pageLanguageOf } from '@/lib/i18n/page-language'
import { readDehydratedState } from '@/ssr/state'
import '@/index.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const client = createQueryClient()
const app = (
  <StrictMode>
    <App client={client} />
  </StrictMode>
)
// A public page the server rendered comes with the answers it rendered from:
// the app takes over that markup instead of drawing it again (docs/decisions/023).
const state = readDehydratedState()
if (state) {
  hydrate(client, state)
  // The page's catalogue before hydrating, as the server loaded it before
  // rendering: the same words on both sides. English is in this bundle; any
  // other language is one small chunk.
  const site = client.getQueryData(languagesQueryOptions().queryKey)
  // A share link's page speaks the link's language (docs/PRODUCT.md §24).
  const link = renderedLinkLanguage(client)
  void Promise.all([
    loadCatalogue(pageLanguageOf(window.location.pathname, site).lang),
    link && loadCatalogue(link),
  ]).then(() =>
    // As a transition, React hydrates in slices and yields between them, so
    // taking the page over does not block a visitor's first tap for its whole
    // length (Total Blocking Time, docs/PERFORMANCE.md).
    startTransition(() => {
      hydrateRoot(root, app)
    }),
  )
} else {
  // The back office, or a build served without the renderer: the first render
  // waits (briefly) for the reads index.html started (docs/decisions/019).
  void primeHomeData(client).then(() => createRoot(root).render(app))
}
