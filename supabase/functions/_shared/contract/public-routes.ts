// The site's public routes, in one table (docs/decisions/044): each page a
// visitor can open, how it is answered (rendered on the server and kept per
// content version, or left to the browser app), what the static build writes
// for it, its part in the head and the sitemap, and the public API reads it
// makes. The page renderer (src/entry-server.tsx, server/page-renderer.ts,
// server/ssr.ts), the static build (build/prerender.ts), the head
// (src/ssr/head.ts) and the kept public answers (http-cache.ts) all read it,
// so a new page is declared here once. It lives beside the edge function's
// code because http-cache.ts runs there; nothing here imports React or Node.
//
// A page marked `languages` also exists in each of the site's languages other
// than the default, under its tag (`/fr/`, `/fr/projects/1-x`, `/fr/cv`;
// docs/PRODUCT.md §23, docs/decisions/048): which prefixes are languages
// depends on the site (GET /languages), so the functions that read a path
// take the site's languages; without them only the default language's paths
// are pages.
import { languageOfPath, ONLY_ENGLISH } from './page-languages.ts'
import type { Languages } from './responses.ts'

/** A readable slug of a project's name ('Harbor Maps 2' -> 'harbor-maps-2'), at most 60 characters. */
export const slugify = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '')

/** One project's page (docs/PRODUCT.md §15): its id, then a slug that is only for people. */
export const projectPath = (id: number | string, name?: string) => {
  const slug = name ? slugify(name) : ''
  return `/projects/${id}${slug ? `-${slug}` : ''}`
}

/** Where share links' pages live: `/s/<token>`, its projects and its CV (docs/PRODUCT.md §24). */
export const SHARED_PREFIX = '/s'

/** The paths of a share link's page; `token` as the link's URL carries it. */
export const sharedPaths = {
  page: (token: string) => `${SHARED_PREFIX}/${token}`,
  project: (token: string, id: number | string, name?: string) =>
    `${SHARED_PREFIX}/${token}${projectPath(id, name)}`,
  cv: (token: string) => `${SHARED_PREFIX}/${token}/cv`,
}

/** One post's page (docs/PRODUCT.md §26): its slug is its address. */
export const postPath = (slug: string) => `/writing/${slug}`

export interface PublicPage {
  /** The path as the router declares it (src/app/router.tsx); `*` is any path no other route takes. */
  pattern: string
  /**
   * `server`: rendered on the server and kept per content version; `app`: the
   * browser app alone answers it; `private`: rendered on the server for each
   * request and never kept (a share link's page, whose answer depends on its pass).
   */
  render: 'server' | 'app' | 'private'
  /** The status a rendered page answers when its reads succeed (200 unless said). */
  status?: 404
  /**
   * What the static build writes: one file, one per active project, one per
   * public post, the browser app (app.html), or a shell of the app that says
   * noindex (`shell`, s.html).
   */
  prerender?: 'page' | 'each-project' | 'each-post' | 'app' | 'shell'
  /** Query parameters the page reads (none unless said); any other query shows the same page, kept once. */
  query?: readonly string[]
  /** Query parameters that make the page the caller's alone (a preview token): rendered each time, never kept, not indexed. */
  privateQuery?: readonly string[]
  /** What the head tells search engines: index the canonical address, or do not index. */
  head?: 'canonical' | 'noindex'
  /** In sitemap.xml: once, with the latest project's change, or once per active project. */
  sitemap?: 'latest-project' | 'each-project' | 'latest-post' | 'each-post'
  /** The public API resources the page reads (first path segment under the API): their answers are kept (http-cache.ts). */
  reads?: readonly string[]
  /** Also at `/<lang>` + pattern for each of the site's other languages (rendered, written, listed and linked in each). */
  languages?: true
}

