// The sweep (docs/decisions/020-files-after-commit.md): removes stored images
// nothing uses that are older than an hour, and the temporaries an interrupted
// save left behind. Files are removed after the change that freed them has
// committed (images/unreferenced.ts), so a process that dies in between, a
// restore cut short, or an upload never saved into content leaves files
// nobody uses; this is what takes them away.
//
// The hour keeps a fresh upload, which the back office saves into a project a
// moment later, out of reach. An older upload that is saved while the sweep
// runs is safe too: the sweep decides and removes under lockImageReferences(),
// as every removal does, and a write that starts using a file takes the same
// lock and is refused (409) if the file is gone.
//
// The same pass removes backup archives uploaded for a restore that never
// named them (docs/decisions/029-archives-through-storage.md): the page closed
// between the upload and POST /backup/restore, or the network dropped.
import type { Driver, Queryable } from '../db/db.ts'
import type { ArchiveStore } from '../toolkit/archive-store.ts'
import type { ImageStore } from './image-store.ts'
import { lockImageReferences, removeImages, unreferencedImages } from './unreferenced.ts'

const HOUR_MS = 60 * 60 * 1000
/** How often a pass runs, once for all processes and workers on one database. */
export const SWEEP_EVERY_MS = HOUR_MS
/**
 * How long an uploaded archive may wait for its restore. The back office
 * names it to POST /backup/restore as soon as the upload ends, and the
 * restore removes it when it ends, within the function's few minutes; one
 * still there an hour later was abandoned. Its age counts from the end of the
 * upload (Storage's created_at, the file's mtime), so a slow upload does not
 * shorten it.
 */
export const ARCHIVE_MAX_AGE_MS = HOUR_MS

export interface SweepOptions {
  /** Objects younger than this are kept; an hour unless a test says otherwise. */
  minAgeMs?: number
  now?: () => number
}

/**
 * The sweep reads as the connecting role, outside any request, and must see
 * every row: one hidden by row-level security would look unused and its file
 * would go. With row_security off, Postgres refuses a query that policies would
 * filter instead of filtering it, so such a role sweeps nothing rather than
 * everything.
 */
async function seeEveryRow(tx: Queryable): Promise<void> {
  await tx.query(`select set_config('row_security', 'off', true)`)
}

/** One pass; answers how many stored images it removed. */
export async function sweepImages(
  driver: Driver,
  images: ImageStore,
  options: SweepOptions = {},
): Promise<number> {
  const before = new Date((options.now ?? Date.now)() - (options.minAgeMs ?? HOUR_MS))
  await images.removeStaleTemporaries?.(before)
  if (!images.list) return 0
  // An object whose age the store cannot tell counts as new.
  const old = (await images.list())
    .filter((object) => object.storedAt !== undefined && object.storedAt < before)
    .map((object) => object.url)
  if (!old.length) return 0
  // Every image content shows is old too: a first look without the lock, so
  // writers are held back only when there is something to remove.
  const candidates = await driver.transaction(
    async (tx) => {
      await seeEveryRow(tx)
      return unreferencedImages(tx, images, old)
    },
    { readOnly: true },
  )
  if (!candidates.length) return 0
  const removed = await driver.transaction(async (tx) => {
    await seeEveryRow(tx)
    await lockImageReferences(tx)
    const unused = await unreferencedImages(tx, images, candidates)
    await removeImages(images, unused)
    return unused.length
  })
  if (removed) console.info(`Image sweep: removed ${removed} stored image(s) nothing uses`)
  return removed
}

/** One pass over the archives; answers how many it removed. */
export async function sweepArchives(
  archives: ArchiveStore,
  options: Pick<SweepOptions, 'now'> = {},
): Promise<number> {
  const before = new Date((options.now ?? Date.now)() - ARCHIVE_MAX_AGE_MS)
  const removed = await archives.removeStoredBefore(before)
  if (removed) console.info(`Archive sweep: removed ${removed} backup archive(s) no restore used`)
  return removed
}

/** What the sweep covers; a stack without archive storage has images only. */
export interface SweptStores {
  images: ImageStore
  archives?: ArchiveStore
}

