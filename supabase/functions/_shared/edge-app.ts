// The app as the Supabase Edge Function builds it from its environment
// (edge-env.ts: the database URL and pool, JWT_SECRET, the Storage bucket when a
// project URL and a key are there). Kept out of functions/api/index.ts so that
// file only wires Deno.serve.
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { createApp } from './app.ts'
import { tokenKey } from './accounts/auth.ts'
import { parseAllowedOrigins } from './http/cross-site.ts'
import { createDatabase } from './db/db.ts'
import { readEdgeEnv, type EnvReader } from './edge-env.ts'
import { HttpError } from './http/errors.ts'
import type { ImageStore } from './images/image-store.ts'
import { SupabaseStorageStore } from './images/supabase-storage-store.ts'
import { fileSweeper } from './images/sweep.ts'
import { schedulePass } from './api/resources/posts/schedule.ts'
import { githubDailySync } from './github/sync.ts'
import { createPostgresDriver } from './db/postgres-driver.ts'
import { createPublisher, type Publisher } from './toolkit/publish.ts'
import { SupabaseArchiveStore } from './toolkit/archive-store.ts'
import { createWorkQueue } from './http/work-queue.ts'
import type { CvFontSource } from './resume/cv-fonts.ts'

export type { EnvReader }

/** Without a storage service, uploads answer 503 and everything else works. */
const noImageStore: ImageStore = {
  save: () => Promise.reject(new HttpError(503, 'Image uploads are not configured on this server')),
  remove: () => Promise.resolve(false),
  nameFromUrl: () => null,
  exists: () => Promise.resolve(false),
  readStart: () => Promise.resolve(null),
}

/**
 * How long after its start a worker may still be waiting for anything: under
 * the 150 s of wall clock Supabase gives a worker on the free plan, with room
 * for the deploy hook's call (10 s at most) after the last wait.
 */
const WAITS_WITHIN_MS = 120_000

/**
 * Keeps the worker alive until `work` ends, where Supabase's runtime offers
 * that (EdgeRuntime.waitUntil); elsewhere it runs while the process lives.
 */
function afterAnswer(work: Promise<void>): void {
  const runtime = (globalThis as { EdgeRuntime?: { waitUntil?(work: Promise<unknown>): void } })
    .EdgeRuntime
  runtime?.waitUntil?.(work)
}