export const publicPages = {
  home: {
    pattern: '/',
    render: 'server',
    prerender: 'page',
    head: 'canonical',
    sitemap: 'latest-project',
    reads: [
      'projects',
      'posts',
      'technologies',
      'certifications',
      'configs',
      'experiences',
      'education',
      'languages',
      'appearance',
      'contributions',
    ],
    languages: true,
  },
  project: {
    pattern: projectPath(':slug'),
    render: 'server',
    prerender: 'each-project',
    head: 'canonical',
    sitemap: 'each-project',
    reads: ['projects', 'configs', 'languages', 'appearance'],
    languages: true,
  },
  /** The posts, newest first, `?technology=<id>` those naming it (docs/PRODUCT.md §26). */
  writing: {
    pattern: '/writing',
    render: 'server',
    prerender: 'page',
    head: 'canonical',
    sitemap: 'latest-post',
    query: ['technology'],
    reads: ['posts', 'configs', 'languages', 'appearance'],
    languages: true,
  },
  /** One post; a draft only with its preview link's token, or to its signed-in owner in the browser. */
  post: {
    pattern: postPath(':slug'),
    render: 'server',
    prerender: 'each-post',
    head: 'canonical',
    sitemap: 'each-post',
    privateQuery: ['preview'],
    reads: ['posts', 'configs', 'languages', 'appearance'],
    languages: true,
  },
  /** The CV to read and print (docs/PRODUCT.md §21), with its PDF to download. */
  cv: {
    pattern: '/cv',
    render: 'server',
    prerender: 'page',
    head: 'canonical',
    reads: ['resume.json', 'cv.pdf', 'configs', 'languages', 'appearance'],
    languages: true,
  },
  /** The back office: signed-in reads only, never kept, kept out of robots.txt. */
  admin: { pattern: '/admin/*', render: 'app', prerender: 'app' },
  /**
   * A share link's page for its recipient (docs/PRODUCT.md §24): rendered for
   * each request from the link's read, private, never kept, never listed.
   */
  shared: { pattern: `${SHARED_PREFIX}/*`, render: 'private', prerender: 'shell' },
  notFound: { pattern: '*', render: 'server', status: 404, prerender: 'page', head: 'noindex' },
} as const satisfies Record<string, PublicPage>

export type PublicPageName = keyof typeof publicPages

/**
 * The files answered beside the pages: robots.txt, sitemap.xml, the generated
 * preview images, and for assistants (docs/PRODUCT.md §25) llms.txt,
 * llms-full.txt and the Markdown version of each page, the last three under a
 * language's prefix too.
 */
