// The embedded database: PGlite (Postgres compiled to WASM), in memory or
// persisted in a folder. PGlite has one connection, so transactions queue.
import { statfs } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import type {
  Driver,
  Queryable,
  Row,
  TransactionOptions,
} from '../../supabase/functions/_shared/db/db.ts'

export interface PgliteDriver extends Driver {
  /** The instance in use now (a new one after a recovery from a full disk). */
  readonly pg: PGlite
  exec(sql: string): Promise<void>
}

/**
 * A full disk (docs/RELIABILITY.md, "A full disk"). Postgres treats a WAL
 * write that fails as fatal: a server process would restart, but PGlite
 * spins instead, in the COMMIT that could not write or in the call after a
 * WAL error it did answer, and blocks the whole event loop (every request,
 * /health, even SIGTERM). So:
 * - a write is refused with 53100 (answered 507) while less than
 *   WRITE_MARGIN_BYTES is free: a WAL segment is 16 MB and Postgres creates
 *   the next one whole, and one request may write a few MB more;
 * - after a WAL error PGlite did answer, the instance is never called again:
 *   requests get 53100 at once, and a new instance opens the same folder,
 *   replaying its WAL as after a crash, once RECOVER_MARGIN_BYTES is free.
 * A disk filled by another program to the last byte between two checks can
 * still stop a COMMIT inside PGlite; decision 022 says what would close that.
 */
export const WRITE_MARGIN_BYTES = 48 * 1024 * 1024
export const RECOVER_MARGIN_BYTES = 64 * 1024 * 1024
const FREE_SPACE_TTL_MS = 250
const RECOVER_EVERY_MS = 1000

export const outOfSpace = () =>
  Object.assign(
    new Error('The database is out of disk space', { cause: 'free space below the margin' }),
    { code: '53100' },
  )

/** Errors after which this PGlite instance must not be called again. */
function breaksInstance(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, severity, message } = error as {
    code?: string
    severity?: string
    message?: string
  }
  if (severity === 'PANIC' || severity === 'FATAL') return true
  return (code === '53100' || code === '58030') && /pg_wal|xlog/i.test(message ?? '')
}

/**
 * `loadDataDir`: start from a dump of another database's data directory (the
 * tests' migrated template). `settings`: server settings on top of PGlite's own
 * start parameters (`-c name=value`), as the tests' smaller shared memory.
 */
export async function createPgliteDriver(
  dataDir?: string,
  options: {
    loadDataDir?: Blob
    freeBytes?: (dir: string) => Promise<number>
    settings?: Record<string, string>
  } = {},
): Promise<PgliteDriver> {
  const startParams = options.settings
    ? [
        ...PGlite.defaultStartParams,
        ...Object.entries(options.settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ]
    : undefined
  const open = (loadDataDir?: Blob) =>
    PGlite.create({ dataDir, loadDataDir, extensions: { pgcrypto }, startParams })
  const freeBytes =
    options.freeBytes ??
    (async (dir: string) => {
      const stats = await statfs(dir)
      return stats.bavail * stats.bsize
    })
  let pg = await open(options.loadDataDir)
  /** True once the instance must not be called again, until a new one is open. */
  let broken = false
  let recovering: ReturnType<typeof setTimeout> | null = null
  let closed = false
  const listeners: { channel: string; onMessage: (payload: string) => void }[] = []

  // The free space, read at most every FREE_SPACE_TTL_MS (a statfs per write would cost more than the write's check).
  let free: { bytes: number; at: number } | null = null
  const enoughSpaceToWrite = async () => {
    if (!dataDir) return true
    if (!free || performance.now() - free.at > FREE_SPACE_TTL_MS)
      free = { bytes: await freeBytes(dataDir), at: performance.now() }
    return free.bytes >= WRITE_MARGIN_BYTES
  }

  const recover = async () => {
    recovering = null
    if (closed) return
    try {
      if (dataDir && (await freeBytes(dataDir)) < RECOVER_MARGIN_BYTES) throw outOfSpace()
      const next = await open()
      for (const { channel, onMessage } of listeners) await next.listen(channel, onMessage)
      // The listeners knew the last committed state: the write that broke the old instance did not commit.
      pg = next
      broken = false
      free = null
    } catch {
      recovering = setTimeout(() => void recover(), RECOVER_EVERY_MS)
    }
  }
  const retire = () => {
    if (broken) return
    broken = true
    // The old instance is left as it is: calling it again (even close()) would hang.
    recovering = setTimeout(() => void recover(), RECOVER_EVERY_MS)
  }
  const current = () => {
    if (broken) throw outOfSpace()
    return pg
  }
  const guard = async <T>(work: (db: PGlite) => Promise<T>, writes: boolean): Promise<T> => {
    const db = current()
    if (writes && !(await enoughSpaceToWrite())) throw outOfSpace()
    try {
      return await work(db)
    } catch (error) {
      if (breaksInstance(error)) retire()
      throw error
    }
  }

  /**
   * A statement inside a transaction. After an error that breaks the instance
   * it never settles: PGlite would answer the callback's failure with a
   * ROLLBACK, the very call that spins, so the transaction is left where it is
   * (the instance is out of use) and the caller gets the error another way.
   */
  const wrap = (q: { query: PGlite['query'] }, onBroken: (error: unknown) => void): Queryable => ({
    async query<T = Row>(sql: string, params: unknown[] = []) {
      try {
        return (await q.query<T>(sql, params)).rows
      } catch (error) {
        if (!breaksInstance(error)) throw error
        onBroken(error)
        return new Promise<never>(() => {})
      }
    },
  })
  return {
    get pg() {
      return pg
    },
    // PGlite lives in this process and locks its folder: every write goes through this driver.
    exclusive: true,
    transaction: <T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}) =>
      guard(
        (db) =>
          new Promise<T>((resolve, reject) => {
            const broken = (error: unknown) => {
              retire()
              reject(error)
            }
            db.transaction(async (raw) => {
              const tx = wrap(raw, broken)
              // One connection in this process: no round trips to save, the same statements in order.
              if (options.readOnly)
                await tx.query('set transaction isolation level repeatable read, read only')
              if (options.setup) {
                const rows = await tx.query<Row>(options.setup.sql, options.setup.params)
                options.onSetup?.(rows)
              }
              return fn(tx)
            }).then(resolve, reject)
          }),
        !options.readOnly,
      ),
    query: <T = Row>(sql: string, params: unknown[] = []) =>
      guard(async (db) => (await db.query<T>(sql, params)).rows, !/^\s*select\b/i.test(sql)),
    // PGlite hands notifications over before the notifying transaction's promise settles.
    listen: async (channel, onMessage) => {
      listeners.push({ channel, onMessage })
      await guard((db) => db.listen(channel, onMessage), false)
    },
    exec: (sql) =>
      guard(async (db) => {
        await db.exec(sql)
      }, true),
    close: async () => {
      closed = true
      if (recovering) clearTimeout(recovering)
      if (!broken) await pg.close()
    },
  }
}
