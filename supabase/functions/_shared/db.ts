// The one way the API touches Postgres: every request runs in a single
// transaction as `anon` or `authenticated`, with the token's claims set, so the
// row-level-security policies decide what it may read or write (DESIGN.md).

import { unauthorized } from './errors.ts'

export type Row = Record<string, unknown>

export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>
}

/** What a driver (PGlite, postgres.js) must offer: run a callback in a transaction. */
export interface Driver {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** True when no other process can write this database (embedded PGlite): the API may then memoize reads. */
  exclusive?: boolean
}

export type Principal =
  { kind: 'anon' } | { kind: 'user'; userId: number; claims: Record<string, unknown> }

export interface Database {
  /** Runs `fn` in one transaction as the principal; `readOnly` for GET requests. */
  as<T>(
    principal: Principal,
    fn: (tx: Queryable) => Promise<T>,
    options?: { readOnly?: boolean },
  ): Promise<T>
  /** Privileged access for bookkeeping outside a request (migrations, health). Never used by routes. */
  driver: Driver
}

export function createDatabase(driver: Driver): Database {
  return {
    driver,
    as(principal, fn, options = {}) {
      return driver.transaction(async (tx) => {
        const role = principal.kind === 'anon' ? 'anon' : 'authenticated'
        const claims = principal.kind === 'anon' ? { role: 'anon' } : principal.claims
        // One round trip instead of three (issue 6): set_config(..., true) is SET LOCAL,
        // exactly as PostgREST switches role; read-only can be set at any point of a transaction.
        // JIT off: compiling a plan costs 20+ ms and the big lists' queries cross its threshold.
        const readOnly = options.readOnly ? `set_config('transaction_read_only', 'on', true), ` : ''
        await tx.query(
          `select ${readOnly}set_config('jit', 'off', true), set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`,
          [role, JSON.stringify(claims)],
        )
        if (principal.kind === 'user') {
          // A token outlives nothing: a deleted account's token stops working at once.
          const [me] = await tx.query<{ id: number | null }>('select app.current_user_id() as id')
          if (me?.id == null) throw unauthorized('Your session is no longer valid')
        }
        return fn(tx)
      })
    },
  }
}
