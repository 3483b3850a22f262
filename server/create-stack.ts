// The local stack (docs/ARCHITECTURE.md, "Three ways to run it"): the database (PGlite in
// the data folder, or Postgres when DATABASE_URL is set) migrated and seeded,
// the same Hono app the edge function serves, mounted where Supabase mounts it
// (/functions/v1/api/...), and uploaded images served from a folder.
import { DEFAULT_GITHUB_SETTINGS } from '../supabase/functions/_shared/github/client.ts'
import {
  githubDailySync,
  GITHUB_SYNC_ASK_EVERY_MS,
} from '../supabase/functions/_shared/github/sync.ts'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { Hono } from 'hono'
import { createApp } from '../supabase/functions/_shared/app.ts'
import type { AppDeps } from '../supabase/functions/_shared/context.ts'
import type { Compressor, KeptLookup } from '../supabase/functions/_shared/http/http-cache.ts'
import { tokenKey } from '../supabase/functions/_shared/accounts/auth.ts'
import { createDatabase, type Database, type Driver } from '../supabase/functions/_shared/db/db.ts'
import { LocalFolderStore } from '../supabase/functions/_shared/images/local-folder-store.ts'
import { fileSweeper, SWEEP_ASK_EVERY_MS } from '../supabase/functions/_shared/images/sweep.ts'
import {
  schedulePass,
  SCHEDULE_ASK_EVERY_MS,
} from '../supabase/functions/_shared/api/resources/posts/schedule.ts'
import {
  createPublisher,
  PUBLISH_ASK_EVERY_MS,
} from '../supabase/functions/_shared/toolkit/publish.ts'
import { LocalArchiveStore } from '../supabase/functions/_shared/toolkit/local-archive-store.ts'
import type { WorkQueue } from '../supabase/functions/_shared/http/work-queue.ts'
import { createVisitQueue } from '../supabase/functions/_shared/visits/visit-batch.ts'
import { DEFAULT_STATS_SETTINGS } from '../supabase/functions/_shared/visits/stats.ts'
import { prepareDataDir, removeSharedWrite, resolveJwtSecret, type ServerConfig } from './config.ts'
import { createPgliteDriver } from './db/pglite-driver.ts'
import { createPostgresDriver } from './db/postgres-driver.ts'
import { API_DOCS_PATH, apiDocs } from './api-docs.ts'
import { serveUpload } from './files.ts'
import { migrate, type MigrateResult } from './migrate.ts'
import { signedUploads } from './signed-uploads.ts'
import { deriveSetupCode } from '../supabase/functions/_shared/accounts/setup-code.ts'

export const API_PREFIX = '/functions/v1'
/** The assistants' endpoint at the site's root (docs/PRODUCT.md §25), the same call as the API's /mcp. */
export const SITE_MCP_PATH = '/mcp'
export const UPLOADS_PREFIX = '/uploads'
/** Where Storage's API would be: the signed uploads the back office sends (server/signed-uploads.ts). */
export const STORAGE_PREFIX = '/storage/v1'

export interface Stack {
  /** Answers /functions/v1/* (the API), /uploads/* and signed uploads under /storage/v1; callers may add routes (the SPA) before serving. */
  app: Hono
  /** The API alone (`app` hands it /functions/v1/*): a server may call it directly, one dispatch less. */
  api: { fetch(request: Request): Response | Promise<Response> }
  /** The API's kept public answers, for a server's direct lane (server/http.ts). */
  kept: KeptLookup
  db: Database
  /** What the API was built with: a server that answers beside it reads the client key's rule from it (client-key.ts). */
  deps: AppDeps
  /** Where the data lives, for the start-up banner: a folder, or the URL without its password. */
  databaseLocation: string
  uploadsDir: string
  migration: MigrateResult
  /** Whether a path belongs to the stack rather than to the SPA. */
  owns(pathname: string): boolean
  /** While no account exists: the link that lets the owner register from anywhere (setup-code.ts). */
  setupLink(origin: string): Promise<string | null>
  close(): Promise<void>
}

