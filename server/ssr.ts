// Server-rendered public pages for `npm start` (and the tests, through Vite)
// (docs/decisions/023-server-rendered-pages.md). A page is rendered by
// src/entry-server.tsx from the API in this process, put into the built
// index.html, and kept per content version like the public reads
// (docs/decisions/010): serving a kept page costs a map lookup, and no page
// outlives a write. sitemap.xml, robots.txt, the link-preview images
// (/og/*.png, server/og-image.ts) and the feeds (feeds.ts) come from the same content.
import type {
  Compressor,
  Encoding,
  KeptAnswer,
  VersionSource,
} from '../supabase/functions/_shared/http/http-cache.ts'
import {
  CDN_CACHE_CONTROL,
  preferredEncoding,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
} from '../supabase/functions/_shared/http/http-cache.ts'
import { PASS_COOKIE } from '../supabase/functions/_shared/api/resources/share-links/pass.ts'
import { entityTag, tagListed } from '../supabase/functions/_shared/http/entity-tags.ts'
import { LruMap } from '../supabase/functions/_shared/http/lru.ts'
import type { AddressLimit, WorkQueue } from '../supabase/functions/_shared/http/work-queue.ts'
import type {
  Languages,
  PostCard,
  Project,
} from '../supabase/functions/_shared/contract/responses.ts'
import {
  ONLY_ENGLISH,
  pathInLanguage,
} from '../supabase/functions/_shared/contract/page-languages.ts'
import {
  appOnlyPrefixes,
  isMarkdownFile,
  isPrivateRequest,
  isPublicFile,
  pageKey,
  pageOf,
  postPath,
  projectPath,
  publicFiles,
  publicPageEntries,
} from '../supabase/functions/_shared/contract/public-routes.ts'
import { languageOfPath } from '../supabase/functions/_shared/contract/page-languages.ts'
import {
  markdownOf,
  readPortfolioTexts,
  readsOver,
  type PortfolioTexts,
} from '../supabase/functions/_shared/assistants/llms.ts'
import { readSiteImageContent, type ImageTexts } from './site-image-content.ts'
import type { SiteImageContent } from './og-image.ts'
import { feedFile, isFeedFile } from './feeds.ts'
import { parseSiteImagePath } from '../src/ssr/site-image.ts'

/** What src/entry-server.tsx exports. */
export interface RenderModule {
  renderPage(
    url: string,
    siteUrl: string,
    request?: { sharePass?: string | null },
  ): Promise<{
    status: 200 | 401 | 404 | 410 | 503
    kind: 'home' | 'project' | 'writing' | 'post' | 'cv' | 'not-found' | 'shared'
    html: string
    state: string
    head: string
    lang: string
    dir: 'ltr' | 'rtl'
    theme: string
    font: string
  }>
  setServerFetch(fetch: ((input: string, init: RequestInit) => Promise<Response>) | null): void
  isAppOnly(pathname: string, site?: Languages): boolean
  /** Where the built theme and font stylesheets are (build-manifest.ts's styleAssets). */
  setStyleAssets(assets: (source: string) => { href: string; preload: string[] } | undefined): void
  /** The site's theme, font and their head tags, for the static build's share-link shell. */
  renderAppearance(): Promise<{ theme: string; font: string; head: string }>
  imageTexts: ImageTexts
}

