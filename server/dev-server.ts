// The development server behind `npm run dev`: the stack (API, uploads) and the
// SPA through Vite in middleware mode, on one port, hot reload included.
//
// Vite serves every file under the project root, and the default DATA_DIR
// (.data/) lies there with the JWT signing secret and the database files. So
// requests that could reach DATA_DIR are refused before Vite sees them, and
// Vite's own `server.fs.deny` lists the folder as well, in case a request form
// slips past the first check.
import { readFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { createServer as createViteServer, type InlineConfig } from 'vite'
import type { ServerConfig } from './config.ts'
import { createStack, type Stack } from './create-stack.ts'
import { closeServer, createHttpServer, createNodeHandler, listen, originFor } from './http.ts'
import { isPagePath, pageRenderer } from './page-renderer.ts'
import { apiBase } from './public-reads-preload.ts'
import type { RenderModule } from './ssr.ts'

export interface DevServer {
  stack: Stack
  server: Server
  address: AddressInfo
  /** What to print: localhost when bound to loopback or every interface. */
  origin: string
  close(): Promise<void>
}

/** Vite's own prefixes for file-system and module ids; what follows them is an absolute path. */
const ABSOLUTE_PREFIXES = /^\/@(fs|id)(?=\/)/

/**
 * Whether a request path could name a file inside `dataDir`, read the ways Vite
 * reads one: relative to the project root or the public folder, or as an
 * absolute path after /@fs/ or /@id/. Percent-encoding is undone until stable,
 * backslashes count as slashes and `..` is resolved; the comparison ignores case
 * (macOS and Windows file systems do). Anything that cannot be decoded counts
 * as a hit.
 */
export function reachesDataDir(
  url: string,
  folders: { dataDir: string; root: string; publicDir?: string },
): boolean {
  let pathname = url.split(/[?#]/, 1)[0] ?? ''
  for (let i = 0; i < 5 && pathname.includes('%'); i++) {
    try {
      const decoded = decodeURIComponent(pathname)
      if (decoded === pathname) break
      pathname = decoded
    } catch {
      return true
    }
  }
  if (pathname.includes('\0')) return true
  const normalized = path.posix.normalize('/' + pathname.replace(/\\/g, '/'))
  const withoutPrefix = normalized.replace(ABSOLUTE_PREFIXES, '') || '/'
  const bases = [folders.root, folders.publicDir, '/'].filter((b): b is string => Boolean(b))
  const target = path.resolve(folders.dataDir).toLowerCase()
  return [normalized, withoutPrefix].some((candidate) =>
    bases.some((base) => {
      const file = path.join(base, candidate).toLowerCase()
      return file === target || file.startsWith(target + path.sep)
    }),
  )
}

/** A folder and everything in it as picomatch patterns, glob characters in the path escaped. */
function folderPatterns(folder: string): string[] {
  const escaped = folder
    .split(path.sep)
    .join('/')
    .replace(/[*?[\]{}()!+@\\]/g, '\\$&')
  return [escaped, `${escaped}/**`]
}

/**
 * Vite settings for a given DATA_DIR, added to vite.config.ts's (Vite merges
 * arrays): deny it wherever it is, and do not watch the database churn.
 */
export function dataDirViteOptions(dataDir: string) {
  const patterns = folderPatterns(path.resolve(dataDir))
  return { fs: { deny: patterns }, watch: { ignored: patterns } }
}

export async function startDevServer(
  config: ServerConfig,
  options: { vite?: InlineConfig } = {},
): Promise<DevServer> {
  const stack = await createStack(config)
  const dataDir = path.resolve(config.dataDir)

  // Requests only arrive after listen(), once `vite` below exists.
  const server = createHttpServer(
    createNodeHandler(stack.app.fetch, {
      owns: stack.owns,
      proxy: config.proxy,
      hosts: config.hosts,
      fallback: (req, res) => {
        const folders = { dataDir, root: vite.config.root, publicDir: vite.config.publicDir }
        if (reachesDataDir(req.url ?? '/', folders)) {
          res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
          res.end('Not found')
          return
        }
        const pathname = (req.url ?? '/').split('?')[0] ?? '/'
        // Public pages render on the server here too, from the sources (docs/decisions/023),
        // so a hydration problem shows while developing; Vite's own paths start with /@ or /__.
        if (req.method === 'GET' && isPagePath(pathname) && !/^\/(@|__)/.test(pathname)) {
          void renderPage(req.url ?? '/', req.headers.cookie).then(
            async (page) => {
              if (!page) return vite.middlewares(req, res)
              res.writeHead(page.status, Object.fromEntries(page.headers))
              // Bytes, not text: the preview images are PNGs.
              res.end(Buffer.from(await page.arrayBuffer()))
            },
            (error: unknown) => {
              vite.ssrFixStacktrace(error as Error)
              console.error('Page rendering failed', error)
              vite.middlewares(req, res)
            },
          )
          return
        }
        vite.middlewares(req, res)
      },
    }),
  )
  let vite: Awaited<ReturnType<typeof createViteServer>>
  try {
    vite = await createViteServer({
      ...options.vite,
      server: {
        ...options.vite?.server,
        middlewareMode: true,
        ws: { server },
        ...dataDirViteOptions(dataDir),
      },
      appType: 'spa',
    })
  } catch (error) {
    await stack.close()
    throw error
  }

  const renderPage = async (url: string, cookie: string | undefined) => {
    const render = (await vite.ssrLoadModule('/src/entry-server.tsx')) as RenderModule
    const template = await vite.transformIndexHtml(
      url,
      await readFile(path.join(vite.config.root, 'index.html'), 'utf8'),
    )
    return pageRenderer(render, {
      template,
      api: stack.api,
      driver: stack.db.driver,
      siteUrl: config.siteUrl ?? `http://localhost:${config.port}`,
      clientApiBase: apiBase(process.env.VITE_API_URL),
      keep: false,
    }).serve(url, { cookie })
  }

  let address: AddressInfo
  try {
    address = await listen(server, config.port, config.host)
  } catch (error) {
    await vite.close()
    await stack.close()
    throw error
  }
  return {
    stack,
    server,
    address,
    origin: originFor(config.host, address.port),
    async close() {
      await vite.close()
      await closeServer(server)
      await stack.close()
    },
  }
}
