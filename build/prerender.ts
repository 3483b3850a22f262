// The static site for hosts that serve files only, the Supabase deployment
// among them (Supabase sends a function's HTML as text/plain, so the edge
// function cannot serve pages): the same renderer as `npm start`
// (docs/decisions/023), run once at build time against the deployed API, its
// pages written into the build folder:
//   index.html                      the home page
//   projects/<id>-<slug>/index.html each active project
//   writing/index.html, writing/<slug>/index.html
//                                   the posts' list and each public post (a draft
//                                   has none: 404.html's app renders it, for its
//                                   preview link, from the API)
//   <lang>/index.html, <lang>/projects/<id>-<slug>/index.html
//                                   the same in each of the site's other languages
//   404.html, <lang>/404.html       the not-found page, in each language (hosts answer it with 404)
//   app.html                        the browser app alone, for the back office
//   shared.html                     the same, noindex, for a share link's page (/s/*)
//   sitemap.xml, robots.txt, _redirects
//   feed.xml, rss.xml               the feeds of the published posts (all of them: a host ignores queries)
// A visitor of a site not rebuilt since the last edit still sees fresh
// content: the answers in the page are as old as the build, so the app asks
// the API again once it has taken the page over.
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { siteImagePaths, type SiteImageTarget } from '../src/ssr/site-image.ts'
import { isWebUrl } from '../supabase/functions/_shared/contract/links.ts'
import {
  appOnlyPrefixes,
  postPath,
  projectPath,
  markdownPathOf,
  publicFiles,
  publicPageEntries,
  SHELL_FILE,
  shellPrefixes,
} from '../supabase/functions/_shared/contract/public-routes.ts'
import type {
  Languages,
  PostCard,
  Project,
} from '../supabase/functions/_shared/contract/responses.ts'
import { pathInLanguage } from '../supabase/functions/_shared/contract/page-languages.ts'
import { serverBundleEntry } from '../server/server-bundle-path.ts'
import {
  markdownOf,
  markdownPaths,
  readPortfolioTexts,
  readsOver,
} from '../supabase/functions/_shared/assistants/llms.ts'
import { readSiteImageContent } from '../server/site-image-content.ts'
import {
  assemble,
  privateShell,
  robotsTxt,
  sitemapXml,
  withModulePreloads,
  type RenderModule,
} from '../server/ssr.ts'
import { catalogueModules, styleAssets } from '../server/build-manifest.ts'
import { feedFile } from '../server/feeds.ts'

export interface PrerenderOptions {
  distDir: string
  /** The deployed API the build's browser code calls (an absolute VITE_API_URL). */
  apiUrl: string
  /** Where visitors reach the site (SITE_URL). */
  siteUrl: string
}

export interface PrerenderResult {
  pages: string[]
}

/** Whether the head shows a project's own image (src/ssr/head.ts: a path on the site or an http(s) address). */
function hasScreenshot(project: Project): boolean {
  const url = project.imageDetails?.[0]?.url ?? project.thumbnail
  if (!url) return false
  return (url.startsWith('/') && !url.startsWith('//')) || isWebUrl(url)
}

/** Whether a post's cover is an image the head can name (src/ssr/head.ts absoluteUrl's rule). */
const absoluteCover = (url: string) =>
  (url.startsWith('/') && !url.startsWith('//')) || isWebUrl(url)

/** A path for the host to serve that never matches a page, to render the not-found page. */
const NOT_FOUND_PROBE = '/__not-found__'

/** The not-found page's file in language `lang`: `404.html` for the default, else `<lang>/404.html`. */
const notFoundFile = (lang: string, site: Languages) =>
  pathInLanguage('/404.html', lang, site).slice(1)

