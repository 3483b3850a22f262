// The one way the API touches Postgres: every request runs in a single
// transaction as `anon` or `authenticated`, with the token's claims set, so the
// row-level-security policies decide what it may read or write (docs/ARCHITECTURE.md).

import { unauthorized } from '../http/errors.ts'

export type Row = Record<string, unknown>

export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>
}

export interface TransactionOptions {
  /** A read-only, repeatable-read transaction: every statement in it sees one snapshot. */
  readOnly?: boolean
  /**
   * The first statement of the transaction (the role switch). A driver that can
   * sends it together with BEGIN and the callback's first query, without waiting
   * for their answers, and throws its error if it failed.
   */
  setup?: { sql: string; params: unknown[] }
  /** Receives the rows of `setup`. */
  onSetup?: (rows: Row[]) => void
}

/** What a driver (PGlite, postgres.js) must offer: run a callback in a transaction. */
export interface Driver {
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>
  /** One statement on its own, as the connecting role: bookkeeping such as the content version. */
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>
  /**
   * Calls `onMessage` with each NOTIFY on `channel`. Only where delivery is in
   * this process and done before the notifying commit returns (PGlite).
   */
  listen?(channel: string, onMessage: (payload: string) => void): Promise<void>
  close(): Promise<void>
  /** True when no other process can write this database (embedded PGlite). */
  exclusive?: boolean
}

export type Principal =
  { kind: 'anon' } | { kind: 'user'; userId: number; claims: Record<string, unknown> }

export interface ReadOptions {
  readOnly?: boolean
  /**
   * Receives the content version (supabase/schemas/04_content_version_and_publish.sql) that a
   * read-only transaction saw: its reads and this number share one snapshot.
   */
  onContentVersion?: (version: string) => void
}

export interface Database {
  /** Runs `fn` in one transaction as the principal; `readOnly` for GET requests. */
  as<T>(principal: Principal, fn: (tx: Queryable) => Promise<T>, options?: ReadOptions): Promise<T>
  /** Privileged access for bookkeeping outside a request (migrations, health). Never used by routes. */
  driver: Driver
}

const ANON_CLAIMS = JSON.stringify({ role: 'anon' })

/**
 * A string as an escape-string literal (E'...'): quotes and backslashes doubled,
 * read the same whatever standard_conforming_strings says. Text from a signed
 * token has no NUL byte (JSON.stringify escapes control characters).
 */
export const sqlLiteral = (value: string) =>
  `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`

/** How long a session may go unused before it ends (SESSION_IDLE_MINUTES), by default. */
export const SESSION_IDLE_SECONDS = 30 * 60

export function createDatabase(
  driver: Driver,
  { sessionIdleSeconds = SESSION_IDLE_SECONDS }: { sessionIdleSeconds?: number } = {},
): Database {
  const touch = `select app.touch_session(${Math.trunc(sessionIdleSeconds)})`
  return {
    driver,
    async as(principal, fn, options = {}) {
      const role = principal.kind === 'anon' ? 'anon' : 'authenticated'
      const claims = principal.kind === 'anon' ? ANON_CLAIMS : JSON.stringify(principal.claims)
      // The role switch in one statement (set_config(..., true) is SET LOCAL, as
      // PostgREST does it), sent with BEGIN and the first query: an anonymous read
      // is two round trips, this batch and COMMIT (docs/decisions/010). Literals,
      // not parameters: postgres.js without prepared statements asks the server
      // for a parameterised statement's types first, and waits for the answer.
      // JIT off: compiling a plan costs 20+ ms and the big lists' queries cross its threshold.
      const version = options.readOnly ? ', app.content_version()::text as content_version' : ''
      const setup = {
        sql: `select set_config('jit', 'off', true), set_config('role', ${sqlLiteral(role)}, true), set_config('request.jwt.claims', ${sqlLiteral(claims)}, true)${version}`,
        params: [],
      }
      const onSetup = options.onContentVersion
        ? (rows: Row[]) => {
            const seen = rows[0]?.content_version
            if (typeof seen === 'string') options.onContentVersion?.(seen)
          }
        : undefined
      let touchLater = false
      const result = await driver.transaction(
        async (tx) => {
          if (principal.kind === 'user') {
            // A token outlives nothing: a deleted account's token, or one whose
            // session ended or went unused too long, stops working at once.
            const [me] = await tx.query<{ id: number | null; due: boolean }>(
              'select app.current_user_id() as id, app.session_touch_due() as due',
            )
            if (me?.id == null) throw unauthorized('Your session is no longer valid')
            // The session's last use, written at most once a minute; a read-only
            // transaction cannot write it, so a short one follows it.
            if (me.due) {
              if (options.readOnly) touchLater = true
              else await tx.query(touch)
            }
          }
          return fn(tx)
        },
        { readOnly: options.readOnly, setup, onSetup },
      )
      if (touchLater) await driver.transaction((tx) => tx.query(touch), { setup })
      return result
    },
  }
}
