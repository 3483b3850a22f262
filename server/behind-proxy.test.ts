// npm start behind a real proxy (docs/decisions/033-client-address-behind-proxies.md):
// a few lines of node:http on another loopback address (127.0.0.2) forward
// every request to the stack and append the address they saw to
// X-Forwarded-For, as nginx's $proxy_add_x_forwarded_for does. Visitors reach
// the proxy from addresses of their own (127.0.0.10, 127.0.0.11, ...), so each
// rule is seen through a proxy, not with a header set by hand.
import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readConfig } from './config.ts'
import { createStack, type Stack } from './create-stack.ts'
import { closeServer, createHttpServer, createNodeHandler, listen } from './http.ts'
import { throwawayDatabase, type ThrowawayDatabase } from '@test-support/throwaway-database.ts'
import { migrationsHash } from '@test-support/api-harness.ts'
import { migratedDataDir } from '@test-support/migrated-folder.ts'
import { TEST_PGLITE_SETTINGS } from '@test-support/pglite-settings.ts'

const PROXY_ADDRESS = '127.0.0.2'
const API = '/functions/v1/api'

interface Answer {
  status: number
  body: string
}

/** One request from `from` to host:port, with the headers given and nothing else. */
function send(
  port: number,
  options: { from: string; host?: string; method?: string; path: string; headers?: object },
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: options.host ?? PROXY_ADDRESS,
        port,
        localAddress: options.from,
        method: options.method ?? 'GET',
        path: options.path,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        agent: false,
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** A reverse proxy on 127.0.0.2 that appends its peer's address to X-Forwarded-For (or sets `header`). */
function startProxy(target: number, header: 'x-forwarded-for' | 'x-real-ip' | 'forwarded') {
  const proxy = createServer((incoming: IncomingMessage, outgoing) => {
    const headers = { ...incoming.headers }
    const peer = incoming.socket.remoteAddress ?? ''
    if (header === 'x-forwarded-for') {
      const before = headers['x-forwarded-for']
      headers['x-forwarded-for'] = before ? `${String(before)}, ${peer}` : peer
    } else if (header === 'forwarded') {
      const before = headers.forwarded
      headers.forwarded = `${before ? `${before}, ` : ''}for="${peer}";proto=https`
    } else {
      headers['x-real-ip'] = peer
    }
    const upstream = request(
      {
        host: '127.0.0.1',
        port: target,
        localAddress: PROXY_ADDRESS,
        method: incoming.method,
        path: incoming.url,
        headers,
        agent: false,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    upstream.on('error', () => outgoing.destroy())
    incoming.pipe(upstream)
  })
  return proxy
}

interface Site {
  stack: Stack
  server: Server
  proxy: Server
  port: number
  proxyPort: number
  cleanup: () => Promise<void>
}

async function startSite(
  env: Record<string, string>,
  proxyHeader: 'x-forwarded-for' | 'x-real-ip' | 'forwarded' = 'x-forwarded-for',
  database?: ThrowawayDatabase,
): Promise<Site> {
  // Over PGlite, a copy of a migrated data folder (migrated-folder.ts).
  const dataDir = database
    ? await mkdtemp(path.join(tmpdir(), 'vitrine-proxy-'))
    : await migratedDataDir('vitrine-proxy-')
  const config = readConfig({
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  })
  const stack = await createStack(config, { seed: false, pgliteSettings: TEST_PGLITE_SETTINGS })
  const server = createHttpServer(createNodeHandler(stack.app.fetch, { proxy: config.proxy }))
  const { port } = await listen(server, 0, '127.0.0.1')
  const proxy = startProxy(port, proxyHeader)
  const { port: proxyPort } = await listen(proxy, 0, PROXY_ADDRESS)
  return {
    stack,
    server,
    proxy,
    port,
    proxyPort,
    cleanup: async () => {
      await closeServer(proxy)
      await closeServer(server)
      await stack.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

const credentials = (username: string, password: string) => JSON.stringify({ username, password })

/** The first admin, straight to the server from this machine. */
function register(site: Site) {
  return send(
    site.port,
    { from: '127.0.0.1', host: '127.0.0.1', method: 'POST', path: `${API}/auth/register` },
    credentials('owner', 'right-password-1'),
  )
}

function login(site: Site, from: string, password: string, username = 'owner', headers = {}) {
  return send(
    site.proxyPort,
    { from, method: 'POST', path: `${API}/auth/login`, headers },
    credentials(username, password),
  )
}

const targets = [
  { name: 'PGlite', postgres: false },
  ...(process.env.TEST_POSTGRES_URL ? [{ name: 'PostgreSQL', postgres: true }] : []),
]

describe.each(targets)('npm start behind a proxy it trusts ($name)', ({ postgres }) => {
  let site: Site
  let database: ThrowawayDatabase | undefined
  beforeAll(async () => {
    if (postgres) database = await throwawayDatabase(await migrationsHash())
    site = await startSite({ TRUSTED_PROXIES: PROXY_ADDRESS }, 'x-forwarded-for', database)
    expect((await register(site)).status).toBe(201)
  })
  afterAll(async () => {
    await site?.cleanup()
    await database?.drop()
  })

  test('the owner signs in from another address while an attacker is locked out', async () => {
    const attacker = '127.0.0.10'
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await login(site, attacker, `guess-${i}`)).status)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
    // Even the right password waits at the attacker's address ...
    expect((await login(site, attacker, 'right-password-1')).status).toBe(429)
    // ... and nowhere else.
    expect((await login(site, '127.0.0.11', 'right-password-1')).status).toBe(200)
  })

  test('thirty failures with any usernames lock out that address only', async () => {
    const attacker = '127.0.0.12'
    for (let i = 0; i < 30; i++)
      expect((await login(site, attacker, 'wrong', `nobody-${i}`)).status).toBe(401)
    expect((await login(site, attacker, 'wrong', 'nobody-31')).status).toBe(429)
    expect((await login(site, '127.0.0.13', 'right-password-1')).status).toBe(200)
  })

  test('a forged X-Forwarded-For sent through the proxy does not change the count', async () => {
    const attacker = '127.0.0.14'
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await login(site, attacker, `guess-${i}`, 'owner', {
            'x-forwarded-for': `203.0.113.${i}`,
          })
        ).status,
      )
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
  })

  test('the owner from an address that signed in before is not refused for guesses elsewhere', async () => {
    const home = '127.0.0.15'
    expect((await login(site, home, 'right-password-1')).status).toBe(200)
    // Many addresses guess, enough for the username's back-off to start.
    for (let i = 0; i < 12; i++) await login(site, `127.0.1.${i + 1}`, `guess-${i}`)
    for (let i = 0; i < 3; i++) await login(site, '127.0.1.1', `again-${i}`)
    expect((await login(site, '127.0.1.1', 'right-password-1')).status).toBe(429)
    expect((await login(site, home, 'right-password-1')).status).toBe(200)
    // A new address gets its first attempt checked too.
    expect((await login(site, '127.0.1.99', 'right-password-1')).status).toBe(200)
  })

  test('a peer that is not a trusted proxy cannot name the client', async () => {
    // Straight to the server from 127.0.0.1, claiming a new address each time.
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await send(
            site.port,
            {
              from: '127.0.0.1',
              host: '127.0.0.1',
              method: 'POST',
              path: `${API}/auth/login`,
              headers: {
                'x-forwarded-for': `198.51.100.${i}`,
                forwarded: `for=198.51.100.${i}`,
                'x-real-ip': `198.51.100.${i}`,
              },
            },
            credentials('someone', `guess-${i}`),
          )
        ).status,
      )
    // A username of its own: the owner's is in its back-off after the test above.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
  })
})