export async function createStack(
  config: ServerConfig,
  options: {
    seed?: boolean
    compress?: Compressor
    work?: WorkQueue
    /** Draws CVs off the request thread (server/render-thread.ts); AppDeps.cvRenderer. */
    cvRenderer?: AppDeps['cvRenderer']
    /** PGlite's server settings (-c name=value); the tests give theirs a small cache. */
    pgliteSettings?: Record<string, string>
  } = {},
): Promise<Stack> {
  await prepareDataDir(config.dataDir)
  const secret = await resolveJwtSecret(config)
  const driver = config.databaseUrl
    ? createPostgresDriver(config.databaseUrl, 10, { prepare: config.prepare ?? true })
    : await createPgliteDriver(path.join(config.dataDir, 'pglite'), {
        settings: options.pgliteSettings,
      })
  let migration: MigrateResult
  try {
    migration = await migrate(driver, { seed: options.seed ?? config.demoContent })
    await checkRoleSwitch(driver)
  } catch (error) {
    await driver.close().catch(() => {})
    throw error
  }

  const db = createDatabase(driver, { sessionIdleSeconds: config.sessionIdleSeconds })
  const uploadsDir = path.join(config.dataDir, 'uploads')
  await mkdir(uploadsDir, { recursive: true })
  await removeSharedWrite(config.dataDir)
  const images = new LocalFolderStore(uploadsDir, UPLOADS_PREFIX, { signingSecret: secret })
  // Archives sent for a restore, never served; each is removed once restored or refused.
  const archives = new LocalArchiveStore(path.join(config.dataDir, 'backup-uploads'), secret)
  const publisher = createPublisher(driver, config.publish ?? null)
  const setupCode = config.setupToken ?? deriveSetupCode(secret)
  // Visit events wait in memory and are written once a second, all in one
  // statement (docs/decisions/043-batched-visit-events.md).
  const visits = createVisitQueue(db, config.stats ?? DEFAULT_STATS_SETTINGS)
  const deps: AppDeps = {
    db,
    images,
    archives,
    tokenKey: tokenKey(secret),
    publisher,
    stats: config.stats,
    setup: { code: setupCode, loopbackWithoutCode: true },
    sessionIdleSeconds: config.sessionIdleSeconds,
    allowedOrigins: config.allowedOrigins,
    siteUrl: config.siteUrl ?? `http://localhost:${config.port}`,
    github: config.github,
    // Shared with the page renderer of `npm start`, so pages, images and CVs take turns together.
    work: options.work,
    cvRenderer: options.cvRenderer,
    visits,
  }
  let kept: KeptLookup = () => null
  const api = createApp(deps, {
    compress: options.compress,
    basePath: `${API_PREFIX}/api`,
    memoLimits: config.load?.keptAnswers,
    onKept: (lookup) => (kept = lookup),
  })
  // Files nothing uses, left by a crash or an interrupted restore, and archives
  // no restore named go once an hour (docs/decisions/020-files-after-commit.md,
  // 029-archives-through-storage.md): this process asks at start and then every
  // few minutes, and the database lets one process of all those sharing it
  // make each pass (docs/decisions/035-periodic-work-claimed-in-the-database.md).
  const sweeper = fileSweeper(driver, { images, archives })
  await sweeper.runIfDue()
  const sweeps = setInterval(() => void sweeper.runIfDue(), SWEEP_ASK_EVERY_MS)
  sweeps.unref()
  // Scheduled posts publish themselves within a minute, whichever process claims the pass.
  const schedule = schedulePass(driver)
  await schedule.runIfDue()
  const schedules = setInterval(() => void schedule.runIfDue(), SCHEDULE_ASK_EVERY_MS)
  schedules.unref()
  // A publish another process asked for and could not finish (it stopped
  // during its wait) is made by whichever process next finds it due.
  const publishes = setInterval(() => void publisher.publishIfDue(), PUBLISH_ASK_EVERY_MS)
  publishes.unref()
  // Projects imported from GitHub are synced once a day, by whichever process
  // claims the day (docs/github.md); not awaited: GitHub may be slow.
  const githubSync = githubDailySync(driver, config.github ?? DEFAULT_GITHUB_SETTINGS)
  void githubSync.runIfDue()
  const githubSyncs = setInterval(() => void githubSync.runIfDue(), GITHUB_SYNC_ASK_EVERY_MS)
  githubSyncs.unref()

  const app = new Hono()
  // The API answers its own paths in place. Hono's mount() would rebuild every
  // request with a shorter URL (a full Request, with its AbortSignal): a quarter
  // of the server's CPU time for a cached public read (docs/PERFORMANCE.md, profiles).
  app.all(`${API_PREFIX}/*`, (c) => api.fetch(c.req.raw))
  app.all(SITE_MCP_PATH, (c) => {
    const url = new URL(c.req.url)
    return api.fetch(new Request(new URL(`${API_PREFIX}/api/mcp${url.search}`, url), c.req.raw))
  })
  app.get(`${UPLOADS_PREFIX}/:name`, (c) => serveUpload(uploadsDir, c.req.param('name')))
  // The API reference (server/api-docs.ts), on this server only: never in a build.
  app.route('/', apiDocs(`${API_PREFIX}/api/openapi.json`))
  app.route('/', signedUploads(images, UPLOADS_PREFIX, archives))

  let closed = false
  return {
    app,
    api,
    kept: (path, search, headers) => kept(path, search, headers),
    db,
    deps,
    databaseLocation: config.databaseUrl
      ? redact(config.databaseUrl)
      : path.join(config.dataDir, 'pglite'),
    uploadsDir,
    migration,
    async setupLink(origin) {
      const [row] = await driver.query<{ open: boolean }>('select app.registration_open() as open')
      return row?.open ? `${origin}/admin/register?setup=${encodeURIComponent(setupCode)}` : null
    },
    owns: (pathname) =>
      pathname === API_PREFIX ||
      pathname === SITE_MCP_PATH ||
      pathname === API_DOCS_PATH ||
      pathname.startsWith(`${API_DOCS_PATH}/`) ||
      pathname.startsWith(`${API_PREFIX}/`) ||
      pathname.startsWith(`${UPLOADS_PREFIX}/`) ||
      pathname.startsWith(`${STORAGE_PREFIX}/`),
    async close() {
      if (closed) return
      closed = true
      clearInterval(sweeps)
      clearInterval(schedules)
      clearInterval(publishes)
      clearInterval(githubSyncs)
      publisher.cancel()
      await sweeper.idle()
      // The events of the last second, before the database goes.
      await visits.close()
      await driver.close()
    },
  }
}

/**
 * Every request switches to anon or authenticated. A connecting role that may
 * not (a database owner that is no superuser and could not be given the roles
 * by supabase/schemas/00_roles_and_helpers.sql) stops the
 * start with the grant to run, instead of answering 403 to every request.
 */
async function checkRoleSwitch(driver: Driver): Promise<void> {
  try {
    await driver.transaction(async (tx) => {
      await tx.query(`select set_config('role', 'anon', true)`)
      await tx.query(`select set_config('role', 'authenticated', true)`)
    })
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error
    const [me] = await driver.query<{ name: string }>('select current_user as name')
    const role = `"${String(me?.name).replace(/"/g, '""')}"`
    throw new Error(
      `The database role ${role} may not switch to the roles anon and authenticated, as every API request does. As a superuser, run: grant anon, authenticated to ${role}`,
      { cause: error },
    )
  }
}

function redact(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'postgres (DATABASE_URL)'
  }
}
