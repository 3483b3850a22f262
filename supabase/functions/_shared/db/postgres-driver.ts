// Any Postgres 15+ through postgres.js: the edge function's driver (Deno, with
// SUPABASE_DB_URL) and the local server's when DATABASE_URL is set. One
// implementation for both (server/db/postgres-driver.ts re-exports it).
import postgres from 'postgres'
import { availability, isConnectionLoss, PoolTimeout, refusal, within } from './db-availability.ts'
import type { Driver, Queryable, Row, TransactionOptions } from './db.ts'
import { InstancePool, type Instance, type Returned } from './postgres-pool.ts'

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

/**
 * Fail fast (docs/RELIABILITY.md, "Database outages"): a new connection gets 2 s
 * to open (postgres.js waits 30 s by default), a request 2.5 s to get one from
 * the pool, so an outage answers 503 within 3 s instead of hanging.
 */
export const CONNECT_TIMEOUT_SECONDS = 2
export const ACQUIRE_TIMEOUT_MS = 2500
const PROBE_TIMEOUT_MS = 1000
/**
 * Seconds before postgres.js tries a refused connection again. Its own
 * backoff grows to 20 s, so service came back long after the database did;
 * this one stops at half a second.
 */
const reconnectBackoff = (retries: number) => Math.min(0.05 * 2 ** retries, 0.5)

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
  const pool = new InstancePool(
    () =>
      postgres(url, {
        max: 1,
        ...(idleTimeout === undefined ? {} : { idle_timeout: idleTimeout }),
        connect_timeout: CONNECT_TIMEOUT_SECONDS,
        backoff: reconnectBackoff,
        onnotice: () => {},
        prepare,
        types: { json: jsonType } as never,
      }),
    max,
  )
  const repeated = prepare ? repeatedStatements() : () => false
  // A prepared statement goes through the extended protocol (`simple: false`, not
  // in postgres.js's types), which takes one statement per text.
  const run: Run = (on, text, params, onexecute) =>
    on.unsafe(
      text,
      params as never[],
      {
        ...(repeated(text) ? { prepare: true, simple: false } : { prepare: false }),
        ...(onexecute ? { onexecute } : {}),
      } as never,
    )
  // A healthy server answers the probe in milliseconds; one that hangs on a dying connection must not hold recovery up.
  const health = availability(() =>
    within(
      leased(
        pool,
        (connection, lease) =>
          lease.watch(
            connection.unsafe('select 1', [], { onexecute: lease.onexecute } as never).execute(),
          ),
        { rollback: false },
      ),
      PROBE_TIMEOUT_MS,
    ),
  )
  // Every operation checks the database is reachable first and reports how it
  // failed. A server turning connections away (a refused login, a missing
  // database, too many connections) is as unavailable as one that is down.
  const guarded = async <T>(operation: () => Promise<T>): Promise<T> => {
    health.check()
    try {
      return await operation()
    } catch (error) {
      const failure = refusal(error, false) ?? error
      health.failed(failure)
      throw failure
    }
  }
  return {
    transaction: (fn, options) => guarded(() => pipelinedTransaction(pool, run, fn, options)),
    // A lone statement needs no ROLLBACK after it fails: nothing is left open.
    query: <T = Row>(text: string, params: unknown[] = []) =>
      guarded(() =>
        leased(
          pool,
          async (connection, lease) =>
            (await lease.watch(
              run(connection, text, params, lease.onexecute).execute(),
            )) as unknown as T[],
          { rollback: false },
        ),
      ),
    // A script may hold its own begin/commit (the migrator's), so it runs on one
    // reserved connection, rolled back there if it fails: a pooled connection
    // must never go back to the pool inside a broken transaction.
    exec: (text) =>
      guarded(async () => {
        await leased(pool, async (connection, lease) => {
          await lease.watch(
            connection.unsafe(text, [], { onexecute: lease.onexecute } as never).execute(),
          )
        })
      }),
    close: async () => {
      health.stop()
      await pool.end()
    },
  }
}

/**
 * postgres.js 3.4.9 has two faults when a reserved connection's socket fails
 * (the backend terminated, the server restarted or reset the connection):
 * - a statement sent once the socket has closed ends the process: the write
 *   is put off to the next turn of the event loop, then finds no socket, and
 *   that TypeError is thrown where nobody can catch it;
 * - a statement sent between the socket's error and its close never settles.
 * So the driver never sends anything, not even ROLLBACK, on a connection it
 * has lost, never hands a lost one back to the pool, and fails every pending
 * statement of a connection the moment it closes
 * (docs/decisions/022-surviving-the-database.md).
 *
 * It follows postgres.js's own connection object, which every statement's
 * `onexecute` receives: its `reserved` is the reservation's function while
 * the reservation holds (null once the socket closed, another function if the
 * pool reconnected it for someone else), and its `onclose` is called when the
 * socket closes.
 */
interface PgConnection {
  reserved?: unknown
  onclose?: ((error: unknown) => void) | null
}

const lostConnection = () =>
  Object.assign(new Error('The database connection was lost'), { code: 'CONNECTION_CLOSED' })

export class Lease {
  private connection: PgConnection | null = null
  private mark: unknown = null
  private onclose: (() => void) | null = null
  /** Rejects when the leased connection closes. */
  private readonly closed: Promise<never>

