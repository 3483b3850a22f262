// The contract suite's harness. Every test file in tests/api gets a fresh,
// migrated database and speaks to the REST contract through `request()`, on
// one of three targets (docs/ARCHITECTURE.md, "Three ways to run it"):
//
// - pglite   (default): the Hono app in this process over embedded PGlite. A
//            migrated data directory is dumped once to a tarball in the temp
//            folder (keyed by the migrations' contents) and each file loads a copy.
// - postgres (TEST_TARGET=postgres): the same app in this process over a real
//            PostgreSQL through postgres.js, the edge function's driver. Each file
//            gets a throwaway database cloned from a migrated template database.
// - deno     (TEST_TARGET=deno): the Supabase Edge Function itself, run by Deno
//            as a separate process against such a throwaway database, spoken to
//            over HTTP, with images in a stand-in for Supabase Storage.
//
// postgres and deno need TEST_POSTGRES_URL: a server where the tests may create
// and drop databases (e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres).
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createApp } from '../../supabase/functions/_shared/app.ts'
import { readLoadSettings } from '../../supabase/functions/_shared/http/load-settings.ts'
import { createWorkQueue } from '../../supabase/functions/_shared/http/work-queue.ts'
import { readGithubSettings } from '../../supabase/functions/_shared/github/client.ts'
import {
  signToken,
  tokenKey as makeTokenKey,
} from '../../supabase/functions/_shared/accounts/auth.ts'
import {
  createDatabase,
  type Database,
  type Driver,
  type Row,
} from '../../supabase/functions/_shared/db/db.ts'
import type { ImageStore } from '../../supabase/functions/_shared/images/image-store.ts'
import { LocalFolderStore } from '../../supabase/functions/_shared/images/local-folder-store.ts'
import { sweepFiles } from '../../supabase/functions/_shared/images/sweep.ts'
import {
  createPublisher,
  type PublishSettings,
} from '../../supabase/functions/_shared/toolkit/publish.ts'
import {
  DEFAULT_STATS_SETTINGS,
  type StatsSettings,
} from '../../supabase/functions/_shared/visits/stats.ts'
import {
  createVisitQueue,
  type VisitQueue,
  type VisitQueueOptions,
} from '../../supabase/functions/_shared/visits/visit-batch.ts'
import { LocalArchiveStore } from '../../supabase/functions/_shared/toolkit/local-archive-store.ts'
import type { Role } from '../../supabase/functions/_shared/contract/schemas.ts'
import type {
  AuthResponse,
  SignedArchiveUpload,
  SignedUpload,
  User,
} from '../../supabase/functions/_shared/contract/responses.ts'
import { createPgliteDriver } from '../../server/db/pglite-driver.ts'
import { signedUploads } from '../../server/signed-uploads.ts'
import { createPostgresDriver } from '../../server/db/postgres-driver.ts'
import { migrate } from '../../server/migrate.ts'
import { contractCheckOf, type ContractCheck } from './contract-check.ts'
import { startEdgeFunction } from './edge-function.ts'
import { startStorageStandIn } from './storage-stand-in.ts'
import { throwawayDatabase } from './throwaway-database.ts'
import { migrationsHash } from './migrations-hash.ts'
import { LOWER_PASSWORD_COST, TEST_PASSWORD_COST } from './password-cost.ts'
import { TemplateBlob } from './template-blob.ts'
import { slimDump } from './slim-dump.ts'
import { TEST_PGLITE_SETTINGS } from './pglite-settings.ts'

export const TEST_SECRET = 'test-secret-that-is-at-least-32-bytes-long'
/** The setup code every target of the suite is given (SETUP_TOKEN on the edge function). */
export const TEST_SETUP_CODE = 'setup-code-of-the-test-suite'
export const ADMIN_PASSWORD = 'secret-sauce-1'

export type Target = 'pglite' | 'postgres' | 'deno'
export const target: Target = ((): Target => {
  const value = process.env.TEST_TARGET?.trim() || 'pglite'
  if (value !== 'pglite' && value !== 'postgres' && value !== 'deno')
    throw new Error(`TEST_TARGET must be pglite, postgres or deno, got "${value}"`)
  return value
})()
/** The app runs in this process (pglite, postgres), so tests may reach its parts. */
export const inProcess = target !== 'deno'

export { migrationsHash }

