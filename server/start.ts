// `npm start`: the built SPA (dist/, from `npm run build`) and the API on one
// port (PORT, default 3000), with the same database and uploads as `npm run dev`,
// on HOST (default loopback only). Settings come from the environment and .env.
// First: the settings file, before any module reads the environment.
import './start-env.ts'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Hono, type Context } from 'hono'
import { compress } from 'hono/compress'
import { readConfig } from './config.ts'
import { NO_PROXY, sharedAddressWarning } from './client-address.ts'
import { compressor } from './compression.ts'
import { API_PREFIX, createStack } from './create-stack.ts'
import {
  closeServer,
  createHttpServer,
  createNodeHandler,
  listen,
  originFor,
  type DirectAnswer,
  type DirectLane,
} from './http.ts'
import { keepServingThroughUnexpectedErrors, onShutdown, printBanner } from './lifecycle.ts'
import { apiOrigin, hstsFor, inlineScriptHashes, securityHeaders } from './security-headers.ts'
import { loadStaticSite } from './static-files.ts'
import { isPagePath, loadPageRenderer } from './page-renderer.ts'
import { createRenderThread, RenderFontsError } from './render-thread.ts'
import { fontsUnavailable } from '../supabase/functions/_shared/api/resources/resume/routes.ts'
import { apiBase } from './public-reads-preload.ts'
import {
  logErrorOutsideRequest,
  summarizeUnexpectedError,
} from '../supabase/functions/_shared/http/log.ts'
import { errorResponse, EXPENSIVE_PER_MINUTE } from '../supabase/functions/_shared/app.ts'
import { clientKey } from '../supabase/functions/_shared/http/client-key.ts'
import type { AppEnv } from '../supabase/functions/_shared/context.ts'
import { HttpError } from '../supabase/functions/_shared/http/errors.ts'
import type { KeptAnswer } from '../supabase/functions/_shared/http/http-cache.ts'
import {
  addressLimit,
  createWorkQueue,
  defaultWorkQueue,
} from '../supabase/functions/_shared/http/work-queue.ts'

// DIST_DIR: serve another build folder (the e2e run builds into its own, so a rebuild of dist/ meanwhile cannot break it).
const distDir = process.env.DIST_DIR?.trim()
  ? path.resolve(process.env.DIST_DIR.trim())
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist')
if (!existsSync(path.join(distDir, 'index.html'))) {
  console.error(`No build found in ${distDir}. Run \`npm run build\` first.`)
  process.exit(1)
}

const config = readConfig(process.env, { port: 3000 })
// One queue for the expensive work of this process: CVs, pages and preview
// images take turns, one per core, and a full queue answers 503 (docs/decisions/033).
const work = config.load
  ? createWorkQueue({ concurrency: config.load.workConcurrency, waiting: config.load.workWaiting })
  : defaultWorkQueue()
// CVs and preview images are drawn on a thread of their own: loading their
// code and fonts, and drawing, never hold up the requests of this one.
const renderThread = createRenderThread()
const cvRenderer = (resume: Record<string, unknown>, lang: string) =>
  renderThread.cv(resume, lang).catch((error: unknown) => {
    if (!(error instanceof RenderFontsError)) throw error
    // A broken deploy: the logs name the cause; a visitor is told to come back.
    logErrorOutsideRequest(error, 'CV fonts')
    throw fontsUnavailable()
  })
// The public reads keep their brotli and gzip forms per content version (docs/decisions/010).
const stack = await createStack(config, { compress: compressor('fast'), work, cvRenderer })
// Every file of the build in memory, compressed once, here (docs/decisions/010).
const files = await loadStaticSite(distDir)
const indexHtml = await readFile(path.join(distDir, 'index.html'), 'utf8')
// The public pages, rendered here and kept per content version (docs/decisions/023).
const pages = await loadPageRenderer({
  distDir,
  template: indexHtml,
  api: stack.api,
  driver: stack.db.driver,
  siteUrl: config.siteUrl ?? `http://localhost:${config.port}`,
  clientApiBase: apiBase(process.env.VITE_API_URL),
  compress: compressor('fast'),
  work,
  limit: addressLimit({ perMinute: EXPENSIVE_PER_MINUTE }),
  drawImage: (content) => renderThread.image(content),
})
stack.app.on(['GET', 'HEAD'], '*', async (c) => {
  const url = new URL(c.req.url)
  const pathname = url.pathname
  // Paths the stack owns never fall back to index.html.
  if (stack.owns(pathname)) return c.text('Not found', 404)
  const headers = {
    acceptEncoding: c.req.header('accept-encoding'),
    ifNoneMatch: c.req.header('if-none-match'),
    // A share link's page reads its pass from it (server/ssr.ts); no other page does.
    cookie: c.req.header('cookie'),
  }
  if (pages && isPagePath(pathname)) {
    try {
      const context = c as unknown as Context<AppEnv>
      context.set('deps', stack.deps)
      const page = await pages.serve(pathname + url.search, headers, clientKey(context))
      if (page) return page
    } catch (error) {
      // A full queue or a visitor past the limit: their answer, with its Retry-After.
      if (error instanceof HttpError) return errorResponse(error, c)
      // No page and no kept copy (the database is out of reach): the browser app with its own error states.
      console.error('Page rendering failed', JSON.stringify(summarizeUnexpectedError(error, c.req)))
      const shell = files.serve('/', headers)
      if (shell)
        return new Response(shell.body, {
          status: 503,
          headers: {
            ...Object.fromEntries(shell.headers),
            'Retry-After': '1',
            'Cache-Control': 'no-store',
          },
        })
    }
  }
  const answer = files.serve(pathname, headers)
  return answer ?? c.text('Not found', 404)
})