/** `cvFonts`: the CV's fonts from elsewhere than the bundled module (AppDeps.cvFonts). */
export function createEdgeApp(env: EnvReader, cvFonts?: CvFontSource) {
  // Every setting is checked before anything is built: a worker either boots
  // whole or fails with the reason.
  const settings = readEdgeEnv(env)
  const origins = parseAllowedOrigins(env('ALLOWED_ORIGINS'))
  const key = tokenKey(settings.jwtSecret)
  // Every worker opens its own pool: a few connections, closed when idle.
  const db = createDatabase(
    createPostgresDriver(settings.databaseUrl, settings.poolMax, {
      idleTimeout: settings.idleTimeout,
      prepare: settings.prepare,
    }),
    { sessionIdleSeconds: settings.sessionIdleSeconds },
  )
  const images = settings.storage
    ? new SupabaseStorageStore({
        url: settings.storage.url,
        publicUrl: settings.storage.publicUrl,
        serviceKey: settings.storage.key,
        bucket: 'images',
      })
    : noImageStore
  // Archives for a restore wait in the private bucket "backups" (docs/decisions/029).
  const archives = settings.storage
    ? new SupabaseArchiveStore({
        url: settings.storage.url,
        publicUrl: settings.storage.publicUrl,
        serviceKey: settings.storage.key,
      })
    : undefined
  // The wait before calling the deploy hook runs after the answer, kept alive
  // by waitUntil, but never past the worker's wall-clock limit: a publish
  // whose quiet period ends later is made by a later request that finds it due
  // (docs/decisions/035-periodic-work-claimed-in-the-database.md).
  const publisher = createPublisher(db.driver, settings.publish, {
    waitsEndBy: Date.now() + WAITS_WITHIN_MS,
  })
  const keptAlive: Publisher = {
    ...publisher,
    nudge() {
      const work = publisher.nudge()
      if (work) afterAnswer(work)
      return work
    },
  }
  const app = createApp(
    {
      db,
      images,
      archives,
      tokenKey: key,
      clientAddress: settings.clientAddress,
      publisher: keptAlive,
      stats: settings.stats,
      cvFonts,
      // No request reaches a deployed function from its own machine: the code is the only proof.
      setup: { code: settings.setupToken, loopbackWithoutCode: false },
      sessionIdleSeconds: settings.sessionIdleSeconds,
      allowedOrigins: origins,
      siteUrl: settings.siteUrl,
      github: settings.github,
      work: createWorkQueue({
        concurrency: settings.load.workConcurrency,
        waiting: settings.load.workWaiting,
      }),
    },
    { memoLimits: settings.load.keptAnswers },
  )

  // In production the SPA is hosted elsewhere and calls the function across
  // origins. Tokens travel in the Authorization header, never in cookies, so no
  // credentials are allowed; ALLOWED_ORIGINS (comma-separated) narrows the list,
  // and names the site whose pages may post the contact form and the visit
  // beacon (cross-site.ts).
  const edge = new Hono()
  // A worker has no timer it can count on, so its requests ask the database,
  // at most every few minutes, whether the hourly pass is due, and the one
  // worker that claims it makes it after the answer
  // (docs/decisions/020-files-after-commit.md, 035-periodic-work-claimed-in-the-database.md);
  // the same pass removes archives no restore named (docs/decisions/029).
  // Requests also finish a publish another worker could not wait for.
  const sweeper = fileSweeper(db.driver, { images, archives })
  // Scheduled posts are asked after more often: they publish within a minute.
  const schedule = schedulePass(db.driver)
  // Projects imported from GitHub: synced once a day, by the worker that claims it (docs/github.md).
  const githubSync = githubDailySync(db.driver, settings.github)
  // The passes start once the request has its answer, one after another: a
  // new worker finds them all due, and started together with the request they
  // wanted four connections of a pool of three, so that request, and any
  // other arriving meanwhile, waited behind them, and past ACQUIRE_TIMEOUT_MS
  // answered 503 on a busy machine. In turn they hold one or two connections
  // and leave the requests the rest; a long pass (a GitHub sync) puts the
  // next ones off until a request after it ends.
  const passes = [() => sweeper.runIfDue(), () => schedule.runIfDue(), () => githubSync.runIfDue()]
  let upkeep: Promise<void> | null = null
  const upkeepInTurn = async () => {
    for (const pass of passes) await pass()
  }
  edge.use('*', async (_c, next) => {
    await next()
    if (!upkeep) {
      upkeep = upkeepInTurn().finally(() => {
        upkeep = null
      })
      afterAnswer(upkeep)
    }
    const publish = publisher.publishIfDue()
    if (publish) afterAnswer(publish)
  })
  edge.use(
    '*',
    cors({
      origin: origins.length ? origins : '*',
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      // If-Match and ETag: the edit forms send back the version they loaded
      // (docs/decisions/009-optimistic-concurrency.md); a cross-origin page can
      // read only the response headers listed here.
      // apikey and x-client-info: what supabase-js adds to every request it sends.
      // X-Share-Pass: a share link's pass, where its cookie cannot go (docs/decisions/052).
      allowHeaders: [
        'Authorization',
        'Content-Type',
        'If-Match',
        'apikey',
        'x-client-info',
        'X-Share-Pass',
      ],
      // X-Total-Count and X-Next-Cursor: GET /projects in pages (docs/decisions/010).
      exposeHeaders: ['Retry-After', 'ETag', 'X-Total-Count', 'X-Next-Cursor'],
      maxAge: 600,
    }),
  )
  // Hand every request to the app itself so its own 404 and error bodies stay.
  // c.env is Deno.serve's handler info: the connection's address, for a
  // request that lacks the header rate limits read (client-key.ts).
  edge.all('*', (c) => app.fetch(c.req.raw, c.env))
  return edge
}
