// The embedded database: PGlite (Postgres compiled to WASM), in memory or
// persisted in a folder. PGlite has one connection, so transactions queue.
import { PGlite } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import type { Driver, Queryable, Row } from '../../supabase/functions/_shared/db.ts'

export interface PgliteDriver extends Driver {
  pg: PGlite
  exec(sql: string): Promise<void>
}

/** `loadDataDir`: start from a dump of another database's data directory (the tests' migrated template). */
export async function createPgliteDriver(
  dataDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<PgliteDriver> {
  const pg = await PGlite.create({
    dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pgcrypto },
  })
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<T = Row>(sql: string, params: unknown[] = []) {
      const result = await q.query<T>(sql, params)
      return result.rows
    },
  })
  return {
    pg,
    // PGlite lives in this process and locks its folder: every write goes through this driver.
    exclusive: true,
    transaction: (fn, options = {}) =>
      pg.transaction(async (tx) => {
        // One connection in this process: no round trips to save, the same statements in order.
        if (options.readOnly)
          await tx.query('set transaction isolation level repeatable read, read only')
        if (options.setup) {
          const rows = (await tx.query<Row>(options.setup.sql, options.setup.params)).rows
          options.onSetup?.(rows)
        }
        return fn(wrap(tx))
      }),
    query: async <T = Row>(sql: string, params: unknown[] = []) =>
      (await pg.query<T>(sql, params)).rows,
    // PGlite hands notifications over before the notifying transaction's promise settles.
    listen: async (channel, onMessage) => {
      await pg.listen(channel, onMessage)
    },
    exec: async (sql) => {
      await pg.exec(sql)
    },
    close: () => pg.close(),
  }
}