async function makeMigratedPgliteTemplate(): Promise<Uint8Array<ArrayBuffer>> {
  const file = path.join(
    os.tmpdir(),
    `vitrine-api-template-${await migrationsHash()}-cost${TEST_PASSWORD_COST}-slim.tar`,
  )
  if (existsSync(file)) return new Uint8Array(await readFile(file))
  const driver = await createPgliteDriver()
  await migrate(driver, { seed: false })
  await driver.exec(LOWER_PASSWORD_COST)
  const dump = slimDump(new Uint8Array(await (await driver.pg.dumpDataDir('none')).arrayBuffer()))
  await driver.close()
  // Write then rename, so a test file running in parallel never reads half a tarball.
  const partial = `${file}.${process.pid}.${Date.now()}`
  await writeFile(partial, dump)
  await rename(partial, file)
  return dump
}

/**
 * The migrated template's bytes, read once per worker: the api project keeps
 * a worker's modules from one file to the next (isolate: false in
 * vitest.config.ts), so its later files reuse them. Each file still loads its
 * own database from them.
 */
let template: Promise<Uint8Array<ArrayBuffer>> | undefined
export const migratedPgliteTemplate = () => (template ??= makeMigratedPgliteTemplate())

interface Backend {
  /** The app in this process; undefined on the deno target. */
  app?: ReturnType<typeof createApp>
  db?: Database
  images?: ImageStore
  /** The queue POST /events leaves events in, when the settings asked for one (in-process targets). */
  visits?: VisitQueue
  fetch(request: Request): Promise<Response>
  /** Privileged SQL for what a test must inspect or arrange beside the API. */
  sql<T = Row>(query: string, params?: unknown[]): Promise<T[]>
  /** The bytes stored for an image URL the API answered, or null when none is stored. */
  storedFile(url: string): Promise<Uint8Array | null>
  /** The Supabase URL the back office derives from the API's (docs/operations.md, "How uploads flow"). */
  supabaseUrl: string
  /** Answers what is sent under `supabaseUrl`: the local server's signed uploads, or the Storage stand-in. */
  storageFetch(request: Request): Promise<Response>
  /** Puts bytes into the store as a signed upload could, whatever they are; answers the object's URL. */
  plantStoredFile(name: string, bytes: Uint8Array, contentType: string): Promise<string>
  /** How many image files the store holds (a local folder's temporaries included). */
  storedCount(): Promise<number>
  /** The names of the archives waiting for a restore (the bucket "backups", or its local folder). */
  storedArchives(): Promise<string[]>
  /** Makes the stored file behind `url` look written `ageMs` ago (mtime, or Storage's created_at). */
  ageStoredFile(url: string, ageMs: number): Promise<void>
  /** The same for the uploaded archive `name`. */
  ageStoredArchive(name: string, ageMs: number): Promise<void>
  /** The store's next removal fails, as when the process dies just before it. */
  failNextRemoval(): void
  /**
   * A pass of the server's sweep (images/sweep.ts): called in this process, or
   * on Deno the function started again with the last pass made long ago, whose
   * first request sweeps; resolves
   * once that pass has removed some of `what` (images unless told).
   */
  sweep(what?: 'images' | 'archives' | 'year'): Promise<void>
  /** Everything the server process printed so far; undefined when it is this process (spy on console). */
  serverOutput?: () => string
  close(): Promise<void>
}

/**
 * The address the app reaches its throwaway database at, given that database's
 * URL (postgres and deno targets): a proxy in front of it that a test breaks on
 * purpose. `sql()` still connects directly, so the test can arrange and look
 * while the app's way in is cut.
 */
export type ConnectVia = (databaseUrl: string) => Promise<string>

/** Settings a test file gives the server, as the environment would. */
export interface ServerSettings {
  /** DEPLOY_HOOK_URL and DEPLOY_HOOK_QUIET_SECONDS (publish.ts). */
  publish?: PublishSettings
  /** STATS_RETENTION_DAYS and STATS_EVENTS_PER_MINUTE (stats.ts). */
  stats?: StatsSettings
  /** ALLOWED_ORIGINS (cross-site.ts). */
  allowedOrigins?: string[]
  /** SITE_URL: where the back office is opened, whose host passkeys belong to. */
  siteUrl?: string
  /** EXPENSIVE_WORK_* and KEPT_ANSWERS_* (load-settings.ts), as the environment would give them. */
  load?: Record<string, string>
  /**
   * Events written in batches, as `npm start` does (visit-batch.ts), with these
   * options; in-process targets only (the edge function writes each event).
   */
  visits?: VisitQueueOptions
  /** GITHUB_API_URL and GITHUB_TIMEOUT_SECONDS (github/client.ts): a stand-in for GitHub's API. */
  github?: { apiUrl: string; timeoutSeconds?: number }
}