/** Waits for `pass` and logs its failure, which never rejects: the next pass tries again. */
async function logged(part: string, pass: Promise<unknown>): Promise<void> {
  try {
    await pass
  } catch (error) {
    // The code alone: a driver's error carries the query's parameters (log.ts).
    const code = (error as { code?: unknown } | null)?.code
    console.warn(
      `${part} failed; the next pass tries again`,
      String(code ?? (error instanceof Error ? error.name : 'error')),
    )
  }
}

/**
 * The same hourly pass notes a new year (app.turn_of_year, supabase/schemas/04_content_version_and_publish.sql):
 * public answers that say "to this year" are kept per content version, so the
 * version moves on once when the year changes. Answers whether it moved.
 */
export async function turnOfYear(driver: Driver): Promise<boolean> {
  const [row] = await driver.query<{ moved: boolean }>('select app.turn_of_year() as moved')
  if (row?.moved) console.info('New year: the content version moved on')
  return Boolean(row?.moved)
}

/**
 * One pass over images and archives side by side, and the year unless told
 * not to; a failure of one leaves the others to finish. Never rejects.
 */
export async function sweepFiles(
  driver: Driver,
  stores: SweptStores,
  options: SweepOptions & { year?: boolean } = {},
): Promise<void> {
  await Promise.all([
    logged('Image sweep', sweepImages(driver, stores.images, options)),
    stores.archives && logged('Archive sweep', sweepArchives(stores.archives, options)),
    options.year !== false && logged('New year check', turnOfYear(driver)),
  ])
}

/**
 * How often a process asks the database whether a pass is due. Whichever
 * process or worker asks first once the hour is over makes the pass
 * (supabase/schemas/10_periodic_jobs.sql), so a pass starts at most this late.
 */
export const SWEEP_ASK_EVERY_MS = 5 * 60 * 1000

/** Claims `job` for this period (app.claim_periodic): true for one caller per period, across processes. */
export async function claimPeriodic(
  driver: Driver,
  job: string,
  everyMs: number,
): Promise<boolean> {
  const [row] = await driver.query<{ claimed: boolean }>(
    'select app.claim_periodic($1, make_interval(secs => $2)) as claimed',
    [job, everyMs / 1000],
  )
  return row?.claimed === true
}

export interface FileSweeper {
  /**
   * Asks the database, at most every `askEveryMs`, which of the hourly jobs
   * (the file sweep, the new-year pass) are due, and runs those this process
   * claimed. Null when it did not ask. Never rejects.
   */
  runIfDue(): Promise<void> | null
  /** Resolves once no pass is running (before the database closes). */
  idle(): Promise<void>
}

/**
 * Passes one at a time, failures logged: a missed pass is made up by the next.
 * Every pass goes through the claim; a pass on demand (tests, the command
 * line) calls sweepFiles.
 */
export function fileSweeper(
  driver: Driver,
  stores: SweptStores,
  options: SweepOptions & { everyMs?: number; askEveryMs?: number } = {},
): FileSweeper {
  const now = options.now ?? Date.now
  const everyMs = options.everyMs ?? SWEEP_EVERY_MS
  const askEveryMs = options.askEveryMs ?? SWEEP_ASK_EVERY_MS
  let running: Promise<void> | null = null
  let lastAsked = Number.NEGATIVE_INFINITY
  const exclusive = (pass: () => Promise<void>) => {
    if (running) return running
    running = pass().finally(() => {
      running = null
    })
    return running
  }
  /** The claimed jobs: a claim that fails (the database is away) is asked again next time. */
  const duePass = async () => {
    // One after the other: a worker's pool is small, and requests share it.
    const files = await claimPeriodic(driver, 'file_sweep', everyMs).catch(() => false)
    const year = await claimPeriodic(driver, 'new_year', everyMs).catch(() => false)
    // One line an hour for all processes: the log shows which one made the pass.
    if (files || year)
      console.info(
        `Hourly upkeep claimed: ${[files && 'file sweep', year && 'new year'].filter(Boolean).join(', ')}`,
      )
    if (files) await sweepFiles(driver, stores, { ...options, year })
    else if (year) await logged('New year check', turnOfYear(driver))
  }
  return {
    runIfDue: () => {
      if (running || now() - lastAsked < askEveryMs) return null
      lastAsked = now()
      return exclusive(duePass)
    },
    idle: () => running ?? Promise.resolve(),
  }
}
