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
import type {
  Contribution,
  ConfigsObject,
  Languages,
  Post,
  Project,
} from '@shared/contract/types.ts'
import { AppProvider, createQueryClient } from '@/app/provider'
import { AppRoutes, routes } from '@/app/router'
import { isAppOnly, LANGUAGE_PARAM, pageOf, pageOfPattern } from '@shared/contract/public-routes.ts'
import { ONLY_ENGLISH, textDirection } from '@shared/contract/page-languages.ts'
import { apiLanguage, localItem, textFields } from '@/lib/i18n/localize'
import { languagesQueryOptions, pageLanguageOf, type PageLanguage } from '@/lib/i18n/page-language'
import { homeQueries } from '@/features/home/api/use-home-data'
import { publicProjectQueryOptions } from '@/features/project-view/api/get-public-project'
import { projectIdFromParam } from '@/features/project-view/lib/project-page'
import { siteConfigQueryOptions } from '@/features/home/api/get-site-config'
import { localSiteConfig } from '@/features/home/lib/local-site-config'
import { siteTextDefaults, type SiteConfig } from '@/features/home/lib/site-config'
import { loadCatalogue } from '@/lib/i18n/catalogues'
import { api, ApiError, setServerFetch } from '@/lib/api-client'
import { homeHead, homeImage, notFoundHead, projectHead, sharedHead } from '@/ssr/head'
import { fetchSharedPage, sharedPageQueryOptions } from '@/features/shared-page/api/shared-page'
import { postHead, writingHead } from '@/ssr/writing-head'
import { latestPostsQueryOptions, publicPostsPageQueryOptions } from '@/lib/queries/posts'
import { publicPostQueryOptions } from '@/features/writing/api/post-page'
import { technologyFromSearch } from '@/features/writing/lib/writing-page'
import { dehydratedState } from '@/ssr/state'
import { appearanceQueryOptions } from '@/lib/queries/appearance'
import { appearanceHead } from '@/ssr/appearance-head'
import type { Appearance } from '@shared/contract/types.ts'
import { DEFAULT_ACCENT } from '@shared/contract/appearance.ts'
import { cvHead } from '@/ssr/cv-head'
import { cvQueryOptions } from '@/features/cv/api/cv-query'
import { ServerParts, type DrawPart } from '@/features/home/components/server-part'
import { drawProfilePart } from '@/features/home/components/profile-parts'
import { OpenSourceSection } from '@/features/home/components/open-source-section'

export { setServerFetch }
export { setStyleAssets } from '@/ssr/appearance-head'

export type PageKind = 'home' | 'project' | 'writing' | 'post' | 'cv' | 'not-found' | 'shared'

export interface RenderedPage {
  /**
   * 503 when a read the page needs failed: the page shows its error state, and
   * nobody keeps it. A share link's page answers as its read did: 401 (its
   * passphrase form), 404 or 410 (docs/PRODUCT.md §24).
   */
  status: 200 | 401 | 404 | 410 | 503
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
  /** The theme and font pair, for <html data-theme data-font> (docs/PRODUCT.md §27). */
  theme: string
  font: string
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
function kindOf(
  pathname: string,
  site: Languages,
): { kind: PageKind; projectId: number | null; slug: string } {
  const [match] = matchRoutes(routes, pathname) ?? []
  const lang = match?.params[LANGUAGE_PARAM]
  const none = { projectId: null, slug: '' }
  if (lang !== undefined && (lang === site.default || !site.languages.includes(lang)))
    return { kind: 'not-found', ...none }
  const page = pageOfPattern(match?.route.path)
  if (page === 'home') return { kind: 'home', ...none }
  if (page === 'project')
    return { kind: 'project', projectId: projectIdFromParam(match?.params.slug), slug: '' }
  if (page === 'writing') return { kind: 'writing', ...none }
  if (page === 'post') return { kind: 'post', projectId: null, slug: match?.params.slug ?? '' }
  if (page === 'cv') return { kind: 'cv', ...none }
  return { kind: 'not-found', ...none }
}

/**
 * The parts only the server draws (server-part.tsx): the profile's, and the
 * Open source section from the contributions read for this page (none: empty).
 */
const drawParts =
  (contributions: readonly Contribution[]): DrawPart =>
  (name, config) =>
    name === 'open-source' ? (
      <OpenSourceSection contributions={contributions} />
    ) : (
      drawProfilePart(name, config)
    )

/** The app at `url`, from the answers in `client`. */
const renderApp = (url: string, client: QueryClient, contributions: readonly Contribution[] = []) =>
  toHtml(
    <StrictMode>
      <AppProvider client={client}>
        <ServerParts value={drawParts(contributions)}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </ServerParts>
      </AppProvider>
    </StrictMode>,
  )

async function toHtml(element: React.ReactNode): Promise<string> {
  // prerender waits for every lazy route and Suspense boundary, so the page is whole.
  const { prelude } = await prerenderToNodeStream(element)
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks).toString('utf8')
}

