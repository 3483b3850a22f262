// Answers typed by the JSON they carry, for a handler whose answers are
// declared (api/operation.ts, `Reply`): where `c.json` cannot say it, because
// the JSON is text the database wrote, or code is generic in its body.
import type { Context, TypedResponse } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { JSONValue } from 'hono/utils/types'

declare const jsonOf: unique symbol
/**
 * JSON text the database wrote (a list's `json_agg`), of type `T`: typed
 * where the SQL is read, as `tx.query<Row>` types rows, and answered as it is
 * by `answerJson`. The contract suite checks every answer against its schema.
 */
export type JsonText<T> = string & { readonly [jsonOf]: T }

/** `value` as JSON text of its own type. */
export const jsonTextOf = <T>(value: T) => JSON.stringify(value) as JsonText<T>

/** Answers JSON text as it is, typed as the JSON it holds (a `c.json` that needs no parse and stringify). */
export const answerJson = <T, S extends ContentfulStatusCode = 200>(
  c: Context,
  text: JsonText<T>,
  status?: S,
  headers: Record<string, string> = {},
) =>
  c.body(text, status ?? 200, {
    'Content-Type': 'application/json',
    ...headers,
  }) as unknown as Response & TypedResponse<T, S, 'json'>

/**
 * `c.json(body, status)` typed by the body as given: Hono types it by its
 * JSON form, which code generic in the body (content-table.ts) cannot name.
 */
export const answer = <T, S extends ContentfulStatusCode>(
  c: Context,
  body: T,
  status: S,
  headers?: Record<string, string>,
) => c.json(body as JSONValue, status, headers) as unknown as Response & TypedResponse<T, S, 'json'>

/**
 * A Response another library made (the MCP SDK's transport), answered as it
 * is: its JSON is that library's, which the declaration describes and the
 * contract suite checks, as the database's JSON text.
 */
export const answeredBy = <R extends TypedResponse>(response: Response) =>
  response as unknown as Response & R
