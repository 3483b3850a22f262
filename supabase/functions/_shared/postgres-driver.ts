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
    exec: async (text) => {
      await sql.unsafe(text)
    },
    close: () => sql.end({ timeout: 5 }),
  }
}