describe('the header the proxy writes', () => {
  const sites: Site[] = []
  afterAll(async () => {
    for (const site of sites) await site.cleanup()
  })

  test.each([
    ['forwarded', 'forwarded'],
    ['x-real-ip', 'x-real-ip'],
  ] as const)('CLIENT_IP_HEADER=%s', async (setting, proxyHeader) => {
    const site = await startSite(
      { TRUSTED_PROXIES: `${PROXY_ADDRESS}/32`, CLIENT_IP_HEADER: setting },
      proxyHeader,
    )
    sites.push(site)
    expect((await register(site)).status).toBe(201)
    for (let i = 0; i < 5; i++) await login(site, '127.0.0.20', `guess-${i}`)
    expect((await login(site, '127.0.0.20', 'right-password-1')).status).toBe(429)
    expect((await login(site, '127.0.0.21', 'right-password-1')).status).toBe(200)
  })

  test('without TRUSTED_PROXIES everyone behind the proxy is one client (the reason for the setting)', async () => {
    const site = await startSite({})
    sites.push(site)
    expect((await register(site)).status).toBe(201)
    for (let i = 0; i < 5; i++) await login(site, '127.0.0.30', `guess-${i}`)
    expect((await login(site, '127.0.0.31', 'right-password-1')).status).toBe(429)
  })
})