export interface PageRendererOptions {
  /** The built index.html (or Vite's transformed one in development). */
  template: string
  render: RenderModule
  /** The API in this process. */
  api: { fetch(request: Request): Response | Promise<Response> }
  /** The API's base path, e.g. /functions/v1/api, and the base the browser build calls (VITE_API_URL). */
  apiPath: string
  clientApiBase: string
  versions: VersionSource
  siteUrl: string
  compress?: Compressor
  /** Module scripts a project page needs beyond the entry (its lazy route chunk), preloaded so it hydrates sooner. */
  projectModules?: string[]
  /** The same for the writing list's and a post's page (their lazy route chunks). */
  writingModules?: string[]
  postModules?: string[]
  /** The CV page's lazy route chunk. */
  cvModules?: string[]
  /** The files of the catalogue a page in a language loads, if not in the entry (build-manifest.ts), preloaded by that page. */
  catalogueModules?: (lang: string) => string[]
  /** Keep rendered pages per content version (default); `npm run dev` renders every time, so an edit shows at once. */
  keep?: boolean
  /** Where renderings wait their turn (work-queue.ts); without one they run at once. */
  work?: WorkQueue
  /** How many renderings nothing kept one address may start a minute (work-queue.ts). */
  limit?: AddressLimit
  /**
   * Draws a preview image elsewhere (`npm start`'s render thread,
   * render-thread.ts); without it, og-image.ts is loaded and run here.
   */
  drawImage?: (content: SiteImageContent) => Promise<Uint8Array>
  /** How much the kept pages may hold (KEPT_LIMITS by default). */
  limits?: { entries: number; bytes: number }
}

interface Kept {
  key: string
  version: string
  status: number
  type: string
  body: Uint8Array
  encoded: Partial<Record<Encoding, Promise<Uint8Array | null>>>
  /** The compressed forms once made (null: not smaller), for the direct lane, which never waits. */
  made?: Partial<Record<Encoding, Uint8Array | null>>
  /** Its answers' headers by encoding ('' for none), made once. */
  answers?: Partial<Record<Encoding | '', [string, string][]>>
  /** The caller's alone (a preview link's page): never kept, not indexed, no entity tag. */
  private?: boolean
}

/**
 * What the kept pages may hold, compressed forms counted; the least recently
 * used go first (lru.ts), so a stream of new paths cannot push out the home
 * page that is asked for all the time. A page is 20-60 kB, an image 30-80 kB.
 */
export const KEPT_LIMITS = { entries: 512, bytes: 24 * 1024 * 1024 }
const HTML = 'text/html; charset=utf-8'

/**
 * Every path no page takes shows the same not-found page (it names no path),
 * so it is rendered once per content version and kept under this one key: a
 * stream of junk paths costs no rendering and pushes nothing out.
 */
export const NOT_FOUND_KEY = '/404'

/**
 * The not-found page's key for `pathname`: one per language of the site, so
 * `/fr/nothing` shows the French page (`/fr/404`) and `/nothing` the default
 * language's, as the static build's `fr/404.html` and `404.html` do.
 */
export const notFoundKey = (pathname: string, site: Languages) => {
  const { lang } = languageOfPath(pathname, site)
  return lang === site.default ? NOT_FOUND_KEY : `/${lang}${NOT_FOUND_KEY}`
}

const PNG = 'image/png'
const TEXT = 'text/plain; charset=utf-8'
const NOT_FOUND_TEXT = new TextEncoder().encode('Not found')

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * The template's <html> element with the page's language and direction
 * (docs/PRODUCT.md §23) and, when given, its theme and font pair (§27).
 */
export function withHtmlLanguage(
  template: string,
  lang: string,
  dir: 'ltr' | 'rtl',
  look?: { theme?: string; font?: string },
): string {
  return template.replace(/<html\b[^>]*>/, (tag) => {
    const others = tag.slice(5, -1).replace(/\s(?:lang|dir|data-theme|data-font)="[^"]*"/g, '')
    const themed = look?.theme ? ` data-theme="${escapeXml(look.theme)}"` : ''
    const font = look?.font ? ` data-font="${escapeXml(look.font)}"` : ''
    return `<html lang="${lang}" dir="${dir}"${themed}${font}${others}>`
  })
}

