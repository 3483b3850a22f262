// The page renderer loaded from the sources through Vite, as `npm run dev`
// would: src/entry-server.tsx by ssrLoadModule, and index.html as Vite
// transforms it. For tests of server-rendered pages without a build.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'
import type { Driver } from '../../supabase/functions/_shared/db/db.ts'
import { versionSource } from '../../supabase/functions/_shared/http/http-cache.ts'
import {
  createPageRenderer,
  type PageRenderer,
  type PageRequestHeaders,
  type RenderModule,
} from '../../server/ssr.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

export async function loadSourceRenderer(): Promise<{
  render: RenderModule
  template: string
  close(): Promise<void>
}> {
  const vite = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  })
  const render = (await vite.ssrLoadModule('/src/entry-server.tsx')) as RenderModule
  const template = await vite.transformIndexHtml(
    '/',
    await readFile(path.join(root, 'index.html'), 'utf8'),
  )
  return { render, template, close: () => vite.close() }
}

/**
 * A page renderer over an app in this process (the contract suite's, whose
 * API answers under /api), from the sources: what `npm start` serves, for the
 * HTML tests of tests/api.
 */
export async function sourcePageRenderer(
  app: { fetch(request: Request): Response | Promise<Response> },
  driver: Driver,
  siteUrl: string,
  options: { catalogueModules?: (lang: string) => string[] } = {},
): Promise<{ pages: PageRenderer; close(): Promise<void> }> {
  const source = await loadSourceRenderer()
  const pages = createPageRenderer({
    template: source.template,
    render: source.render,
    api: app,
    apiPath: '/api',
    clientApiBase: '/functions/v1/api',
    versions: versionSource(driver),
    siteUrl,
    ...options,
  })
  return { pages, close: source.close }
}

/** A server-rendered page of `url`, read whole; a path the browser app alone answers fails the test. */
export async function servePage(
  pages: PageRenderer,
  url: string,
  headers: PageRequestHeaders = {},
) {
  const response = await pages.serve(url, headers)
  if (!response) throw new Error(`no page for ${url}`)
  return { status: response.status, headers: response.headers, html: await response.text() }
}

/** The page's JSON-LD (its first, and on every page only, such script). */
export const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!)