describe('claiming a fresh install (docs/decisions/034-claiming-a-fresh-install.md)', () => {
  const sites: Site[] = []
  afterAll(async () => {
    for (const site of sites) await site.cleanup()
  })
  const claim = (site: Site, setupToken?: string) =>
    send(
      site.proxyPort,
      { from: '127.0.0.40', method: 'POST', path: `${API}/auth/register` },
      JSON.stringify({ username: 'claimer', password: 'claimer-password', setupToken }),
    )

  test('from another address it takes the printed code; the printed link claims it', async () => {
    const site = await startSite({ TRUSTED_PROXIES: PROXY_ADDRESS })
    sites.push(site)
    const link = await site.stack.setupLink('https://jordan.dev')
    expect(link).toMatch(/^https:\/\/jordan\.dev\/admin\/register\?setup=[A-Za-z0-9_-]{22}$/)
    const code = new URL(link ?? '').searchParams.get('setup') ?? ''

    const without = await claim(site)
    expect(without.status).toBe(403)
    expect(JSON.parse(without.body)).toMatchObject({ statusCode: 403 })
    expect(JSON.parse(without.body).message).toMatch(/setup code/)
    expect(
      (
        await claim(
          site,
          code.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
        )
      ).status,
    ).toBe(403)
    expect((await claim(site, code)).status).toBe(201)
    // Claimed: the code opens nothing any more, and the banner prints no link.
    expect(await site.stack.setupLink('https://jordan.dev')).toBeNull()
    expect((await claim(site, code)).status).toBe(409)
  })

  test('a proxy on this machine that is not trusted does not make its visitors local', async () => {
    const site = await startSite({})
    sites.push(site)
    expect((await claim(site)).status).toBe(403)
    // The server's own machine, straight to it, needs no code.
    expect((await register(site)).status).toBe(201)
  })

  test("another site's page cannot claim it from this machine; the register page can", async () => {
    const site = await startSite({ ALLOWED_ORIGINS: 'https://friend.example' })
    sites.push(site)
    const direct = (headers: object, contentType = 'application/json') =>
      send(
        site.port,
        {
          from: '127.0.0.1',
          host: '127.0.0.1',
          method: 'POST',
          path: `${API}/auth/register`,
          headers: { 'content-type': contentType, ...headers },
        },
        credentials('mallory', 'mallory-password'),
      )
    const open = async () =>
      JSON.parse(
        (
          await send(site.port, {
            from: '127.0.0.1',
            host: '127.0.0.1',
            path: `${API}/auth/register`,
          })
        ).body,
      )
    // A no-cors fetch from another site: text/plain, the browser says cross-site.
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }
    expect((await direct(evil, 'text/plain;charset=UTF-8')).status).toBe(403)
    expect((await direct({ 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    // Listed in ALLOWED_ORIGINS, or the same site on another port: a page
    // still, not this machine; the code is needed.
    const friend = await direct({
      origin: 'https://friend.example',
      'sec-fetch-site': 'cross-site',
    })
    expect(friend.status).toBe(403)
    expect(JSON.parse(friend.body).message).toMatch(/setup code/)
    const sameSite = await direct({ origin: 'http://127.0.0.1:9', 'sec-fetch-site': 'same-site' })
    expect(sameSite.status).toBe(403)
    expect(JSON.parse(sameSite.body).message).toMatch(/setup code/)
    expect(await open()).toEqual({ open: true })
    // The register page itself, in JSON.
    const own = await direct({ origin: 'http://127.0.0.1', 'sec-fetch-site': 'same-origin' })
    expect(own.status).toBe(201)
    expect(await open()).toEqual({ open: false })
  })

  test('SETUP_TOKEN replaces the derived code', async () => {
    const site = await startSite({ SETUP_TOKEN: 'a-code-chosen-by-the-owner' })
    sites.push(site)
    expect(await site.stack.setupLink('http://localhost:3000')).toBe(
      'http://localhost:3000/admin/register?setup=a-code-chosen-by-the-owner',
    )
    expect((await claim(site, 'a-code-chosen-by-the-owner')).status).toBe(201)
  })
})