export async function prerender(options: PrerenderOptions): Promise<PrerenderResult> {
  const { distDir, siteUrl } = options
  const apiUrl = options.apiUrl.replace(/\/+$/, '')
  const render = (await import(pathToFileURL(serverBundleEntry(distDir)).href)) as RenderModule
  // The renderer's reads go to the deployed API itself.
  render.setServerFetch((input, init) => fetch(input, init))
  render.setStyleAssets(await styleAssets(distDir))

  const shell = path.join(distDir, 'index.html')
  const template = await readFile(shell, 'utf8')
  // The back office and any path the host does not know get the app itself.
  await copyFile(shell, path.join(distDir, 'app.html'))
  // A share link's page, which no build can render ahead: the app, never indexed (docs/PRODUCT.md §24).
  // It is drawn in the site's appearance all the same (docs/PRODUCT.md §27).
  await writeFile(
    path.join(distDir, SHELL_FILE),
    privateShell(template, await render.renderAppearance()),
  )

  const response = await fetch(`${apiUrl}/projects`, { headers: { Accept: 'application/json' } })
  if (!response.ok) throw new Error(`GET ${apiUrl}/projects answered ${response.status}`)
  const projects = (await response.json()) as Project[]
  // A visitor's list: published posts only, so no draft gets a file.
  const postsResponse = await fetch(`${apiUrl}/posts`, { headers: { Accept: 'application/json' } })
  if (!postsResponse.ok) throw new Error(`GET ${apiUrl}/posts answered ${postsResponse.status}`)
  const posts = (await postsResponse.json()) as PostCard[]
  const languages = await fetch(`${apiUrl}/languages`, { headers: { Accept: 'application/json' } })
  if (!languages.ok) throw new Error(`GET ${apiUrl}/languages answered ${languages.status}`)
  const site = (await languages.json()) as Languages

  // A page in a language whose catalogue is a chunk of its own preloads it, as `npm start`'s do.
  const catalogues = await catalogueModules(distDir)
  const written: string[] = []
  const write = async (file: string, text: string) => {
    const target = path.join(distDir, file)
    await mkdir(path.dirname(target), { recursive: true })
    await writeFile(target, text)
    written.push(file)
  }
  const page = async (url: string, file: string, expected: number) => {
    const rendered = await render.renderPage(url, siteUrl)
    if (rendered.status !== expected)
      throw new Error(`${url} rendered with status ${rendered.status}, expected ${expected}`)
    // 404.html answers every unknown path, so it carries no answers to hydrate from: the app
    // renders afresh there for whatever path it is (a project published after this build
    // then shows, read from the API).
    const head = withModulePreloads(rendered.head, catalogues(rendered.lang))
    await write(
      file,
      assemble(template, { ...rendered, head, ...(expected === 404 ? { state: '' } : {}) }),
    )
  }

  // Each server-rendered page of the table of public routes, as the file a host
  // serves for it, in every language it exists in (docs/PRODUCT.md §23).
  const inLanguages = async (pagePath: string, languages: boolean) => {
    for (const lang of languages ? site.languages : [site.default]) {
      const url = pathInLanguage(pagePath, lang, site)
      await page(url, path.join(url.slice(1), 'index.html'), 200)
    }
  }
  for (const [, entry] of publicPageEntries) {
    if (entry.render !== 'server') continue
    const languages = entry.languages === true
    if (entry.prerender === 'each-project')
      for (const project of projects)
        await inLanguages(projectPath(project.id, project.name), languages)
    else if (entry.prerender === 'each-post')
      for (const post of posts) await inLanguages(postPath(post.slug), languages)
    else if (entry.status === 404)
      // One per language, for the unknown paths under its prefix (_redirects below).
      for (const lang of site.languages) {
        const url = pathInLanguage(NOT_FOUND_PROBE, lang, site)
        await page(url, notFoundFile(lang, site), 404)
      }
    else if (entry.prerender === 'page') await inLanguages(entry.pattern, languages)
  }

  // The link-preview images the heads name where there is no screenshot
  // (decision 023, "The site image"): the home page's, and each such
  // project's, in every language of the site (docs/PRODUCT.md §23).
  const { renderSiteImage } = await import('../server/og-image.ts')
  const readApi = (apiPath: string) =>
    fetch(`${apiUrl}${apiPath}`, { headers: { Accept: 'application/json' } })
  const writeBytes = async (file: string, bytes: Uint8Array) => {
    const target = path.join(distDir, file)
    await mkdir(path.dirname(target), { recursive: true })
    await writeFile(target, bytes)
    written.push(file)
  }
  for (const tag of site.languages) {
    const lang = tag === site.default ? null : tag
    const targets: SiteImageTarget[] = [
      { kind: 'home', lang },
      ...projects
        .filter((project) => !hasScreenshot(project))
        .map((project) => ({ kind: 'project' as const, id: project.id, lang })),
      // Each public post without a cover has its own (src/ssr/writing-head.ts).
      ...posts
        .filter((post) => !post.coverImage || !absoluteCover(post.coverImage))
        .map((post) => ({ kind: 'post' as const, slug: post.slug, lang })),
    ]
    for (const target of targets) {
      const content = await readSiteImageContent(readApi, render, target, site, siteUrl)
      if (content === 'not found') continue
      const file =
        target.kind === 'home'
          ? siteImagePaths.home(lang)
          : target.kind === 'post'
            ? siteImagePaths.post(target.slug, lang)
            : siteImagePaths.project(target.id, lang)
      await writeBytes(file.slice(1), await renderSiteImage(content))
    }
  }
  await write(publicFiles.sitemap.slice(1), sitemapXml(siteUrl, projects, site, posts))
  await write(publicFiles.robots.slice(1), robotsTxt(siteUrl))
  // For assistants (docs/PRODUCT.md §25): llms.txt, llms-full.txt and each page's Markdown, in every language.
  const read = readsOver((apiPath) =>
    fetch(`${apiUrl}${apiPath}`, { headers: { Accept: 'application/json' } }),
  )
  for (const lang of site.languages) {
    const texts = await readPortfolioTexts(read, siteUrl, lang)
    const files = [
      publicFiles.llms,
      publicFiles.llmsFull,
      markdownPathOf('/'),
      markdownPathOf('/cv'),
      ...texts.projects.map(markdownPaths.project),
      ...texts.posts.map(markdownPaths.post),
    ]
    for (const file of files)
      await write(pathInLanguage(file, lang, site).slice(1), markdownOf(file, texts)!.text)
  }
  // The feeds of the published posts (docs/PRODUCT.md §26), in the default language.
  for (const file of [publicFiles.atom, publicFiles.rss])
    await write(file.slice(1), (await feedFile(file, siteUrl, read)).text)
  // Netlify and Cloudflare Pages read _redirects: the back office is the browser app,
  // and /mcp is the API's (a proxy rule: Netlify follows it; elsewhere assistants use the API's own /mcp).
  const redirects = [
    ...appOnlyPrefixes.flatMap((prefix) => [
      `${prefix} /app.html 200`,
      `${prefix}/* /app.html 200`,
    ]),
    ...shellPrefixes.map((prefix) => `${prefix}/* /${SHELL_FILE} 200`),
    `/mcp ${apiUrl}/mcp 200`,
    // An unknown path under a language's prefix gets that language's not-found
    // page, with status 404 (a file that exists there is served first). Netlify
    // reads these; Cloudflare Pages finds the nearest 404.html by itself.
    ...site.languages
      .filter((lang) => lang !== site.default)
      .map((lang) => `/${lang}/* /${notFoundFile(lang, site)} 404`),
  ]
  await write('_redirects', [...redirects, ''].join('\n'))
  render.setServerFetch(null)
  return { pages: written }
}