/** The template with the page's head tags, markup and state in place of the defaults and the spinner. */
export function assemble(
  template: string,
  page: {
    html: string
    state: string
    head: string
    lang?: string
    dir?: 'ltr' | 'rtl'
    theme?: string
    font?: string
  },
): string {
  const withoutDefaults = withHtmlLanguage(template, page.lang ?? 'en', page.dir ?? 'ltr', page)
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(
      /<meta\s+(?:name="description"|property="og:[^"]*"|name="twitter:[^"]*")[\s\S]*?\/>\s*/g,
      '',
    )
    // The early reads are for a page that renders in the browser (docs/decisions/018): this one comes whole.
    .replace(/<script>(?:(?!<\/script>)[\s\S])*__vitrinePublicReads[\s\S]*?<\/script>\s*/, '')
    .replace(/<!--[^>]*first render replaces it[^>]*-->\s*/, '')
  const viewport = withoutDefaults.search(/<meta\s+name="viewport"[^>]*>/)
  const afterViewport = viewport < 0 ? -1 : withoutDefaults.indexOf('>', viewport) + 1
  const withHead =
    afterViewport > 0
      ? `${withoutDefaults.slice(0, afterViewport)}\n    ${page.head}${withoutDefaults.slice(afterViewport)}`
      : withoutDefaults.replace('</head>', `    ${page.head}\n  </head>`)
  const start = withHead.indexOf('<div id="root">')
  const end = withHead.lastIndexOf('</body>')
  if (start < 0 || end < start) throw new Error('index.html has no <div id="root"> before </body>')
  // The page takes the place of the spinner; a script after it (the entry in
  // `npm run dev`'s index.html, which a build moves into the head) joins the head.
  const bodyScripts = withHead.slice(start, end).match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []
  const head = bodyScripts.length
    ? withHead.slice(0, start).replace('</head>', `  ${bodyScripts.join('\n    ')}\n  </head>`)
    : withHead.slice(0, start)
  const root = `<div id="root">${page.html}</div>\n    <script type="application/json" id="vitrine-state">${page.state}</script>\n  `
  return modulesAfterFirstPaint(head) + root + withHead.slice(end)
}

/**
 * The browser app for the pages a static host cannot render, a share link's
 * (build/prerender.ts): the template without the site's own description and
 * link-preview tags or its early reads, telling robots not to index or follow
 * and browsers to send no referrer, before any script runs; with `look`, in
 * the site's appearance (docs/PRODUCT.md §27): its theme and font on <html>,
 * their stylesheets and the accent in the head, as the rendered pages have.
 */
export function privateShell(
  template: string,
  look?: { theme: string; font: string; head: string },
): string {
  const themed = look
    ? template
        .replace(/<html\b[^>]*>/, (tag) => {
          const others = tag.slice(5, -1).replace(/\s(?:data-theme|data-font)="[^"]*"/g, '')
          return `<html${others} data-theme="${escapeXml(look.theme)}" data-font="${escapeXml(look.font)}">`
        })
        .replace('</head>', `  ${look.head}\n  </head>`)
    : template
  return themed
    .replace(
      /<meta\s+(?:name="description"|property="og:[^"]*"|name="twitter:[^"]*")[\s\S]*?\/>\s*/g,
      '',
    )
    .replace(/<script>(?:(?!<\/script>)[\s\S])*__vitrinePublicReads[\s\S]*?<\/script>\s*/, '')
    .replace(
      '</head>',
      '  <meta name="robots" content="noindex, nofollow" />\n    <meta name="referrer" content="no-referrer" />\n  </head>',
    )
}

/**
 * A server-rendered page shows without its code, so its code starts after the
 * page's first paint: the head names the entry and the module preloads in
 * <meta> elements, and index.html's inline loader adds the real <script> and
 * <link rel="modulepreload"> once the browser reports its first contentful
 * paint. Fetched and run earlier, as a plain module script is, the code's
 * 100 kB and its hydration came before the paint (on a fast link, or from the
 * cache on a later visit): Lighthouse's mobile LCP was 1.76 s against 0.98 s
 * for the same page without scripts (docs/PERFORMANCE.md). A page without the
 * loader's <meta> (the back office's index.html) loads its code as before.
 */