  constructor() {
    this.closed = new Promise<never>((_, reject) => {
      this.onclose = () => reject(lostConnection())
    })
    this.closed.catch(() => {})
  }

  readonly onexecute = (connection: PgConnection) => {
    if (!this.connection) {
      this.connection = connection
      this.mark = connection.reserved
      connection.onclose = this.onclose
    }
    return true // what postgres.js assumes when there is no onexecute
  }

  get lost(): boolean {
    return this.connection !== null && this.connection.reserved !== this.mark
  }

  /** A statement's result, or the lost connection's error as soon as the socket closes. */
  watch<T>(statement: Promise<T>): Promise<T> {
    return Promise.race([statement, this.closed])
  }

  /** Throws the error a lost connection answers, before anything is written on it. */
  assertHeld(): void {
    if (this.lost) throw lostConnection()
  }

  /**
   * Gives the connection back, unless it is lost, then tells `done` how it
   * came back. After an error that means the connection is
   * going (a reset, a terminated backend) its close may not have come yet: it
   * is given back only if it is still open seconds later, so no other request
   * gets a dying connection; `done` comes at its close or then.
   */
  release(connection: postgres.ReservedSql, error: unknown, done: (as: Returned) => void): void {
    let finished = false
    const finish = (as: Returned) => {
      if (finished) return
      finished = true
      done(as)
    }
    if (this.lost) return finish('lost')
    const handBack = () => {
      if (this.lost) return finish('lost')
      if (this.connection?.onclose === this.onclose) this.connection!.onclose = null
      connection.release()
      finish('open')
    }
    if (!isConnectionLoss(error)) return handBack()
    const later = setTimeout(handBack, 5000)
    ;(later as { unref?: () => void }).unref?.()
    this.closed.catch(() => {
      clearTimeout(later)
      finish('lost')
    })
  }
}

interface Held {
  instance: Instance
  connection: postgres.ReservedSql
  lease: Lease
}

/**
 * An instance of the pool and its reserved connection within
 * ACQUIRE_TIMEOUT_MS. The instance goes back to the pool at once when its
 * reservation fails or is late (a late one is released when it comes): the
 * next reservation on it waits behind it, or finds its connection open or
 * closed.
 */
async function acquire(pool: InstancePool): Promise<Held> {
  const started = performance.now()
  const instance = await pool.take(ACQUIRE_TIMEOUT_MS)
  const pending = instance.sql.reserve()
  try {
    const left = Math.max(ACQUIRE_TIMEOUT_MS - (performance.now() - started), 1)
    return { instance, connection: await within(pending, left), lease: new Lease() }
  } catch (error) {
    if (error instanceof PoolTimeout)
      pending.then(
        (late) => late.release(),
        () => {},
      )
    pool.give(instance, 'closed')
    // A reservation fails only while a connection is being opened for it.
    throw refusal(error, true) ?? error
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
  onexecute?: (connection: PgConnection) => boolean,
) => postgres.PendingQuery<postgres.Row[]>

async function pipelinedTransaction<T>(
  pool: InstancePool,
  run: Run,
  fn: (tx: Queryable) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  return leased(pool, async (connection, lease) => {
    let firstError: unknown = null
    const early = (query: Promise<unknown>) =>
      query.catch((error: unknown) => {
        firstError ??= error
        return null
      })
    const begin = options.readOnly ? 'begin isolation level repeatable read read only' : 'begin'
    const pending = [
      early(
        lease.watch(
          connection.unsafe(begin, [], { onexecute: lease.onexecute } as never).execute(),
        ),
      ),
    ]
    if (options.setup) {
      const setup = lease.watch(
        run(connection, options.setup.sql, options.setup.params, lease.onexecute).execute(),
      )
      pending.push(
        early(setup).then((rows) => {
          if (rows && options.onSetup) options.onSetup(rows as unknown as Row[])
          return rows
        }),
      )
    }
    const tx: Queryable = {
      query: async <R = Row>(text: string, params: unknown[] = []) => {
        lease.assertHeld()
        return (await lease.watch(
          run(connection, text, params, lease.onexecute).execute(),
        )) as unknown as R[]
      },
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
    lease.assertHeld()
    await lease.watch(connection.unsafe('commit').execute())
    return result
  })
}

/**
 * A reserved connection for `work`: after a failure it is rolled back unless
 * lost (or `rollback` is false: nothing was begun), and it goes back to the
 * pool only if it still holds (Lease.release).
 */
async function leased<T>(
  pool: InstancePool,
  work: (connection: postgres.ReservedSql, lease: Lease) => Promise<T>,
  options: { rollback?: boolean } = {},
): Promise<T> {
  const { instance, connection, lease } = await acquire(pool)
  let failure: unknown
  try {
    return await work(connection, lease)
  } catch (error) {
    failure = error
    if (options.rollback !== false) await rollback(connection, lease, error)
    throw error
  } finally {
    lease.release(connection, failure, (as) => pool.give(instance, as))
  }
}

/**
 * ROLLBACK after a failure, unless the connection is lost or going (then the
 * server has rolled back already). postgres.js may never settle a statement
 * sent between a socket's error and its close, so the wait is bounded.
 */
async function rollback(connection: postgres.ReservedSql, lease: Lease, error: unknown) {
  if (lease.lost || isConnectionLoss(error)) return
  await within(connection.unsafe('rollback').execute(), ACQUIRE_TIMEOUT_MS).catch(() => {})
}
