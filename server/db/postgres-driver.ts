// Any Postgres 15+ through postgres.js (also what the Deno edge function uses).
import postgres from 'postgres'
import type { Driver, Row } from '../../supabase/functions/_shared/db.ts'

export interface PostgresDriver extends Driver {
  exec(sql: string): Promise<void>
}

export function createPostgresDriver(url: string, max = 10): PostgresDriver {
  const sql = postgres(url, { max, onnotice: () => {}, prepare: false })
  return {
    transaction: (fn) =>
      sql.begin((tx) =>
        fn({
          query: async <T extends Row>(text: string, params: unknown[] = []) =>
            (await tx.unsafe(text, params as never[])) as unknown as T[],
        }),
      ) as never,
    exec: async (text) => {
      await sql.unsafe(text)
    },
    close: () => sql.end({ timeout: 5 }),
  }
}