export const publicFiles = {
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  /** The 1200×630 link-preview images (server/og-image.ts, src/ssr/site-image.ts). */
  siteImage: /^\/og\/[^?#]*\.png$/,
  llms: '/llms.txt',
  llmsFull: '/llms-full.txt',
  /** A page's Markdown version: `/index.md` for `/`, else the page's path and `.md`. */
  markdown: /\.md$/,
  /** The feeds of the published posts (docs/PRODUCT.md §26), `?technology=<id>` for one technology's. */
  atom: '/feed.xml',
  rss: '/rss.xml',
}

/** The query parameters a feed reads; any other is left out of its key. */
export const FEED_QUERY = ['technology'] as const

/** The Markdown version of a page's path (without a language prefix): `/index.md` for `/`. */
export const markdownPathOf = (path: string) => (path === '/' ? '/index.md' : `${path}.md`)

/** llms.txt and llms-full.txt, at the root or under one language prefix. */
const LLMS_FILE = /^(?:\/[A-Za-z0-9-]{2,12})?\/llms(?:-full)?\.txt$/

/** Whether `pathname` is one of the files answered beside the pages (not a page of its own). */
export const isPublicFile = (pathname: string) =>
  pathname === publicFiles.robots ||
  pathname === publicFiles.sitemap ||
  publicFiles.siteImage.test(pathname) ||
  LLMS_FILE.test(pathname) ||
  publicFiles.markdown.test(pathname) ||
  pathname === publicFiles.atom ||
  pathname === publicFiles.rss

/** Whether `pathname` is one of the Markdown files for assistants (llms.txt, llms-full.txt, a page's .md). */
export const isMarkdownFile = (pathname: string) =>
  LLMS_FILE.test(pathname) || publicFiles.markdown.test(pathname)

/** Every page's name and entry, in the table's order (the router's: the first match wins). */
export const publicPageEntries = Object.entries(publicPages) as [PublicPageName, PublicPage][]
const entries = publicPageEntries
const pageEntry = (name: PublicPageName): PublicPage => publicPages[name]

/** A pattern as a test on a path: `:name` is one segment, a final `/*` any rest (or none), `*` anything. */
const patternTest = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\/\*$/, '(/.*)?')
      .replace(/^\*$/, '.*')
      .replace(/:\w+/g, '[^/]+')}$`,
  )
const tests = entries.map(([name, page]) => [name, patternTest(page.pattern)] as const)

/** The router's pattern of a page in another language than the default: `/:lang` before its own. */
export const LANGUAGE_PARAM = 'lang'
export const inLanguagePattern = (pattern: string) =>
  `/:${LANGUAGE_PARAM}${pattern === '/' ? '' : pattern}`

/** The pages that exist in every language of the site. */
export const pagesInLanguages = entries.filter(([, page]) => page.languages)

/**
 * The page `pathname` opens on a site in `site`'s languages: the first in the
 * table whose pattern takes it (`*` takes any). A path under one of the
 * site's other languages is that language's page, if the page exists in
 * languages; `/de/` on a site without German is no page (not found).
 */
export function pageOf(pathname: string, site: Languages = ONLY_ENGLISH): PublicPageName {
  const { lang, path } = languageOfPath(pathname, site)
  const name = tests.find(([, test]) => test.test(path))?.[0] ?? 'notFound'
  return lang === site.default || pageEntry(name).languages ? name : 'notFound'
}

/** The page whose router pattern is `pattern` (src/app/router.tsx), in the default language or another, or null. */
export const pageOfPattern = (pattern: string | undefined): PublicPageName | null =>
  entries.find(
    ([, page]) =>
      page.pattern === pattern || (page.languages && inLanguagePattern(page.pattern) === pattern),
  )?.[0] ?? null

/** Whether the browser app alone answers `pathname` (the back office, the CV page): no server rendering. */
export const isAppOnly = (pathname: string, site: Languages = ONLY_ENGLISH) =>
  publicPages[pageOf(pathname, site)].render === 'app'

/**
 * `path` with the query parameters in `declared` from `search`, in that order,
 * the first value of each; anything else in the query is left out, so `?x=1`,
 * `?x=2`, ... are one kept answer (docs/PRODUCT.md §22).
 */
export function withDeclaredQuery(path: string, search: string, declared: readonly string[]) {
  if (!declared.length || !search) return path
  const params = new URLSearchParams(search)
  const kept = declared.flatMap((name) => {
    const value = params.get(name)
    return value === null ? [] : [`${name}=${encodeURIComponent(value)}`]
  })
  return kept.length ? `${path}?${kept.join('&')}` : path
}

/** The key a page is kept under: its path (its language's prefix included) and the query parameters its entry declares. */
export function pageKey(url: string, site: Languages = ONLY_ENGLISH): string {
  const [pathname = '', search = ''] = url.split('#')[0]!.split('?')
  const path = pathname || '/'
  if (path === publicFiles.atom || path === publicFiles.rss)
    return withDeclaredQuery(path, search, FEED_QUERY)
  return withDeclaredQuery(path, search, pageEntry(pageOf(path, site)).query ?? [])
}

/** The API resources some public page reads: the answers kept for visitors (http-cache.ts). */
export const publicReadResources = [...new Set(entries.flatMap(([, page]) => page.reads ?? []))]

/** Whether `url` asks for its page with a parameter that makes the answer the caller's alone (never kept). */
export function isPrivateRequest(url: string, site: Languages = ONLY_ENGLISH): boolean {
  const [pathname = '', search = ''] = url.split('#')[0]!.split('?')
  const names = pageEntry(pageOf(pathname || '/', site)).privateQuery ?? []
  if (!names.length || !search) return false
  const params = new URLSearchParams(search)
  return names.some((name) => params.has(name))
}

/** The prefixes of the app-only sections a static host sends to app.html and robots.txt disallows. */
export const appOnlyPrefixes = entries.flatMap(([, page]) =>
  page.prerender === 'app' ? [page.pattern.replace(/\/\*$/, '')] : [],
)

/** The prefixes a static host answers with the app's noindex shell (SHELL_FILE): the share links' pages. */
export const shellPrefixes = entries.flatMap(([, page]) =>
  page.prerender === 'shell' ? [page.pattern.replace(/\/\*$/, '')] : [],
)

/** The file the static build writes for the pages a static host cannot render (decision 052). */
export const SHELL_FILE = 'shared.html'