export function modulesAfterFirstPaint(head: string): string {
  return head
    .replace(
      /<script\s+type="module"[^>]*?\ssrc="([^"]+)"[^>]*><\/script>/g,
      '<meta name="vitrine-entry" content="$1" />',
    )
    .replace(
      /<link\s+rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g,
      '<meta name="vitrine-preload" content="$1" />',
    )
}

/** A page's head tags with a module preload of each of `hrefs` after them. */
export function withModulePreloads(head: string, hrefs: string[]): string {
  return [
    head,
    ...hrefs.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`),
  ].join('\n    ')
}

export function robotsTxt(siteUrl: string): string {
  const disallowed = appOnlyPrefixes.map((prefix) => `Disallow: ${prefix}\n`).join('')
  return `User-agent: *\n${disallowed}\nSitemap: ${new URL(publicFiles.sitemap, siteUrl)}\n`
}

/** What the sitemap needs of a public post. */
export type SitemapPost = Pick<PostCard, 'slug' | 'updatedAt'>

/**
 * The pages the table of public routes lists in the sitemap: home and every
 * active project, the writing list and every public post (never a draft or a
 * post still to come: `posts` is a visitor's list), with when each last changed; a page that exists in every
 * language once per language, each naming all of them and x-default as
 * alternates (docs/PRODUCT.md §23).
 */
export function sitemapXml(
  siteUrl: string,
  projects: Pick<Project, 'id' | 'name' | 'updatedAt'>[],
  site: Languages = ONLY_ENGLISH,
  posts: SitemapPost[] = [],
): string {
  const day = (iso: string) => iso.slice(0, 10)
  const newest = (items: { updatedAt: string }[]) =>
    items.reduce<string | null>(
      (max, p) => (max === null || p.updatedAt > max ? p.updatedAt : max),
      null,
    )
  const latest = newest(projects)
  const absolute = (path: string) => escapeXml(new URL(path, siteUrl).toString())
  const several = site.languages.length > 1
  const alternate = (hreflang: string, path: string, lang: string) =>
    `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${absolute(pathInLanguage(path, lang, site))}"/>`
  /** The page at `path` (without prefix), in each language it exists in. */
  const entries = (path: string, lastmod: string | null, inLanguages: boolean) => {
    const modified = lastmod ? `<lastmod>${day(lastmod)}</lastmod>` : ''
    if (!inLanguages || !several) return [`  <url><loc>${absolute(path)}</loc>${modified}</url>`]
    const alternates = [
      ...site.languages.map((lang) => alternate(lang, path, lang)),
      alternate('x-default', path, site.default),
    ].join('')
    return site.languages.map(
      (lang) =>
        `  <url><loc>${absolute(pathInLanguage(path, lang, site))}</loc>${modified}${alternates}</url>`,
    )
  }
  const urls = publicPageEntries.flatMap(([, page]) =>
    page.sitemap === 'latest-project'
      ? entries(page.pattern, latest, !!page.languages)
      : page.sitemap === 'each-project'
        ? projects.flatMap((p) => entries(projectPath(p.id, p.name), p.updatedAt, !!page.languages))
        : page.sitemap === 'latest-post'
          ? posts.length
            ? entries(page.pattern, newest(posts), !!page.languages)
            : []
          : page.sitemap === 'each-post'
            ? posts.flatMap((p) => entries(postPath(p.slug), p.updatedAt, !!page.languages))
            : [],
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    several
      ? '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'
      : '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/** The request headers a page answer reads; `cookie` only by a share link's page (its pass). */
export interface PageRequestHeaders {
  acceptEncoding?: string
  ifNoneMatch?: string
  cookie?: string
}

/** The share link's pass in a Cookie header (the first, the one for the most specific path), or null. */
export function sharePassOf(cookie: string | undefined): string | null {
  for (const part of (cookie ?? '').split(';')) {
    const [name, ...value] = part.split('=')
    if (name?.trim() === PASS_COOKIE) return value.join('=').trim() || null
  }
  return null
}

/** What every answer of a share link's page says: never kept, never indexed, its address never sent on. */
export const PRIVATE_PAGE_HEADERS = {
  'Cache-Control': PRIVATE_CACHE_CONTROL,
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
}

export interface PageRenderer {
  /** The answer for a GET of `url` (path and query), or null when the browser app alone answers it (the back office). */
  serve(
    url: string,
    headers: PageRequestHeaders,
    /** The caller's rate-limit key (client-key.ts), for renderings nothing kept. */
    client?: string,
  ): Promise<Response | null>
  /**
   * The kept page `serve` would answer, for a server's direct lane
   * (server/http.ts); null when serve must run: nothing kept for it yet, a
   * newer content version, a share link's or a preview's page, a compressed
   * form not made yet.
   */
  kept(url: string, headers: PageRequestHeaders): Promise<KeptAnswer | null> | null
}

export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const { render, api, versions, siteUrl, compress } = options
  const kept = new LruMap<Kept>(options.limits ?? KEPT_LIMITS)
  // Renderings under way, by key and version: visitors asking at once for a page not kept yet share one.
  const rendering = new Map<string, Promise<Kept>>()
  let keptVersion: string | null = null
  // The site's languages decide which prefixes are pages: read once per content version.
  let languages: { version: string; site: Promise<Languages> } | null = null
  // The last known, for the stale pages served while the database is out of reach.
  let lastSite: Languages = ONLY_ENGLISH
  const siteAt = (version: string): Promise<Languages> => {
    if (languages?.version !== version) {
      const site = Promise.resolve(apiRequest('/languages')).then(async (response) => {
        if (!response.ok) throw new Error(`GET /languages answered ${response.status}`)
        return (lastSite = (await response.json()) as Languages)
      })
      // A failed read is asked again by the next request.
      site.catch(() => {
        if (languages?.site === site) languages = null
      })
      languages = { version, site }
    }
    return languages.site
  }
  const apiRequest = (path: string, init?: RequestInit) =>
    api.fetch(new Request(`http://vitrine.internal${options.apiPath}${path}`, init))
  render.setServerFetch(async (input, init) => {
    // The browser build's API base (a path, or an absolute URL on another host) mapped onto this process's API.
    const path = input.startsWith(options.clientApiBase)
      ? input.slice(options.clientApiBase.length)
      : input
    return apiRequest(path, {
      ...init,
      headers: { ...(init.headers as object), 'x-forwarded-for': '127.0.0.1' },
    })
  })

  /** The generated preview image of `key`: 404 for an unknown path or language, or a project or post visitors cannot see. */
  const siteImage = async (
    key: string,
    version: string,
  ): Promise<{ status: number; type: string; body: Uint8Array }> => {
    const target = parseSiteImagePath(key)
    const plain = (status: number, text: string) => ({
      status,
      type: 'text/plain; charset=utf-8',
      body: new TextEncoder().encode(text),
    })
    if (!target) return plain(404, 'Not found')
    let content: SiteImageContent | 'not found'
    try {
      content = await readSiteImageContent(
        apiRequest,
        render,
        target,
        await siteAt(version),
        siteUrl,
      )
    } catch {
      // A failed read is answered 503 and, like a page's, not kept.
      return plain(503, 'Service unavailable')
    }
    if (content === 'not found') return plain(404, 'Not found')
    if (options.drawImage) return { status: 200, type: PNG, body: await options.drawImage(content) }
    // Loaded on the first image asked for: satori and resvg take about 0.2 s to load, which a start need not wait for.
    const { renderSiteImage } = await import('./og-image.ts')
    return { status: 200, type: PNG, body: await renderSiteImage(content) }
  }

  /**
   * What the Markdown files are written from, read once per content version
   * and language: a crawler asking for every project's .md after a write
   * costs one read of the portfolio, not one per file. A failed read is
   * asked again by the next file.
   */
  let portfolioTexts: { version: string; byLang: Map<string, Promise<PortfolioTexts>> } | null =
    null
  const textsAt = (version: string, lang: string): Promise<PortfolioTexts> => {
    if (portfolioTexts?.version !== version) portfolioTexts = { version, byLang: new Map() }
    const { byLang } = portfolioTexts
    let texts = byLang.get(lang)
    if (!texts) {
      texts = readPortfolioTexts(readsOver(apiRequest), siteUrl, lang)
      texts.catch(() => byLang.delete(lang))
      byLang.set(lang, texts)
    }
    return texts
  }
  /** llms.txt, llms-full.txt or a page's Markdown (docs/PRODUCT.md §25), or null where there is none. */
  const markdownFile = async (key: string, version: string, site: Languages) => {
    const { lang, path } = languageOfPath(key, site)
    return markdownOf(path, await textsAt(version, lang))
  }

  const make = async (key: string, version: string): Promise<Kept> => {
    let status = 200
    let type = HTML
    let text: string
    if (key.startsWith('/og/')) {
      const image = await siteImage(key, version)
      return { key, version, ...image, encoded: {} }
    } else if (isMarkdownFile(key)) {
      const file = await markdownFile(key, version, await siteAt(version))
      if (!file) return { key, version, status: 404, type: TEXT, body: NOT_FOUND_TEXT, encoded: {} }
      type = file.type
      text = file.text
    } else if (isFeedFile(key.split('?')[0]!)) {
      const feed = await feedFile(key, siteUrl, readsOver(apiRequest))
      status = feed.status
      type = feed.type
      text = feed.text
    } else if (key === publicFiles.robots) {
      type = 'text/plain; charset=utf-8'
      text = robotsTxt(siteUrl)
    } else if (key === publicFiles.sitemap) {
      type = 'application/xml; charset=utf-8'
      const [response, postsResponse] = await Promise.all([
        apiRequest('/projects'),
        apiRequest('/posts'),
      ])
      if (!response.ok) throw new Error(`GET /projects answered ${response.status}`)
      if (!postsResponse.ok) throw new Error(`GET /posts answered ${postsResponse.status}`)
      const projects = (await response.json()) as Project[]
      const posts = (await postsResponse.json()) as PostCard[]
      text = sitemapXml(siteUrl, projects, await siteAt(version), posts)
    } else {
      const page = await render.renderPage(key, siteUrl)
      status = page.status
      const preload =
        (page.kind === 'project'
          ? options.projectModules
          : page.kind === 'post'
            ? options.postModules
            : page.kind === 'writing'
              ? options.writingModules
              : page.kind === 'cv'
                ? options.cvModules
                : undefined) ?? []
      text = assemble(options.template, {
        ...page,
        head: withModulePreloads(page.head, [
          ...preload,
          ...(options.catalogueModules?.(page.lang) ?? []),
        ]),
      })
    }
    const body = new TextEncoder().encode(text)
    return { key, version, status, type, body, encoded: {} }
  }

  /** The page rendered for `key`, through the queue, shared with whoever asks for it meanwhile. */
  const renderOnce = (key: string, version: string, client: string | undefined): Promise<Kept> => {
    const id = `${version} ${key}`
    const running = rendering.get(id)
    if (running) return running
    // Only new work counts against the caller's limit; joining a rendering costs nothing.
    if (client !== undefined) options.limit?.take(client)
    const work = options.work
    const made = (work ? work.run(() => make(key, version)) : make(key, version)).finally(() =>
      rendering.delete(id),
    )
    rendering.set(id, made)
    return made
  }

  // One page per path and declared query: any other query string (?utm_source=...)
  // shows the same page; and one not-found page for every path no page takes
  // (a prefix that is not one of the site's languages included).
  const keyOf = (url: string, pathname: string, site: Languages) =>
    !isPublicFile(pathname) && pageOf(pathname, site) === 'notFound'
      ? notFoundKey(pathname, site)
      : pageKey(url, site)

  return {
    kept(url, headers) {
      const pathname = url.split(/[?#]/)[0] || '/'
      const known = languages
      if (keptVersion === null || !known || render.isAppOnly(pathname)) return null
      return Promise.all([versions.current(), known.site]).then(
        ([version, site]) => {
          if (version !== keptVersion || known.version !== version) return null
          if (render.isAppOnly(pathname, site) || pageOf(pathname, site) === 'shared') return null
          if (isPrivateRequest(url, site)) return null
          const page = kept.get(keyOf(url, pathname, site))
          return page ? keptAnswer(page, headers) : null
        },
        () => null,
      )
    },
    async serve(url, headers, client) {
      const pathname = url.split(/[?#]/)[0] || '/'
      // The back office and the CV, before anything is read.
      if (render.isAppOnly(pathname)) return null
      let version: string
      let site: Languages
      try {
        version = await versions.current()
        site = await siteAt(version)
      } catch (error) {
        // The database is out of reach: the last page kept beats an error page (docs/RELIABILITY.md).
        const stale = kept.peek(keyOf(url, pathname, lastSite))
        if (stale) return respond(stale, headers)
        throw error
      }
      // A page in another language that the browser app alone answers (/fr/cv).
      if (render.isAppOnly(pathname, site)) return null
      if (pageOf(pathname, site) === 'shared') return privatePage(url, headers, client)
      // A preview link's page is the caller's alone: rendered for this request, never kept.
      if (isPrivateRequest(url, site)) {
        const own = await renderOnce(url.split('#')[0]!, version, client)
        return respond({ ...own, private: true }, headers)
      }
      const key = keyOf(url, pathname, site)
      if (keptVersion !== version) {
        kept.clear()
        keptVersion = version
      }
      let page = kept.get(key)
      if (!page) {
        page = await renderOnce(key, version, client)
        // Only what every visitor should see is kept: not a failed read (rendered
        // again next time), and of the pages for paths that do not exist only the
        // one shared by every unknown path (a missing project's is rendered each
        // time, within the caller's limit), so they never push out the pages
        // people ask for.
        const keep =
          page.status === 200 || (page.status === 404 && key === notFoundKey(pathname, site))
        if (keep && options.keep !== false && keptVersion === version)
          kept.set(key, page, page.body.byteLength + key.length)
      }
      return respond(page, headers)
    },
  }

  /**
   * A share link's page (docs/PRODUCT.md §24): rendered for this request with
   * the pass its cookie holds, within the caller's limit and the work queue,
   * and never kept, here or by anyone else.
   */
  async function privatePage(url: string, headers: PageRequestHeaders, client?: string) {
    if (client !== undefined) options.limit?.take(client)
    const run = () => render.renderPage(url, siteUrl, { sharePass: sharePassOf(headers.cookie) })
    const page = await (options.work ? options.work.run(run) : run())
    const body = new TextEncoder().encode(assemble(options.template, page))
    const encoding = compress ? preferredEncoding(headers.acceptEncoding) : null
    const encoded = encoding ? await compress!(body, encoding).catch(() => null) : null
    const smaller = encoded && encoded.byteLength < body.byteLength ? encoded : null
    return new Response((smaller ?? body) as BodyInit, {
      status: page.status,
      headers: {
        'Content-Type': HTML,
        Vary: 'Accept-Encoding, Cookie',
        ...PRIVATE_PAGE_HEADERS,
        ...(smaller && encoding ? { 'Content-Encoding': encoding } : {}),
      },
    })
  }

  /** A kept page's headers for `encoding` (none: null), made once per page and encoding. */
  function pageHeaders(page: Kept, encoding: Encoding | null): [string, string][] {
    const made = page.private ? undefined : page.answers?.[encoding ?? '']
    if (made) return made
    // Browsers check every time (a 304 when nothing changed), so an edit shows on
    // the next load; a CDN may keep a page 60 s (PRODUCT.md §22). A PNG is never
    // compressed, so it varies on nothing.
    const list: [string, string][] = [
      ['Content-Type', page.type],
      ...((page.private
        ? [
            ['Cache-Control', PRIVATE_CACHE_CONTROL],
            ['X-Robots-Tag', 'noindex'],
          ]
        : page.status === 200
          ? [
              ['Cache-Control', PUBLIC_CACHE_CONTROL],
              ['CDN-Cache-Control', CDN_CACHE_CONTROL],
            ]
          : [['Cache-Control', 'no-store']]) as [string, string][]),
      ...(page.type === PNG ? [] : [['Vary', 'Accept-Encoding'] as [string, string]]),
    ]
    if (isTagged(page)) list.push(['ETag', pageTag(page, encoding)])
    if (encoding) list.push(['Content-Encoding', encoding])
    if (!page.private) (page.answers ??= {})[encoding ?? ''] = list
    return list
  }

  function isTagged(page: Kept): boolean {
    return page.status === 200 && !page.private
  }
  function pageTag(page: Kept, encoding: Encoding | null): string {
    return entityTag('page', page.version, hash(page.key), encoding)
  }
  /** The 304's headers: the answer's, without its Content-Encoding. */
  function notModified(list: [string, string][]): [string, string][] {
    return list.filter(([name]) => name !== 'Content-Encoding')
  }

  /** The answer from memory alone, or null when its compressed form is not made yet. */
  function keptAnswer(page: Kept, headers: PageRequestHeaders): KeptAnswer | null {
    const wanted = compress && page.type !== PNG ? preferredEncoding(headers.acceptEncoding) : null
    const made = wanted ? page.made?.[wanted] : null
    if (wanted && !made) return null
    const encoding = made ? wanted : null
    const list = pageHeaders(page, encoding)
    if (
      isTagged(page) &&
      headers.ifNoneMatch &&
      tagListed(headers.ifNoneMatch, pageTag(page, encoding))
    )
      return { status: 304, headers: notModified(list), body: null }
    return { status: page.status, headers: list, body: made ?? page.body }
  }

  async function respond(page: Kept, headers: PageRequestHeaders) {
    // A PNG is compressed already.
    const encoding =
      compress && page.type !== PNG ? preferredEncoding(headers.acceptEncoding) : null
    const encoded = encoding ? await encodedBody(page, encoding) : null
    const list = pageHeaders(page, encoded ? encoding : null)
    if (isTagged(page) && tagListed(headers.ifNoneMatch, pageTag(page, encoded ? encoding : null)))
      return new Response(null, { status: 304, headers: notModified(list) })
    return new Response((encoded ?? page.body) as BodyInit, { status: page.status, headers: list })
  }

  function encodedBody(page: Kept, encoding: Encoding): Promise<Uint8Array | null> {
    if (!compress) return Promise.resolve(null)
    page.encoded[encoding] ??= compress(page.body, encoding).then(
      (bytes) => {
        if (bytes.byteLength >= page.body.byteLength) return ((page.made ??= {})[encoding] = null)
        if (kept.peek(page.key) === page) kept.grow(page.key, bytes.byteLength)
        return ((page.made ??= {})[encoding] = bytes)
      },
      () => null,
    )
    return page.encoded[encoding]!
  }
}

/** A short, stable tag of a path, so each page's ETag differs from its neighbours'. */
function hash(text: string): string {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return (h >>> 0).toString(36)
}
