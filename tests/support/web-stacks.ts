// The web tests' API (web-global-setup.ts starts this file as a child process
// with tsx): the same Hono app over real Postgres in PGlite, with images in a
// temp folder, served over real HTTP on loopback.
//
// Four stacks:
// - main:  the first admin and a read-only `user` are registered here; every
//          test file shares it, so tests name their data with random suffixes.
// - fresh: nobody registers here except the register page's own test, so
//          registration is still open for it.
// - multilingual: its own admin and reader, for the tests that change the
//          site's languages (docs/PRODUCT.md §23): every other file sees a
//          site of one language, as it expects.
// - activity: its own admin and reader, for the dashboard's recent activity,
//          which lists the ten newest changes: on main, another file's
//          writes (thirteen projects at once) pushed a test's own out.
//
// It runs in a process of its own, not in Vitest's: PGlite answers each query
// synchronously on its process's only thread, and in Vitest's process that
// thread also transforms every module the test workers import and collects
// their results. There, under load, a test's request waited behind module
// transforms, and a worker's import behind queries.
//
// Prints one line of JSON (the values web-global-setup.ts provides to the tests)
// once the stacks answer; stops them and exits when its stdin closes or on SIGTERM.
import { rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { signToken, tokenKey } from '../../supabase/functions/_shared/accounts/auth.ts'
import type { AuthResponse, User } from '../../supabase/functions/_shared/contract/responses.ts'
import { API_PREFIX, createStack, type Stack } from '../../server/create-stack.ts'
import { closeServer, createHttpServer, createNodeHandler, listen } from '../../server/http.ts'
import { migratedDataDir } from './migrated-folder.ts'
import { TEST_PGLITE_SETTINGS } from './pglite-settings.ts'

const SECRET = 'web-tests-secret-that-is-at-least-32-bytes-long'
export const ADMIN = { username: 'admin', password: 'admin-secret' }
export const READER = { username: 'reader', password: 'reader-secret' }

interface Running {
  stack: Stack
  server: Server
  apiUrl: string
  dataDir: string
}

/**
 * A static host's deploy hook that accepts every build, for the main stack's
 * "Publishing" card (supabase/functions/_shared/toolkit/publish.ts).
 */
async function startDeployHook(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume()
    res.end('{}')
  })
  const address = await listen(server, 0, '127.0.0.1')
  return { server, url: `http://127.0.0.1:${address.port}/build-hook` }
}

async function start(hookUrl?: string): Promise<Running> {
  const dataDir = await migratedDataDir('vitrine-web-')
  const stack = await createStack(
    {
      databaseUrl: undefined,
      port: 0,
      dataDir,
      jwtSecret: SECRET,
      // The jsdom page's origin: passkeys are made for it (docs/decisions/041).
      siteUrl: 'http://localhost:3000',
      // Only "Publish now" calls it during the tests: the quiet period outlasts them.
      publish: hookUrl ? { hookUrl, quietMs: 3_600_000 } : null,
    },
    { seed: false, pgliteSettings: TEST_PGLITE_SETTINGS },
  )
  // jsdom's XMLHttpRequest (uploadImage) enforces CORS: the page (localhost:3000)
  // and this server differ in origin, so answer preflights as the edge function
  // does, and as Storage does for the headers supabase-js adds to a signed upload.
  const web = new Hono()
  web.use(
    '*',
    cors({
      origin: '*',
      allowHeaders: [
        'Authorization',
        'Content-Type',
        'If-Match',
        'apikey',
        'x-client-info',
        'x-upsert',
      ],
      exposeHeaders: ['ETag'],
    }),
  )
  web.all('*', (c) => stack.app.fetch(c.req.raw))
  const server = createHttpServer(createNodeHandler(web.fetch))
  const address = await listen(server, 0, '127.0.0.1')
  return { stack, server, dataDir, apiUrl: `http://127.0.0.1:${address.port}${API_PREFIX}/api` }
}

async function call<T>(url: string, method: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
  if (!response.ok)
    throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

/** The first admin, and a read-only `user` it creates, both signed in. */
async function registerAccounts(apiUrl: string) {
  const admin = await call<AuthResponse>(`${apiUrl}/auth/register`, 'POST', ADMIN)
  await call<User>(`${apiUrl}/users`, 'POST', { ...READER, role: 'user' }, admin.accessToken)
  const reader = await call<AuthResponse>(`${apiUrl}/auth/login`, 'POST', READER)
  return [admin, reader] as const
}

export interface WebStacks {
  apiUrl: string
  freshApiUrl: string
  adminSession: { token: string; user: User; password: string }
  readerSession: { token: string; user: User; password: string }
  multilingual: StackOfItsOwn
  activity: StackOfItsOwn
  expiredAdminToken: string
}

/** A stack a few files have to themselves, with its own admin and reader. */
export interface StackOfItsOwn {
  apiUrl: string
  admin: { token: string; user: User; password: string }
  reader: { token: string; user: User; password: string }
}

async function main() {
  const hook = await startDeployHook()
  const [mainStack, fresh, multilingual, activity] = await Promise.all([
    start(hook.url),
    start(),
    start(),
    start(),
  ])
  let stopping: Promise<void> | null = null
  const stop = () =>
    (stopping ??= (async () => {
      for (const running of [mainStack, fresh, multilingual, activity]) {
        await closeServer(running.server).catch(() => {})
        await running.stack.close().catch(() => {})
        await rm(running.dataDir, { recursive: true, force: true }).catch(() => {})
      }
      await closeServer(hook.server).catch(() => {})
      process.exit(0)
    })())
  process.on('SIGTERM', stop)
  process.stdin.on('end', stop)
  process.stdin.on('error', stop)
  process.stdin.resume()

  const [[admin, reader], ...others] = await Promise.all([
    registerAccounts(mainStack.apiUrl),
    registerAccounts(multilingual.apiUrl),
    registerAccounts(activity.apiUrl),
  ])
  const ofItsOwn = (apiUrl: string, [admin, reader]: (typeof others)[number]): StackOfItsOwn => ({
    apiUrl,
    admin: { token: admin.accessToken, user: admin.user, password: ADMIN.password },
    reader: { token: reader.accessToken, user: reader.user, password: READER.password },
  })
  const stacks: WebStacks = {
    apiUrl: mainStack.apiUrl,
    freshApiUrl: fresh.apiUrl,
    adminSession: { token: admin.accessToken, user: admin.user, password: ADMIN.password },
    readerSession: { token: reader.accessToken, user: reader.user, password: READER.password },
    multilingual: ofItsOwn(multilingual.apiUrl, others[0]),
    activity: ofItsOwn(activity.apiUrl, others[1]),
    expiredAdminToken: await signToken(tokenKey(SECRET), admin.user.id, -60),
  }
  process.stdout.write(`${JSON.stringify(stacks)}\n`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