const site = new Hono()
// CSP, framing, referrer and permissions headers on every answer (server/security-headers.ts),
// with the inline theme script's hash taken from the index.html being served.
const headers = securityHeaders({
  scriptHashes: inlineScriptHashes(indexHtml),
  connectSources: [apiOrigin(process.env.VITE_API_URL)].filter((origin) => origin !== undefined),
  hsts: hstsFor(config.siteUrl ?? ''),
})
const headerList = Object.entries(headers)
/** The site's headers over an answer's own, as every answer gets them. */
function withSiteHeaders(own: Headers): void {
  for (const [name, value] of headerList)
    // A share link's page and its API answers send no referrer at all: kept stricter.
    if (!(name === 'Referrer-Policy' && own.get(name) === 'no-referrer')) own.set(name, value)
}
site.use('*', async (c, next) => {
  await next()
  withSiteHeaders(c.res.headers)
})
// The API's other answers (signed-in lists, errors) are compressed per request for
// clients that accept gzip; hono's compress leaves alone an answer that already
// has a Content-Encoding (the kept public reads) and turns a strong ETag weak,
// which If-None-Match still matches.
site.use(`${API_PREFIX}/*`, compress())
site.all(`${API_PREFIX}/*`, (c) => stack.api.fetch(c.req.raw))
site.all('*', (c) => stack.app.fetch(c.req.raw))

// What is kept in memory (a built file, a kept public answer, a kept page) is
// written straight to the socket after the host check, with the same headers
// as on the whole way (the site's included), their list made once per answer
// and encoding (docs/PERFORMANCE.md, "Close to the machine").
const wireHeaders = new WeakMap<KeptAnswer['headers'], string[]>()
function toWire(answer: KeptAnswer): DirectAnswer {
  let list = wireHeaders.get(answer.headers)
  if (!list) {
    const own = new Headers(answer.headers as [string, string][])
    withSiteHeaders(own)
    if (answer.body) own.set('Content-Length', String(answer.body.byteLength))
    list = [...own].flat()
    wireHeaders.set(answer.headers, list)
  }
  return { status: answer.status, headers: list, body: answer.body }
}
const toWireOrNull = (answer: KeptAnswer | null) => answer && toWire(answer)
const API_PATHS = `${API_PREFIX}/api/`
// Paths and queries the lane takes as they come; anything else (escapes,
// dot segments, doubled slashes) takes the whole way, which reads it as a URL.
// Each segment starts with no dot and ends at a slash or the end: one way to read any path.
const PLAIN_PATH = /^\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*(?:\/|$))*$/
const PLAIN_QUERY = /^[A-Za-z0-9._~%&=+,:-]*$/
const direct: DirectLane = (req) => {
  const url = req.url ?? '/'
  const mark = url.indexOf('?')
  const pathname = mark < 0 ? url : url.slice(0, mark)
  const search = mark < 0 ? '' : url.slice(mark + 1)
  if (!PLAIN_PATH.test(pathname) || !PLAIN_QUERY.test(search)) return null
  const request = {
    acceptEncoding: req.headers['accept-encoding'],
    ifNoneMatch: req.headers['if-none-match'],
  }
  if (pathname.startsWith(API_PATHS))
    return (
      stack
        .kept(pathname, search, { ...request, authorization: req.headers.authorization })
        ?.then(toWireOrNull) ?? null
    )
  if (stack.owns(pathname)) return null
  if (pages && isPagePath(pathname))
    return (
      pages
        .kept(search ? `${pathname}?${search}` : pathname, {
          ...request,
          cookie: req.headers.cookie,
        })
        ?.then(toWireOrNull) ?? null
    )
  return toWireOrNull(files.kept(pathname, request))
}

/**
 * What the first visitors ask for, made before the server listens: the page
 * renderer's route modules load and compile on their first page, about half a
 * second of this thread in one piece, which under a spike every request would
 * wait behind. So the home page, the CV, the first project pages and the
 * site's preview image are drawn (and kept) here, in each compressed form,
 * while the render thread loads its code beside (docs/PERFORMANCE.md, "Front-page spike").
 */
async function warmUp(): Promise<void> {
  const thread = renderThread.warm().catch((error: unknown) => {
    logErrorOutsideRequest(error, 'start-up')
  })
  if (pages) {
    const projects = await stack.db.driver
      .query<{ id: number }>(
        'select id from public.projects where is_active order by featured_order nulls last, id limit 12',
      )
      .catch(() => [])
    const paths = ['/', '/cv', '/og/home.png', ...projects.map(({ id }) => `/projects/${id}`)]
    for (const page of paths)
      for (const acceptEncoding of ['br, gzip', 'gzip', undefined])
        try {
          const answer = await pages.serve(page, { acceptEncoding }, 'start-up')
          await answer?.arrayBuffer()
        } catch {
          // A page that cannot be drawn now is drawn on its first visit, as before.
        }
  }
  await thread
}
await warmUp()

const server = createHttpServer(
  createNodeHandler(site.fetch, { proxy: config.proxy, hosts: config.hosts, direct }),
)
const address = await listen(server, config.port, config.host)
const origin = originFor(config.host, address.port)
printBanner('start', stack, origin, await stack.setupLink(new URL(config.siteUrl ?? origin).origin))
const proxyWarning = sharedAddressWarning(config.siteUrl, config.proxy ?? NO_PROXY)
if (proxyWarning) console.warn(proxyWarning)
// From here on; a start that fails still ends the process with its reason.
keepServingThroughUnexpectedErrors()

onShutdown(async () => {
  await closeServer(server)
  await stack.close()
  await renderThread.close()
})