/** The GitHub settings the environment would give for `settings.github`. */
const githubEnv = (settings: ServerSettings): Record<string, string> =>
  settings.github
    ? {
        GITHUB_API_URL: settings.github.apiUrl,
        ...(settings.github.timeoutSeconds
          ? { GITHUB_TIMEOUT_SECONDS: String(settings.github.timeoutSeconds) }
          : {}),
      }
    : {}

async function localFolderBackend(
  driver: Driver,
  cleanup: () => Promise<void>,
  settings: ServerSettings,
  admin: Driver = driver,
): Promise<Backend> {
  const uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-uploads-'))
  const images = new LocalFolderStore(uploadsDir, '/uploads', { signingSecret: TEST_SECRET })
  const archivesDir = path.join(uploadsDir, '..', `${path.basename(uploadsDir)}-backups`)
  const archives = new LocalArchiveStore(archivesDir, TEST_SECRET)
  const storage = signedUploads(images, '/uploads', archives)
  const db = createDatabase(driver)
  const publisher = createPublisher(driver, settings.publish ?? null)
  const load = settings.load ? readLoadSettings((name) => settings.load![name]) : null
  const visits = settings.visits
    ? createVisitQueue(db, settings.stats ?? DEFAULT_STATS_SETTINGS, settings.visits)
    : undefined
  const app = createApp(
    {
      db,
      images,
      archives,
      tokenKey: makeTokenKey(TEST_SECRET),
      publisher,
      stats: settings.stats,
      // As on the edge function: registration needs the code (setup-code.ts).
      setup: { code: TEST_SETUP_CODE, loopbackWithoutCode: false },
      allowedOrigins: settings.allowedOrigins,
      siteUrl: settings.siteUrl,
      visits,
      // Read as the servers read the environment (edge-env.ts, server/config.ts).
      ...(settings.github
        ? { github: readGithubSettings((name) => githubEnv(settings)[name]) }
        : {}),
      ...(load
        ? {
            work: createWorkQueue({
              concurrency: load.workConcurrency,
              waiting: load.workWaiting,
            }),
          }
        : {}),
    },
    load ? { memoLimits: load.keptAnswers } : {},
  )
  return {
    app,
    db,
    images,
    visits,
    fetch: (request) => Promise.resolve(app.fetch(request)),
    sql: (query, params) => admin.transaction((tx) => tx.query(query, params)),
    async storedFile(url) {
      const name = url.replace(/^\/uploads\//, '')
      if (name.includes('/')) return null
      try {
        return new Uint8Array(await readFile(path.join(uploadsDir, name)))
      } catch {
        return null
      }
    },
    storedCount: async () => (await readdir(uploadsDir)).length,
    storedArchives: () => readdir(archivesDir).catch(() => []),
    supabaseUrl: 'http://api.test',
    storageFetch: (request) => Promise.resolve(storage.fetch(request)),
    async plantStoredFile(name, bytes) {
      await writeFile(path.join(uploadsDir, name), bytes)
      return `/uploads/${name}`
    },
    async ageStoredFile(url, ageMs) {
      const when = new Date(Date.now() - ageMs)
      await utimes(path.join(uploadsDir, url.replace(/^\/uploads\//, '')), when, when)
    },
    async ageStoredArchive(name, ageMs) {
      const when = new Date(Date.now() - ageMs)
      await utimes(path.join(archivesDir, name), when, when)
    },
    failNextRemoval() {
      const remove = images.remove.bind(images)
      images.remove = async () => {
        images.remove = remove
        throw new Error('The process died before removing the file')
      }
    },
    sweep: () => sweepFiles(driver, { images, archives }),
    async close() {
      publisher.cancel()
      await visits?.close()
      await driver.close()
      await cleanup()
      await rm(uploadsDir, { recursive: true, force: true })
      await rm(archivesDir, { recursive: true, force: true })
    },
  }
}

async function pgliteBackend(settings: ServerSettings): Promise<Backend> {
  const driver = await createPgliteDriver(undefined, {
    loadDataDir: new TemplateBlob(await migratedPgliteTemplate()),
    settings: TEST_PGLITE_SETTINGS,
  })
  return localFolderBackend(driver, async () => {}, settings)
}

async function postgresBackend(settings: ServerSettings, via?: ConnectVia): Promise<Backend> {
  const database = await throwawayDatabase(await migrationsHash())
  // Prepared statements on, as `npm start` has them on PostgreSQL (the Deno target runs with them off).
  const driver = createPostgresDriver(via ? await via(database.url) : database.url, 4, {
    prepare: true,
  })
  if (!via) return localFolderBackend(driver, database.drop, settings)
  const admin = createPostgresDriver(database.url, 2)
  const cleanup = async () => {
    await admin.close()
    await database.drop()
  }
  return localFolderBackend(driver, cleanup, settings, admin)
}

/**
 * DB_POOLER_URL for the function when TEST_DB_POOLER names a transaction-mode
 * pooler (host:port) in front of the test server, as tests/deno/pgbouncer.sh
 * starts one: the database's URL with the pooler's address. Not when a test
 * puts its own proxy in front (`via`), which the pooler would bypass.
 */
function poolerUrl(databaseUrl: string, via?: ConnectVia): Record<string, string> {
  const pooler = process.env.TEST_DB_POOLER?.trim()
  if (!pooler || via) return {}
  const url = new URL(databaseUrl)
  url.host = pooler
  return { DB_POOLER_URL: url.toString() }
}

async function denoBackend(settings: ServerSettings, via?: ConnectVia): Promise<Backend> {
  const database = await throwawayDatabase(await migrationsHash())
  const appUrl = via ? await via(database.url) : database.url
  const admin = createPostgresDriver(database.url, 2)
  const storage = await startStorageStandIn({ serviceKey: 'stand-in-service-key' })
  const start = () =>
    startEdgeFunction({
      SUPABASE_DB_URL: appUrl,
      ...poolerUrl(database.url, via),
      JWT_SECRET: TEST_SECRET,
      SUPABASE_URL: storage.url,
      SUPABASE_SERVICE_ROLE_KEY: 'stand-in-service-key',
      // This harness is the proxy in front of the function: tests name the
      // client's address as the last X-Forwarded-For entry, as on the other targets.
      CLIENT_IP_HEADER: 'x-forwarded-for',
      SETUP_TOKEN: TEST_SETUP_CODE,
      ...(settings.publish
        ? {
            DEPLOY_HOOK_URL: settings.publish.hookUrl,
            DEPLOY_HOOK_QUIET_SECONDS: String(settings.publish.quietMs / 1000),
          }
        : {}),
      ...(settings.allowedOrigins ? { ALLOWED_ORIGINS: settings.allowedOrigins.join(',') } : {}),
      ...(settings.siteUrl ? { SITE_URL: settings.siteUrl } : {}),
      ...settings.load,
      ...githubEnv(settings),
      ...(settings.stats
        ? {
            STATS_RETENTION_DAYS: String(settings.stats.retentionDays),
            STATS_EVENTS_PER_MINUTE: String(settings.stats.eventsPerMinute),
          }
        : {}),
    })
  let edge = await start()
  const prefix = `${storage.url}/storage/v1/object/public/images/`
  return {
    fetch: (request) => {
      const url = new URL(request.url)
      const forwarded = new Request(`${edge.url}${url.pathname}${url.search}`, request)
      // Deno 2.1, like Supabase's edge runtime built on it, compresses an
      // answer the client accepts compressed and so weakens its ETag (W/):
      // the tests read the app's own headers, so they ask for no encoding
      // unless they name one (http-cache.test.ts checks the compressed path).
      if (!forwarded.headers.has('accept-encoding'))
        forwarded.headers.set('accept-encoding', 'identity')
      return fetch(forwarded)
    },
    sql: (query, params) => admin.transaction((tx) => tx.query(query, params)),
    storedFile: async (url) => {
      if (!url.startsWith(prefix)) return null
      const object = storage.objects.get(url.slice(prefix.length))
      return object ? new Uint8Array(object.bytes) : null
    },
    storedCount: async () => storage.objects.size,
    storedArchives: async () => [...storage.bucket('backups').keys()],
    supabaseUrl: storage.url,
    storageFetch: (request) => fetch(request),
    async plantStoredFile(name, bytes, contentType) {
      storage.objects.set(name, { bytes: Buffer.from(bytes), contentType, createdAt: new Date() })
      return `${prefix}${name}`
    },
    async ageStoredFile(url, ageMs) {
      const object = storage.objects.get(url.slice(prefix.length))
      if (object) object.createdAt = new Date(Date.now() - ageMs)
    },
    async ageStoredArchive(name, ageMs) {
      const object = storage.bucket('backups').get(name)
      if (object) object.createdAt = new Date(Date.now() - ageMs)
    },
    failNextRemoval: () => storage.failNext(),
    async sweep(what = 'images') {
      await edge.stop()
      // As an hour after the last pass: the new worker's first request claims one.
      await admin.query(`update app.periodic_jobs set last_run = '-infinity'`)
      edge = await start()
      const deadline = Date.now() + 20_000
      const removed =
        what === 'images'
          ? /Image sweep: removed/
          : what === 'archives'
            ? /Archive sweep: removed/
            : /New year: the content version moved on/
      while (!removed.test(edge.output())) {
        if (Date.now() > deadline)
          throw new Error(`no sweep removed anything within 20 s:\n${edge.output()}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
    serverOutput: () => edge.output(),
    async close() {
      await edge.stop()
      await storage.close()
      await admin.close()
      await database.drop()
    },
  }
}

export interface Answer<T = unknown> {
  status: number
  body: T
  headers: Headers
}

export interface RequestOptions {
  token?: string
  body?: unknown
  /** Sent as is (for bad JSON and multipart tests). */
  rawBody?: BodyInit
  /** Answer the body as bytes (a downloaded archive), not as JSON or text. */
  binary?: boolean
  /**
   * false: do not check the answer against the OpenAPI document, for a test
   * that breaks the server on purpose (an unexpected error's 500).
   */
  contract?: boolean
  headers?: Record<string, string>
}

/**
 * `on`: another target than this run's, for tests that move data between two
 * (tests/api/backup-move.test.ts). `via`: see ConnectVia; not on pglite.
 * `settings`: what the environment would set on the server.
 */
export async function createTestContext(
  on: Target = target,
  via?: ConnectVia,
  settings: ServerSettings = {},
) {
  if (via && on === 'pglite') throw new Error('PGlite has no database URL to connect via')
  const backend =
    on === 'pglite'
      ? await pgliteBackend(settings)
      : on === 'postgres'
        ? await postgresBackend(settings, via)
        : await denoBackend(settings, via)
  const key = makeTokenKey(TEST_SECRET)

  // The document as this target serves it; every answer below is checked against it.
  let contract: Promise<ContractCheck> | undefined
  const loadContract = async () => {
    const response = await backend.fetch(new Request('http://api.test/api/openapi.json'))
    if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}`)
    return contractCheckOf(await response.text())
  }

  // Test bodies are read loosely; each test asserts the fields it cares about.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function request<T = any>(
    method: string,
    url: string,
    options: RequestOptions = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.authorization = `Bearer ${options.token}`
    let body: BodyInit | undefined = options.rawBody
    if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] ??= 'application/json'
    }
    const response = await backend.fetch(
      // duplex: 'half' lets rawBody be a ReadableStream (a chunked upload).
      new Request(`http://api.test/api${url}`, {
        method,
        headers,
        body,
        duplex: 'half',
      } as RequestInit),
    )
    const check = async (body: unknown) => {
      if (options.contract === false) return
      const pathname = new URL(`http://api.test${url}`).pathname
      ;(await (contract ??= loadContract())).check(
        method,
        pathname,
        response.status,
        body,
        response.headers.get('content-type') ?? '',
      )
    }
    if (options.binary) {
      const bytes = new Uint8Array(await response.arrayBuffer())
      await check(null)
      return { status: response.status, body: bytes as T, headers: response.headers }
    }
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // Not JSON: keep the text.
    }
    await check(parsed)
    return { status: response.status, body: parsed as T, headers: response.headers }
  }

  /**
   * A token as a sign-in would give: with a session opened for it in the
   * database (migration ..._sessions.sql). None for an account that does not
   * exist, whose token is refused anyway.
   */
  async function tokenFor(userId: number, ttlSeconds?: number) {
    const [session] = await backend.sql<{ id: string }>(
      `insert into app.sessions (user_id, expires_at)
       select id, now() + interval '8 hours' from public.users where id = $1 returning id::text`,
      [userId],
    )
    return signToken(key, userId, ttlSeconds, session?.id)
  }

  /** The first admin, through the public register call. */
  async function registerAdmin(username = 'admin', password = ADMIN_PASSWORD) {
    const res = await request<AuthResponse>('POST', '/auth/register', {
      body: { username, password, setupToken: TEST_SETUP_CODE },
    })
    if (res.status !== 201)
      throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`)
    return { token: res.body.accessToken, user: res.body.user }
  }

  let created = 0
  /**
   * Another account, created by an admin through POST /users; an admin takes
   * the creating admin's password (`currentPassword`), the first admin's unless told.
   */
  async function createUser(
    role: Role,
    adminToken: string,
    username = `${role}${++created}`,
    currentPassword = ADMIN_PASSWORD,
  ) {
    const res = await request<User>('POST', '/users', {
      token: adminToken,
      body: { username, password: 'pass-word-1', role, currentPassword },
    })
    if (res.status !== 201)
      throw new Error(`create user failed: ${res.status} ${JSON.stringify(res.body)}`)
    return { user: res.body, token: await tokenFor(res.body.id) }
  }

  /** Realtime's socket, never opened by an upload. */
  class NoSocket {
    constructor() {
      throw new Error('Realtime is not used by uploads')
    }
  }

  /**
   * Sends a file as the back office does: supabase-js's uploadToSignedUrl with
   * what POST /uploads/sign answered, through a client that holds no token of
   * ours (its key is a placeholder; the signed URL's token authorizes).
   */
  async function uploadSigned(
    signed: SignedUpload | SignedArchiveUpload,
    file: Blob,
    bucket: 'images' | 'backups' = 'images',
  ) {
    // Imported here, so the files that never upload this way load none of it.
    const { createClient } = await import('@supabase/supabase-js')
    const client = createClient(backend.supabaseUrl, 'placeholder-key', {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: (input, init) => backend.storageFetch(new Request(input, init)) },
      // Node 20 has no WebSocket, which the client wants at hand though nothing here opens one.
      realtime: { transport: NoSocket as never },
    })
    return client.storage.from(bucket).uploadToSignedUrl(signed.path, signed.token, file)
  }

  /** A visitor, a read-only `user` and an admin, plus broken tokens of the admin. */
  async function roles() {
    const admin = await registerAdmin()
    const user = await createUser('user', admin.token)
    return {
      admin,
      user,
      expiredToken: await tokenFor(admin.user.id, -60),
      tamperedToken: tamper(admin.token, user.user.id),
      algNoneToken: algNone(admin.user.id),
    }
  }

  return {
    target: on,
    /** The Hono app, on the in-process targets only. */
    app: backend.app,
    db: backend.db,
    images: backend.images,
    visits: backend.visits,
    request,
    /** The API as a fetch, for clients that speak HTTP themselves (the MCP SDK's); unchecked against the document. */
    fetch: backend.fetch,
    sql: backend.sql,
    storedFile: backend.storedFile,
    supabaseUrl: backend.supabaseUrl,
    storageFetch: backend.storageFetch,
    plantStoredFile: backend.plantStoredFile,
    uploadSigned,
    storedCount: backend.storedCount,
    storedArchives: backend.storedArchives,
    ageStoredFile: backend.ageStoredFile,
    ageStoredArchive: backend.ageStoredArchive,
    failNextRemoval: backend.failNextRemoval,
    sweep: backend.sweep,
    /** The deno target's printed output; in-process targets log to this process's console. */
    serverOutput: backend.serverOutput,
    tokenFor,
    registerAdmin,
    setupToken: TEST_SETUP_CODE,
    createUser,
    roles,
    close: () => backend.close(),
  }
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>

const b64url = (value: string | Uint8Array) => Buffer.from(value).toString('base64url')

/** Keeps the header and signature of a real token and swaps its payload for one claiming another `sub`. */
export function tamper(token: string, otherUserId: number): string {
  const [header, payload, signature] = token.split('.') as [string, string, string]
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >
  claims.sub = String(otherUserId === Number(claims.sub) ? otherUserId + 1 : otherUserId)
  return `${header}.${b64url(JSON.stringify(claims))}.${signature}`
}

/** An unsigned token ({"alg":"none"}) with otherwise valid claims. */
export function algNone(userId: number): string {
  const header = b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))
  const payload = b64url(
    JSON.stringify({
      sub: String(userId),
      role: 'authenticated',
      exp: Math.floor(Date.now() / 1000) + 3600,
    }),
  )
  return `${header}.${payload}.`
}

/** The smallest valid PNG (1x1, transparent). */
export const tinyPng = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
)

export function imageForm(bytes: Uint8Array, filename = 'photo.png', type = 'image/png'): FormData {
  const form = new FormData()
  form.append('file', new File([bytes as BlobPart], filename, { type }))
  return form
}
