// Small SQL helpers the resource routers share: ISO timestamps that read the
// same from PGlite and postgres.js, partial UPDATEs, many-row INSERTs, and the
// 403-or-404 answer when a write touched no row.
import type { Database, Principal, Queryable } from './db.ts'
import { forbidden, notFound, unauthorized } from '../http/errors.ts'

/** The `result` column of a one-row select (`select app.f($1) as result`). */
export async function selectResult<T>(
  tx: Queryable,
  sql: string,
  params: unknown[] = [],
): Promise<T> {
  const [row] = await tx.query<{ result: T }>(sql, params)
  if (!row) throw new Error(`No answer from ${sql}`)
  return row.result
}

/** A timestamptz column as an ISO 8601 string in UTC, e.g. 2026-11-22T13:33:00.123Z. */
export const isoTimestamp = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** Routes that need an account answer 401 to visitors, never an empty list or a 403. */
export function requireSignedIn(
  principal: Principal,
): asserts principal is Extract<Principal, { kind: 'user' }> {
  if (principal.kind === 'anon') throw unauthorized('Authentication required')
}

/**
 * Visitors get 401; signed-in accounts that are not admins get 403. For routes
 * whose work is not a row-level-security-checked write (a file, a call out).
 */
export async function requireAdmin(db: Database, principal: Principal): Promise<void> {
  requireSignedIn(principal)
  const [row] = await db.as(
    principal,
    (tx) => tx.query<{ admin: boolean }>('select app.is_admin() as admin'),
    { readOnly: true },
  )
  if (row?.admin !== true) throw forbidden()
}

export interface Assignment {
  /** A column name from the router's own code, never from the request. */
  column: string
  value: unknown
  /** SQL around the parameter, `$` standing for it, e.g. `app.hash_password($)`. */
  expression?: string
}

/**
 * `set a = $2, b = $3` for the fields a PATCH carried, with params starting after
 * `firstParam`. With no field it assigns `fallback` to itself so that row-level
 * security still decides whether the caller may write the row.
 */
export function setClause(
  assignments: Assignment[],
  fallback: string,
  firstParam = 2,
): { sql: string; params: unknown[] } {
  if (!assignments.length) return { sql: `${fallback} = ${fallback}`, params: [] }
  const params: unknown[] = []
  const parts = assignments.map((a) => {
    params.push(a.value)
    const placeholder = `$${firstParam + params.length - 1}`
    return `${a.column} = ${(a.expression ?? '$').replace('$', placeholder)}`
  })
  return { sql: parts.join(', '), params }
}

/**
 * An UPDATE or DELETE matched no row: either row-level security refused the
 * write on a row the caller can see (403) or there is no such row for them (404).
 */
export async function refusedOrMissing(
  tx: Queryable,
  table: string,
  id: number,
  what: string,
): Promise<never> {
  const rows = await tx.query(`select 1 from public.${table} where id = $1`, [id])
  throw rows.length ? forbidden() : notFound(`${what} not found`)
}

/** Deletes row `id` of `table`; 403 or 404 (refusedOrMissing) when no row went. */
export async function deleteById(
  tx: Queryable,
  table: string,
  id: number,
  what: string,
): Promise<void> {
  const deleted = await tx.query(`delete from public.${table} where id = $1 returning id`, [id])
  if (!deleted.length) await refusedOrMissing(tx, table, id, what)
}

/** Arrays travel as JSON text so both drivers bind them the same way. */
export const jsonParam = (value: unknown) => JSON.stringify(value)

/** A payload's fields and the columns they are stored in (names from this code only). */
export type FieldColumns = Record<string, { column: string; expression?: string }>

/** The elements of the JSON array in $1 as `e.value`, numbered by `e.ord` from 1. */
export const JSON_ROWS = 'jsonb_array_elements($1::jsonb) with ordinality as e(value, ord)'

/**
 * Inserts one row into `table` per checked payload in `rows`, in their order,
 * in one statement; each column takes its field's text through its
 * `expression` (`$` standing for it). Answers the new ids in the same order.
 */
export async function insertRows(
  tx: Queryable,
  table: string,
  fields: FieldColumns,
  rows: readonly object[],
): Promise<number[]> {
  if (!rows.length) return []
  const entries = Object.entries(fields)
  const values = entries.map(([field, { expression }]) =>
    (expression ?? '$').replace('$', `(e.value ->> '${field}')`),
  )
  const inserted = await tx.query<{ id: number }>(
    `insert into public.${table} (${entries.map(([, { column }]) => column).join(', ')})
     select ${values.join(', ')} from ${JSON_ROWS} order by e.ord
     returning id`,
    [jsonParam(rows)],
  )
  // Identity values follow the insert's order, whatever order RETURNING lists them in.
  return inserted.map((r) => r.id).sort((a, b) => a - b)
}