/** What a request brings that a private page reads: a share link's pass, from its cookie. */
export interface PageRequest {
  sharePass?: string | null
}

/**
 * Renders a public page; `url` is its path and query, `siteUrl` the origin
 * visitors use (SITE_URL), `request` what a share link's page reads of the
 * request (nothing else is rendered from the request: those pages are kept).
 */
export async function renderPage(
  url: string,
  siteUrl: string,
  request: PageRequest = {},
): Promise<RenderedPage> {
  const pathname = url.split(/[?#]/)[0] || '/'
  const client: QueryClient = createQueryClient()
  // No retries on the server: a failing API answers the visitor now, with the page's error state.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } })
  // Which prefixes are languages decides the page: read first (a kept answer).
  await Promise.all([
    client.prefetchQuery(languagesQueryOptions()),
    client.prefetchQuery(appearanceQueryOptions()),
  ])
  const site = client.getQueryData(languagesQueryOptions().queryKey) ?? ONLY_ENGLISH
  const language: PageLanguage = pageLanguageOf(pathname, site)
  const lang = apiLanguage(language)
  if (pageOf(pathname, site) === 'shared')
    return renderShared(url, client, language, request.sharePass ?? null, siteUrl)
  const { kind: routeKind, projectId, slug } = kindOf(pathname, site)
  const search = new URLSearchParams(url.split('#')[0]!.split('?')[1] ?? '')
  const technologyId = technologyFromSearch(search)
  // A preview link's token: the draft for this caller alone (server/ssr.ts keeps no such page).
  const preview = search.get('preview')
  // The site's texts are on every page (the not-found page's title, the head's site name).
  const reads: Promise<unknown>[] = [client.prefetchQuery(siteConfigQueryOptions(language))]
  if (routeKind === 'home') {
    // The configuration is among them too: the same read, asked once.
    for (const query of homeQueries(language))
      reads.push(client.prefetchQuery(query as Parameters<typeof client.prefetchQuery>[0]))
  }
  // The home page's Writing section (docs/PRODUCT.md §26).
  if (routeKind === 'home') reads.push(client.prefetchQuery(latestPostsQueryOptions(lang)))
  // Its Open source section (docs/github.md): read here, not in the query
  // cache, as only the server draws it; a failed read is the page's 503.
  let contributions: Contribution[] = []
  let contributionsFailed = false
  if (routeKind === 'home')
    reads.push(
      api.get('/contributions', { token: null }).then(
        (list) => void (contributions = list),
        () => void (contributionsFailed = true),
      ),
    )
  if (routeKind === 'writing')
    reads.push(
      client.prefetchQuery(publicPostsPageQueryOptions(technologyId, null, undefined, lang)),
    )
  if (routeKind === 'post')
    reads.push(
      client.prefetchQuery({ ...publicPostQueryOptions(slug, preview, lang), retry: false }),
    )
  // The CV page (docs/PRODUCT.md §21): the résumé in the page's language.
  if (routeKind === 'cv') reads.push(client.prefetchQuery(cvQueryOptions(language)))
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
  let post: Post | null = null
  if (routeKind === 'post') {
    const state = client.getQueryState(publicPostQueryOptions(slug, preview, lang).queryKey)
    post = (state?.data as Post | undefined) ?? null
    const error = state?.error
    if (error instanceof ApiError && [400, 404].includes(error.status)) kind = 'not-found'
  }
  const html = await renderApp(url, client, contributions)
  const configs = client.getQueryData(siteConfigQueryOptions(language).queryKey)
  const config = configs && localSiteConfig(configs, language, siteTextDefaults(catalogue))
  const failed =
    (contributionsFailed && kind !== 'not-found') ||
    client
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'error' && !(kind === 'not-found'))
  return inAppearance(client, {
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
        : kind === 'post' && post && config
          ? postHead(post, config, siteUrl, language, catalogue, preview !== null)
          : kind === 'writing' && config
            ? writingHead(config, siteUrl, language, catalogue)
            : kind === 'cv' && config
              ? cvHead(
                  client.getQueryData(cvQueryOptions(language).queryKey) ?? null,
                  config,
                  siteUrl,
                  language,
                  catalogue,
                )
              : kind === 'home' && config
                ? homeHead(config, siteUrl, homeImage(config, siteUrl, language), language)
                : notFoundHead(config ?? null, catalogue),
  })
}

/** Drawn before the owner chooses, or when the read failed (the page says 503 then). */
const TODAY: Appearance = { theme: 'classic', accent: DEFAULT_ACCENT, font: 'system', sections: [] }

/** The page in the site's appearance: theme and font for <html>, their files and the accent in the head. */
function inAppearance(
  client: QueryClient,
  page: Omit<RenderedPage, 'theme' | 'font'>,
): RenderedPage {
  const appearance = client.getQueryData(appearanceQueryOptions().queryKey) ?? TODAY
  return {
    ...page,
    theme: appearance.theme,
    font: appearance.font,
    head: `${page.head}\n    ${appearanceHead(appearance)}`,
  }
}

/**
 * The site's look alone, for a page no build can render ahead (a share link's
 * shell on a static host, build/prerender.ts): the theme and font for <html>
 * and the head's stylesheets and accent, as every rendered page has them.
 */
export async function renderAppearance(): Promise<{ theme: string; font: string; head: string }> {
  const client = createQueryClient()
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } })
  await client.prefetchQuery(appearanceQueryOptions())
  const appearance = client.getQueryData(appearanceQueryOptions().queryKey) ?? TODAY
  return { theme: appearance.theme, font: appearance.font, head: appearanceHead(appearance) }
}

