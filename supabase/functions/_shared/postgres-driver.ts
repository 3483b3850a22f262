// Any Postgres 15+ through postgres.js: the edge function's driver (Deno, with
// SUPABASE_DB_URL) and the local server's when DATABASE_URL is set. One
// implementation for both (server/db/postgres-driver.ts re-exports it).
import postgres from 'postgres'
import type { Driver, Row } from './db.ts'

export interface PostgresDriver extends Driver {
  /** Runs a script of several statements (migrations, seed). */
  exec(sql: string): Promise<void>
}

/**
 * postgres.js serializes every json/jsonb parameter with JSON.stringify, so JSON
 * text (what `jsonParam` makes) arrived as a JSON *string* and
 * `jsonb_array_elements_text` failed on it. PGlite passes strings through as
 * JSON text and stringifies anything else; this makes postgres.js do the same,
 * so both drivers bind a json parameter identically whatever the call site passes.
 */
export const jsonType = {
  to: 114,
  from: [114, 3802],
  serialize: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
  parse: (text: string) => JSON.parse(text) as unknown,
}

export function createPostgresDriver(url: string, max = 10): PostgresDriver {
  // prepare: false so it also works through Supabase's transaction pooler.
  const sql = postgres(url, {
    max,
    onnotice: () => {},
    prepare: false,
    types: { json: jsonType } as never,
  })
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
