import type { Server } from 'node:http'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, rmdir, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer as createViteServer, type ViteDevServer } from 'vite'
import { rawGet } from '@test-support/raw-get.ts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readConfig } from './config.ts'
import { dataDirViteOptions, reachesDataDir, startDevServer, type DevServer } from './dev-server.ts'
import { closeServer, createHttpServer, listen } from './http.ts'

// `npm run dev` must never hand out DATA_DIR: it holds the JWT signing secret
// (whoever reads it can sign an admin token) and the PGlite files.
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Every way we know to ask Vite for a file under `dir` (a path relative to the served root) or `abs` (absolute). */
function hostileUrls(dir: string, abs: string, file: string): string[] {
  const upper = dir.toUpperCase()
  const encoded = dir.replace(/\./g, '%2E').replace(/\//g, '%2F')
  return [
    `/${dir}/${file}`,
    `/${dir}/${file}?raw`,
    `/${dir}/${file}?raw??`,
    `/${dir}/${file}?import&raw`,
    `/${dir}/${file}?url`,
    `/${dir}/${file}?inline`,
    `/${dir}/${file}?import&?inline=1.wasm?init`,
    `/${dir}/${file}#?raw`,
    `/@fs${abs}/${file}`,
    `/@fs${abs}/${file}?raw`,
    `/@fs${abs}/${file}?import&raw`,
    `/@fs/${abs}/${file}?raw`,
    `/@id${abs}/${file}?raw`,
    `/${encoded}%2F${file}?raw`,
    `/${encoded.replace(/%/g, '%25')}%252F${file}?raw`,
    `/src/../${dir}/${file}?raw`,
    `/./${dir}/./${file}?raw`,
    `//${dir}/${file}?raw`,
    `/${upper}/${file}?raw`,
    `/${dir.replace(/\//g, '\\')}\\${file}?raw`,
    `/public/../${dir}/${file}?raw`,
  ]
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.map((entry) => path.join(entry.parentPath, entry.name))
}

describe('npm run dev', () => {
  let dev: DevServer
  let dataDir: string
  let cacheDir: string
  let secret: string
  let previousUmask: number
  let createdDotData = false

  beforeAll(async () => {
    // The default DATA_DIR, .data/, lies inside the folder Vite serves; a folder of
    // this run's own inside it stands for it without touching anyone's data.
    createdDotData = !existsSync(path.join(projectRoot, '.data'))
    await mkdir(path.join(projectRoot, '.data'), { recursive: true })
    dataDir = await mkdtemp(path.join(projectRoot, '.data', 'dev-server-test-'))
    cacheDir = await mkdtemp(path.join(tmpdir(), 'vitrine-vite-cache-'))
    // A careless umask must not leave the database files writable by others.
    previousUmask = process.umask(0)
    dev = await startDevServer(readConfig({ DATA_DIR: dataDir, PORT: '0' }, { port: 0 }), {
      vite: { cacheDir, logLevel: 'silent', optimizeDeps: { noDiscovery: true } },
    })
    secret = (await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim()
  }, 120_000)

  afterAll(async () => {
    process.umask(previousUmask)
    await dev?.close()
    await rm(dataDir, { recursive: true, force: true })
    await rm(cacheDir, { recursive: true, force: true })
    // Only the folder this run made, and only while empty (rmdir refuses otherwise).
    if (createdDotData) await rmdir(path.join(projectRoot, '.data')).catch(() => {})
  })

  test('listens on the loopback interface unless HOST says otherwise', () => {
    expect(dev.address.address).toBe('127.0.0.1')
    expect(readConfig({}).host).toBe('127.0.0.1')
    expect(readConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
  })

  test('keeps repeated statements prepared on PostgreSQL unless DB_PREPARE=false', () => {
    expect(readConfig({}).prepare).toBe(true)
    expect(readConfig({ DB_PREPARE: 'false' }).prepare).toBe(false)
    expect(() => readConfig({ DB_PREPARE: 'off' })).toThrow(/DB_PREPARE must be true or false/)
  })

  test('still serves the app and the public folder', async () => {
    const page = await rawGet(dev.origin, '/')
    expect(page.status).toBe(200)
    expect(page.body).toContain('<div id="root">')
    expect((await rawGet(dev.origin, '/favicon.svg')).status).toBe(200)
    expect((await rawGet(dev.origin, '/index.html?raw')).status).toBe(200)
  })

  test('renders public pages on the server from the sources, as npm start does', async () => {
    const home = await rawGet(dev.origin, '/')
    expect(home.body).toContain('id="vitrine-state"')
    expect(home.body).toMatch(/<h1[^>]*>/) // the hero, in the HTML itself
    expect(home.body).toContain('/@vite/client') // still Vite's page, with hot reload
    const missing = await rawGet(dev.origin, '/no-such-page')
    expect(missing.status).toBe(404)
    expect(missing.body).toContain('Page Not Found')
    // The back office stays the browser app's.
    expect((await rawGet(dev.origin, '/admin/login')).body).not.toContain('id="vitrine-state"')
  })

  test("renders a share link's page on the server, with the pass of the link's cookie", async () => {
    const api = async (method: string, url: string, body: unknown, token?: string) => {
      const response = await fetch(`${dev.origin}/functions/v1/api${url}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      })
      return {
        response,
        body: (await response.json()) as { accessToken: string; id: number; token: string },
      }
    }
    const owner = await api('POST', '/auth/register', {
      username: 'owner',
      password: 'secret-sauce-1',
    })
    expect(owner.response.status).toBe(201)
    const token = owner.body.accessToken
    const project = await api(
      'POST',
      '/projects',
      { name: 'Quiet Harbor', description: 'Shown by link only.', isActive: false },
      token,
    )
    const link = await api(
      'POST',
      '/share-links',
      { label: 'Dev', projectIds: [project.body.id], passphrase: 'open sesame' },
      token,
    )
    expect(link.response.status).toBe(201)
    const page = `/s/${link.body.token}`
    const locked = await rawGet(dev.origin, page)
    expect(locked.status).toBe(401)
    expect(locked.body).not.toContain('Shown by link only.')
    const unlock = await api('POST', `/shared/${link.body.token}/unlock`, {
      passphrase: 'open sesame',
    })
    const cookie = unlock.response.headers
      .getSetCookie()
      .find((c) => c.includes(`Path=${page}`))!
      .split(';')[0]!
    const opened = await rawGet(dev.origin, page, { cookie })
    expect(opened.status).toBe(200)
    expect(opened.body).toContain('Shown by link only.')
    expect(opened.body).toContain('<meta name="robots" content="noindex, nofollow" />')
  })

  test('serves the API reference and the OpenAPI document it renders', async () => {
    const docs = await rawGet(dev.origin, '/api-docs')
    expect(docs.status).toBe(200)
    expect(docs.body).toContain('data-spec-url="/functions/v1/api/openapi.json"')
    expect((await rawGet(dev.origin, '/api-docs/swagger-ui-bundle.js')).status).toBe(200)
    const spec = await rawGet(dev.origin, '/functions/v1/api/openapi.json')
    expect(JSON.parse(spec.body).openapi).toBe('3.1.0')
  })

  test('answers 404 or 403, never the secret, for every way of asking for DATA_DIR', async () => {
    const relative = path.relative(projectRoot, dataDir).split(path.sep).join('/')
    const urls = [
      ...hostileUrls(relative, dataDir, 'jwt-secret'),
      ...hostileUrls(relative, dataDir, 'pglite/PG_VERSION'),
      `/${relative}/`,
      `/${relative}/pglite/`,
    ]
    for (const url of urls) {
      const { status, body } = await rawGet(dev.origin, url)
      expect([400, 403, 404], url).toContain(status)
      expect(body, url).not.toContain(secret)
    }
  })

  test('keeps DATA_DIR private to its owner, with no world-writable file', async () => {
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700)
    const writable = []
    for (const file of await filesUnder(dataDir)) {
      if ((await stat(file)).mode & 0o002) writable.push(path.relative(dataDir, file))
    }
    expect(writable).toEqual([])
  })
})

describe("Vite's own file-serving rules (the second line)", () => {
  let root: string
  let vite: ViteDevServer
  let server: Server
  let origin: string
  const secret = 'pretend-signing-secret-0123456789abcdef'

  beforeAll(async () => {
    // A stand-in project folder served with this project's vite.config.ts, and
    // requests going straight to Vite, without the dev server's own check.
    root = await mkdtemp(path.join(tmpdir(), 'vitrine-vite-root-'))
    for (const dir of ['.data', 'custom-data']) {
      await mkdir(path.join(root, dir))
      await writeFile(path.join(root, dir, 'jwt-secret'), secret)
    }
    await writeFile(path.join(root, 'hello.txt'), 'hello')
    vite = await createViteServer({
      configFile: path.join(projectRoot, 'vite.config.ts'),
      root,
      cacheDir: path.join(root, 'cache'),
      logLevel: 'silent',
      appType: 'spa',
      optimizeDeps: { noDiscovery: true },
      server: {
        middlewareMode: true,
        hmr: false,
        ...dataDirViteOptions(path.join(root, 'custom-data')),
      },
    })
    server = createHttpServer((req, res) => vite.middlewares(req, res))
    origin = `http://127.0.0.1:${(await listen(server, 0)).port}`
  }, 60_000)

  afterAll(async () => {
    await vite?.close()
    if (server) await closeServer(server)
    await rm(root, { recursive: true, force: true })
  })

  test('serves an ordinary file of the project', async () => {
    expect(await rawGet(origin, '/hello.txt?raw')).toMatchObject({ status: 200 })
  })

  test('refuses .data/ and the DATA_DIR in use, by path and through /@fs/', async () => {
    for (const dir of ['.data', 'custom-data']) {
      for (const url of hostileUrls(dir, path.join(root, dir), 'jwt-secret')) {
        const { status, body } = await rawGet(origin, url)
        expect([400, 403, 404], url).toContain(status)
        expect(body, url).not.toContain(secret)
      }
    }
  })
})

describe('reachesDataDir()', () => {
  const folders = { dataDir: '/p/.data', root: '/p', publicDir: '/p/public' }

  test('sees DATA_DIR through encodings, case, backslashes, dot segments and Vite prefixes', () => {
    for (const url of [
      '/.data',
      '/.data/jwt-secret?raw',
      '/%2Edata/jwt-secret',
      '/%252Edata%252Fjwt-secret',
      '/.DATA/JWT-SECRET',
      '/.data\\jwt-secret',
      '/src/../.data/pglite/PG_VERSION',
      '/../../p/.data/x',
      '/@fs/p/.data/jwt-secret?raw',
      '/@id/p/.data/jwt-secret',
      '/p/.data/jwt-secret',
      '/%E0%A4%A',
      '/.data%00/x',
    ]) {
      expect(reachesDataDir(url, folders), url).toBe(true)
    }
  })

  test('lets ordinary paths through', () => {
    for (const url of [
      '/',
      '/src/main.tsx',
      '/.data-not/x',
      '/datas/x',
      '/@fs/p/src/main.tsx',
      '/@vite/client',
    ]) {
      expect(reachesDataDir(url, folders), url).toBe(false)
    }
  })
})
