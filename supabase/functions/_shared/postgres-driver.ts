// Any Postgres 15+ through postgres.js: the edge function's driver (Deno, with
// SUPABASE_DB_URL) and the local server's when DATABASE_URL is set. One
// implementation for both (server/db/postgres-driver.ts re-exports it).
import postgres from 'postgres'
import type { Driver, Queryable, Row, TransactionOptions } from './db.ts'

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

export interface PoolOptions {
  /**
   * Seconds an unused connection stays open before it is closed (postgres.js
   * `idle_timeout`); 0 keeps it. Unset, postgres.js reads PGIDLE_TIMEOUT or
   * the URL's `idle_timeout` parameter, and keeps connections without either.
   */
  idleTimeout?: number
  /**
   * Keep the statements that run again and again prepared on each connection
   * (see `repeatedStatements`). Only on a direct connection or a session-mode
   * pooler: through a pooler in transaction mode (Supavisor on port 6543,
   * PgBouncer) a statement prepared on one server connection is unknown on the
   * next. Off by default; `npm start` turns it on unless DB_PREPARE=false.
   */
  prepare?: boolean
}

/** How many distinct statements a driver keeps prepared, at most. */
export const PREPARED_LIMIT = 100

/**
 * Which statements to prepare: those seen before, up to `limit` of them.
 * Planning is most of the database's work for a small read (the public
 * project list: about 3,300 a second planned every time against 9,400
 * prepared, pgbench on the bench machine, docs/PERFORMANCE.md). Some texts hold
 * literals (a page's cursor), so a text seen once is only noted, and both the
 * prepared and the noted ones are bounded: memory cannot grow with requests.
 */
export function repeatedStatements(limit = PREPARED_LIMIT): (text: string) => boolean {
  const seen = new Map<string, boolean>()
  let prepared = 0
  return (text) => {
    const state = seen.get(text)
    if (state === true) return true
    if (state === false) {
      if (prepared >= limit) return false
      prepared++
      seen.set(text, true)
      return true
    }
    if (seen.size < limit * 10) seen.set(text, false)
    return false
  }
}

export function createPostgresDriver(
  url: string,
  max = 10,
  { idleTimeout, prepare = false }: PoolOptions = {},
): PostgresDriver {
  // Every request's settings are SET LOCAL, inside its transaction, so nothing
  // depends on keeping a server connection between statements.
  const sql = postgres(url, {
    max,
    ...(idleTimeout === undefined ? {} : { idle_timeout: idleTimeout }),
    onnotice: () => {},
    prepare,
    types: { json: jsonType } as never,
  })
  const repeated = prepare ? repeatedStatements() : () => false
  // A prepared statement goes through the extended protocol (`simple: false`, not
  // in postgres.js's types), which takes one statement per text.
  const run: Run = (on, text, params) =>
    on.unsafe(
      text,
      params as never[],
      (repeated(text) ? { prepare: true, simple: false } : { prepare: false }) as never,
    )
  return {
    transaction: (fn, options) => pipelinedTransaction(sql, run, fn, options),
    query: async <T = Row>(text: string, params: unknown[] = []) =>
      (await run(sql, text, params)) as unknown as T[],
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

/**
 * BEGIN, the setup statement and the callback's first query leave in one batch
 * (postgres.js writes what is queued on a connection together), so a request
 * that reads once costs two round trips: that batch, then COMMIT
 * (docs/decisions/010). Each statement still has its own sync point: if BEGIN
 * or the setup fails, the statements after it fail too ("current transaction
 * is aborted"), never run outside the transaction or under the wrong role, and
 * the first error is the one thrown.
 */
type Run = (
  on: postgres.Sql,
  text: string,
  params: unknown[],
) => postgres.PendingQuery<postgres.Row[]>

async function pipelinedTransaction<T>(
  sql: postgres.Sql,
  run: Run,
  fn: (tx: Queryable) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const connection = await sql.reserve()
  let firstError: unknown = null
  const early = (query: Promise<unknown>) =>
    query.catch((error: unknown) => {
      firstError ??= error
      return null
    })
  try {
    const begin = options.readOnly ? 'begin isolation level repeatable read read only' : 'begin'
    const pending = [early(connection.unsafe(begin).execute())]
    if (options.setup) {
      const setup = run(connection, options.setup.sql, options.setup.params).execute()
      pending.push(
        early(setup).then((rows) => {
          if (rows && options.onSetup) options.onSetup(rows as unknown as Row[])
          return rows
        }),
      )
    }
    const tx: Queryable = {
      query: async <R = Row>(text: string, params: unknown[] = []) =>
        (await run(connection, text, params)) as unknown as R[],
    }
    let result: T
    try {
      result = await fn(tx)
    } catch (error) {
      await Promise.all(pending)
      throw firstError ?? error
    }
    await Promise.all(pending)
    if (firstError) throw firstError
    await connection.unsafe('commit')
    return result
  } catch (error) {
    await connection.unsafe('rollback').catch(() => {})
    throw error
  } finally {
    connection.release()
  }
}
