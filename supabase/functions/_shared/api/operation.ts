// Each call of the REST contract is declared once: its method and path, who
// may make it, what it reads (path, query, body) and what it answers. The one
// declaration registers the Hono route, checks the request before the handler
// runs (so the handler gets typed, valid input), and is the call's entry in
// the OpenAPI document (contract/openapi.ts; docs/decisions/046).
import { Hono, type Context, type TypedResponse } from 'hono'
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status'
import { z } from 'zod'
import type { AppEnv } from '../context.ts'
import { badRequest } from '../http/errors.ts'
import { sameSiteOnly } from '../http/cross-site.ts'
import { errorBody } from '../contract/responses.ts'
import { requireAdmin, requireSignedIn } from '../db/sql.ts'
import { fieldErrors, idParam, readJson } from '../http/validate.ts'

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
/** Who may call: anyone, anyone (answers depend on the caller), any account, admins. */
export type Access = 'public' | 'optional' | 'signedIn' | 'admin'

export interface Answer {
  description: string
  /** A JSON body; absent for 204 and for binary answers. */
  schema?: z.ZodType
  /** A non-JSON body, by media type (the backup archive, the CV). */
  media?: string
  headers?: Record<string, string>
}

export interface Operation {
  method: Method
  /** OpenAPI path under the API's base, e.g. /projects/{id}; `{id}` is a positive integer. */
  path: string
  operationId: string
  summary: string
  tag: string
  /** Visitors get 401 before anything is read where an account is needed ('signedIn', 'admin'). */
  access: Access
  /**
   * Asks the database whether the caller is an admin (403) before anything
   * else is read: for calls whose work is not a write row-level security
   * checks (a file, an archive, a call out). Other admin calls are refused by
   * the policies themselves.
   */
  confirmAdmin?: boolean
  /** A JSON body, read with `bodyLimit` and checked with this schema before the handler runs. */
  body?: z.ZodType
  /**
   * The body is read as JSON (ceiling, shape, NUL) but checked against `body`
   * by the handler, whose messages differ: the résumé import names the first
   * problem by its path, as the JSON Resume schema does.
   */
  checkedByHandler?: true
  /** The body's ceiling in bytes (413 past it); body-limit.ts's JSON_BODY_LIMIT when absent. */
  bodyLimit?: number
  /** What an empty body reads as: the body may be left out (DELETE /users/{id}, whose body only confirms). */
  emptyBody?: unknown
  /** multipart/form-data fields (uploads, restore), read by the handler, described by hand. */
  multipart?: Record<string, string>
  /**
   * The query parameters the call reads, each with `.describe()`: checked
   * before the handler runs (400 naming the parameter); any other parameter is
   * ignored, and a kept public answer is keyed by these alone (http-cache.ts).
   */
  query?: z.ZodObject
  /**
   * The call is one a page on another site could make the visitor's browser
   * send without asking (a form, a text/plain fetch): a request whose Origin
   * or Sec-Fetch-Site names another site is refused (403) unless listed in
   * ALLOWED_ORIGINS, and a body of any type but these is refused (415), both
   * before anything is read, counted or checked (http/cross-site.ts).
   */
  fromThisSite?: string[]
  /** The write carries an If-Match and may answer 412 (docs/decisions/009). */
  versioned?: boolean
  /** Statuses besides the ones every operation of its kind answers. */
  answers: Record<number, Answer>
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined

/** What the handler gets, checked: the path's id, the query and the body as their schemas output them. */
export interface Input<O extends Operation> {
  id: O['path'] extends `${string}{id}${string}` ? number : never
  query: Parsed<O['query']>
  body: O['checkedByHandler'] extends true ? unknown : Parsed<O['body']>
}

/** The declared statuses of `A`, without an index signature's `number`. */
type Statuses<A> = keyof { [S in keyof A as number extends S ? never : S]: A[S] }

/** The JSON body declared for status `S` of `O`, as the schema outputs it; never without a schema. */
export type AnswerBody<O extends Operation, S extends number> = S extends keyof O['answers']
  ? O['answers'][S] extends { schema: infer Z extends z.ZodType }
    ? z.output<Z>
    : never
  : never

/**
 * What a handler of `O` may answer: for a status declared with a JSON
 * schema, `c.json(body, status)` whose body is of the schema's type; for
 * one without (204, a file), `c.body(...)` of that status. A body that does
 * not match its declared schema, or an undeclared status, fails to compile.
 */
export type Reply<O extends Operation> = {
  [S in Statuses<O['answers']> & number]: O['answers'][S] extends {
    schema: infer Z extends z.ZodType
  }
    ? Response & TypedResponse<z.output<Z>, S & ContentfulStatusCode, 'json'>
    : Response & TypedResponse<unknown, S & StatusCode, 'body' | 'redirect'>
}[Statuses<O['answers']> & number]

export type Handler<O extends Operation> = (
  c: Context<AppEnv>,
  input: Input<O>,
) => Reply<O> | Promise<Reply<O>>

/**
 * `/projects/{id}` as Hono writes it: `/projects/:id{[0-9]+}`. An id is
 * digits, so `/configs/all-as-object` is never read as one, in whatever order
 * the two are declared; any other id is a 404, as a missing item.
 */
export const honoPath = (path: string) =>
  path.replace('{id}', ':id{[0-9]+}').replace(/\{(\w+)\}/g, ':$1')

/** The query string (the first value of each parameter) as `schema` outputs it, else 400 naming the parameter. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query())
  if (parsed.success) return parsed.data
  const errors = fieldErrors(parsed.error)
  throw badRequest(Object.values(errors)[0] ?? 'Invalid query', errors)
}

/** Reads and checks what `op` declares, in the order the contract answers: 404, 401, 400. */
async function inputOf<O extends Operation>(c: Context<AppEnv>, op: O): Promise<Input<O>> {
  const id = op.path.includes('{id}') ? idParam(c) : undefined
  if (op.access === 'signedIn' || op.access === 'admin') requireSignedIn(c.get('principal'))
  if (op.confirmAdmin) await requireAdmin(c.get('deps').db, c.get('principal'))
  const query = op.query ? parseQuery(c, op.query) : undefined
  const schema = op.checkedByHandler ? z.unknown() : op.body
  const body = schema ? await readJson(c, schema, op.bodyLimit, op.emptyBody) : undefined
  return { id, query, body } as Input<O>
}

/**
 * A group of declared operations and the router that serves them. The app
 * mounts every group's router at its base path and builds the OpenAPI
 * document from every group's operations.
 */
export class Api {
  readonly routes = new Hono<AppEnv>()
  readonly operations: Operation[] = []

