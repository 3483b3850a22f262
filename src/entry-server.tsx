// The public pages rendered on the server (docs/decisions/023-server-rendered-pages.md):
// the same components, routes and queries the browser runs, with the answers
// prefetched into a query cache that the page hands to the browser, so
// hydration finds what the server rendered. Used by server/ssr.ts (npm start
// from the built bundle, npm run dev and the tests through Vite).
import { dehydrate, QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { matchRoutes } from 'react-router-dom'
import { StaticRouter } from 'react-router'
import type { ConfigsObject, Languages, Project } from '@shared/contract/types.ts'
import { AppProvider, createQueryClient } from '@/app/provider'
import { AppRoutes, routes } from '@/app/router'
import { isAppOnly, LANGUAGE_PARAM, pageOfPattern } from '@shared/contract/public-routes.ts'
import { ONLY_ENGLISH } from '@shared/contract/page-languages.ts'
import { apiLanguage, localItem, textFields } from '@/lib/i18n/localize'
import { languagesQueryOptions, pageLanguageOf, type PageLanguage } from '@/lib/i18n/page-language'
import { homeQueries } from '@/features/home/api/use-home-data'
import { publicProjectQueryOptions } from '@/features/project-view/api/get-public-project'
import { projectIdFromParam } from '@/features/project-view/lib/project-page'
import { siteConfigQueryOptions } from '@/features/home/api/get-site-config'
import { localSiteConfig } from '@/features/home/lib/local-site-config'
import { siteTextDefaults, type SiteConfig } from '@/features/home/lib/site-config'
import { loadCatalogue } from '@/lib/i18n/catalogues'
import { ApiError, setServerFetch } from '@/lib/api-client'
import { homeHead, homeImage, notFoundHead, projectHead } from '@/ssr/head'
import { dehydratedState } from '@/ssr/state'

export { setServerFetch }

export type PageKind = 'home' | 'project' | 'not-found'

export interface RenderedPage {
  /** 503 when a read the page needs failed: the page shows its error state, and nobody keeps it. */
  status: 200 | 404 | 503
  kind: PageKind
  /** The app's markup, for inside #root. */
  html: string
  /** The query cache, as JSON safe inside a <script> element. */
  state: string
  /** The page's own <head> tags: title, description, canonical, link previews, JSON-LD. */
  head: string
  /** The page's language and direction, for <html lang dir>. */
  lang: string
  dir: 'ltr' | 'rtl'
}

export { isAppOnly }

/**
 * The site's texts and a project's name in language `lang`, as its pages show
 * them, for the generated link-preview image (server/site-image-content.ts):
 * `configs` and `project` are visitors' reads with `?lang=`.
 */
export async function imageTexts(
  configs: ConfigsObject,
  project: Project | null,
  lang: string,
  site: Languages,
): Promise<{ config: SiteConfig; project: Project | null }> {
  const page = { lang, site }
  const catalogue = await loadCatalogue(lang)
  return {
    config: localSiteConfig(configs, page, siteTextDefaults(catalogue)),
    project: project && localItem(project, textFields.project, page),
  }
}

/**
 * The page the router picks for `pathname`, by its entry in the table of
 * public routes; under a prefix that is not one of the site's other
 * languages, the not-found page (src/app/in-site-language.tsx).
 */
function kindOf(pathname: string, site: Languages): { kind: PageKind; projectId: number | null } {
  const [match] = matchRoutes(routes, pathname) ?? []
  const lang = match?.params[LANGUAGE_PARAM]
  if (lang !== undefined && (lang === site.default || !site.languages.includes(lang)))
    return { kind: 'not-found', projectId: null }
  const page = pageOfPattern(match?.route.path)
  if (page === 'home') return { kind: 'home', projectId: null }
  if (page === 'project')
    return { kind: 'project', projectId: projectIdFromParam(match?.params.slug) }
  return { kind: 'not-found', projectId: null }
}

async function toHtml(element: React.ReactNode): Promise<string> {
  // prerender waits for every lazy route and Suspense boundary, so the page is whole.
  const { prelude } = await prerenderToNodeStream(element)
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks).toString('utf8')
}

/** Renders a public page; `url` is its path and query, `siteUrl` the origin visitors use (SITE_URL). */
export async function renderPage(url: string, siteUrl: string): Promise<RenderedPage> {
  const pathname = url.split(/[?#]/)[0] || '/'
  const client: QueryClient = createQueryClient()
  // No retries on the server: a failing API answers the visitor now, with the page's error state.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } })
  // Which prefixes are languages decides the page: read first (a kept answer).
  await client.prefetchQuery(languagesQueryOptions())
  const site = client.getQueryData(languagesQueryOptions().queryKey) ?? ONLY_ENGLISH
  const language: PageLanguage = pageLanguageOf(pathname, site)
  const lang = apiLanguage(language)
  const { kind: routeKind, projectId } = kindOf(pathname, site)
  // The site's texts are on every page (the not-found page's title, the head's site name).
  const reads: Promise<unknown>[] = [client.prefetchQuery(siteConfigQueryOptions(language))]
  if (routeKind === 'home') {
    // The configuration is among them too: the same read, asked once.
    for (const query of homeQueries(language))
      reads.push(client.prefetchQuery(query as Parameters<typeof client.prefetchQuery>[0]))
  }
  if (routeKind === 'project' && projectId !== null)
    reads.push(
      client.prefetchQuery({ ...publicProjectQueryOptions(projectId, lang), retry: false }),
    )
  await Promise.all(reads)
  // Loaded before rendering, so the page is drawn in its language at once
  // (the browser loads the same one before hydrating: src/main.tsx).
  const catalogue = await loadCatalogue(language.lang)

  let kind = routeKind
  let project: Project | null = null
  if (routeKind === 'project') {
    const state = client.getQueryState(publicProjectQueryOptions(projectId, lang).queryKey)
    project = (state?.data as Project | undefined) ?? null
    const error = state?.error
    if (projectId === null || (error instanceof ApiError && [400, 404].includes(error.status)))
      kind = 'not-found'
    // Any other failure (a 503) is the page's own error state; the status says so below.
  }
  const html = await toHtml(
    <StrictMode>
      <AppProvider client={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  )
  const configs = client.getQueryData(siteConfigQueryOptions(language).queryKey)
  const config = configs && localSiteConfig(configs, language, siteTextDefaults(catalogue))
  const failed = client
    .getQueryCache()
    .getAll()
    .some((query) => query.state.status === 'error' && !(kind === 'not-found'))
  return {
    status: kind === 'not-found' ? 404 : failed ? 503 : 200,
    kind,
    html,
    state: dehydratedState(dehydrate(client, { shouldDehydrateQuery: () => true })),
    // The not-found page of a path under no language is in the default one.
    lang: language.lang,
    dir: language.dir,
    head:
      kind === 'project' && project && config
        ? projectHead(project, config, siteUrl, language, catalogue)
        : kind === 'home' && config
          ? homeHead(config, siteUrl, homeImage(config, siteUrl, language), language)
          : notFoundHead(config ?? null, catalogue),
  }
}