/** The token of a share link's path: `/s/<token>`, `/s/<token>/projects/…`, `/s/<token>/cv`. */
const tokenOf = (pathname: string) => pathname.split('/')[2] ?? ''

/**
 * A share link's page (docs/PRODUCT.md §24), rendered for this request alone:
 * its read carries the pass of the link's cookie, and its status is the
 * read's (401 asks for the passphrase, 404, 410), in the link's language.
 */
async function renderShared(
  url: string,
  client: QueryClient,
  language: PageLanguage,
  pass: string | null,
  siteUrl: string,
): Promise<RenderedPage> {
  const token = tokenOf(url.split(/[?#]/)[0] || '/')
  const options = sharedPageQueryOptions(token)
  await client.prefetchQuery({ ...options, queryFn: () => fetchSharedPage(token, pass) })
  const state = client.getQueryState(options.queryKey)
  const shared = state?.data
  const error = state?.error
  const lang = shared?.lang ?? language.site.default
  // Both catalogues: the page's (the link's language) and the site's default
  // one, which the passphrase form and the error pages speak.
  const [catalogue, siteCatalogue] = await Promise.all([
    loadCatalogue(lang),
    loadCatalogue(language.lang),
  ])
  const html = await renderApp(url, client)
  const status =
    error instanceof ApiError && [401, 404, 410].includes(error.status)
      ? (error.status as 401 | 404 | 410)
      : error instanceof ApiError && error.status === 400
        ? 404
        : error
          ? 503
          : 200
  const pageLang = shared ? lang : language.lang
  return inAppearance(client, {
    status,
    kind: 'shared',
    html,
    state: dehydratedState(dehydrate(client, { shouldDehydrateQuery: () => true })),
    lang: pageLang,
    dir: textDirection(pageLang),
    head: sharedHead(
      shared ?? null,
      error?.message ?? '',
      siteUrl,
      shared ? catalogue : siteCatalogue,
      pageLang,
    ),
  })
}