  /** Declares `op` and serves it with `handler`, which gets the checked input. */
  add<const O extends Operation>(op: O, handler: Handler<O>): this {
    const method = op.method.toUpperCase()
    const path = honoPath(op.path)
    if (op.fromThisSite) {
      this.operations.push({ ...op, answers: withCrossSiteRefusals(op.answers) })
      // Ahead of the call itself: refused before its body is read or anything counted.
      this.routes.on(method, path, sameSiteOnly(op.fromThisSite))
    } else this.operations.push(op)
    this.routes.on(method, path, async (c) => handler(c, await inputOf(c, op)))
    return this
  }
}

/** An answer of `description`, with a JSON body of `schema` when given (its type is what the handler answers). */
export const ok = <const S extends z.ZodType | undefined = undefined>(
  description: string,
  schema?: S,
): { description: string; schema: S } => ({ description, schema: schema as S })

/** The header a read of one versioned item answers (docs/decisions/009). */
export const eTag = { ETag: "The item's version, to send back as If-Match" }

/** What a call answers a request sent by another site's page, or a body of another type (cross-site.ts). */
export const crossSiteRefusals = {
  403: ok('Sent from another site (Origin, Sec-Fetch-Site) not in ALLOWED_ORIGINS', errorBody),
  415: ok('The body is not of a type this call reads', errorBody),
} satisfies Record<number, Answer>

/** `answers` with the cross-site refusals; a 403 it already has names both reasons. */
function withCrossSiteRefusals(answers: Record<number, Answer>): Record<number, Answer> {
  const own = answers[403]
  const refused = crossSiteRefusals[403]
  return {
    ...crossSiteRefusals,
    ...answers,
    403: own ? { ...own, description: `${own.description}; or ${refused.description}` } : refused,
  }
}

/** The writes that take the caller's current password (docs/decisions/042, 064). */
export const reauthentication = {
  403: ok(
    'This account may not do this, or the current password is missing or wrong (`errors.currentPassword` says which)',
    errorBody,
  ),
  429: {
    ...ok('Too many wrong current passwords; try again later', errorBody),
    headers: { 'Retry-After': 'Seconds to wait' },
  },
} satisfies Record<number, Answer>
