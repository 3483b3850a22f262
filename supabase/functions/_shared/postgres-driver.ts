// Any Postgres 15+ through postgres.js: the edge function's driver (Deno, with
// SUPABASE_DB_URL) and the local server's when DATABASE_URL is set. One
// implementation for both (server/db/postgres-driver.ts re-exports it).
import postgres from 'postgres'
import type { Driver, Row } from './db.ts'

export interface PostgresDriver extends Driver {
  /** Runs a script of several statements (migrations, seed). */
  exec(sql: string): Promise<void>
}

export function createPostgresDriver(url: string, max = 10): PostgresDriver {
  // prepare: false so it also works through Supabase's transaction pooler.
  const sql = postgres(url, { max, onnotice: () => {}, prepare: false })
  return {
    transaction: (fn) =>
      sql.begin((tx) =>
        fn({
          query: async <T = Row>(text: string, params: unknown[] = []) =>
            (await tx.unsafe(text, params as never[])) as unknown as T[],
        }),
      ) as never,
    // A script may hold its own begin/commit (the migrator's), so it runs on one
    // reserved connection, rolled back there if it fails: a pooled connection
    // must never go back to the pool inside a broken transaction.
    exec: async (text) => {
      const connection = await sql.reserve()
      try {
        await connection.unsafe(text)
      } catch (error) {
        await connection.unsafe('rollback').catch(() => {})
        throw error
      } finally {
        connection.release()
      }
    },
    close: () => sql.end({ timeout: 5 }),
  }
}
