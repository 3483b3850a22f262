// The one client for the REST contract: adds the Bearer token, turns error
// bodies into ApiError, and on a 401 for a signed-in call ends the session so
// the guard sends the user to the login page (docs/ARCHITECTURE.md, "How a
// request travels").
import { apiUrl } from '@/config/env'
import { takePreloadedRead } from '@/lib/preloaded-reads'
import { clearSession, getToken } from '@/lib/session'
import type { ApiCalls } from './api-calls'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

interface RequestOptions {
  body?: unknown
  signal?: AbortSignal
  /** The stored token by default; null sends none (the public page's reads, sign-in, register). */
  token?: string | null
  /**
   * The version (ETag) the caller loaded: the server applies the write only if
   * nobody changed the item since, else 412 (docs/decisions/009-optimistic-concurrency.md).
   */
  ifMatch?: string | null
  /** Further request headers (a share link's X-Share-Pass). */
  headers?: Record<string, string>
}

/** An item as one signed-in GET answered it, with the version its edit form sends back. */
export interface Versioned<T> {
  data: T
  /** The ETag; null when the server sent none (then writes go without If-Match). */
  version: string | null
}

/** What a failed call tells people: the server's message, else `fallback` (docs/PRODUCT.md §8). */
export const serverMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback

/** 412: someone else saved the item after this screen loaded it. */
export const isChangedElsewhere = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 412

/** The one reading of an error body: { statusCode, message, errors? } when it is one, else the status. */
export function apiErrorFrom(status: number, text: string, statusText = ''): ApiError {
  let body: { message?: unknown; errors?: Record<string, string> } = {}
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: fall back to the status text
  }
  const message = typeof body?.message === 'string' ? body.message : statusText || `HTTP ${status}`
  return new ApiError(status, message, body?.errors)
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '')
  return apiErrorFrom(response.status, text, response.statusText)
}

export function handleUnauthorized(status: number, token: string | null | undefined) {
  // A 401 with a token means the session expired or was revoked.
  if (status === 401 && token) clearSession('expired')
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>
let serverFetch: Fetch | null = null

/**
 * On the server (the page renderer, server/ssr.ts) the API is in the same
 * process: its reads go to `fetch`, which answers a path under the API base,
 * instead of over the network.
 */
export function setServerFetch(fetch: Fetch | null): void {
  serverFetch = fetch
}

const signedInUseListeners = new Set<() => void>()

/**
 * Called after each request the server answered with the session's token: a
 * use of the session, which keeps it from ending for idleness
 * (docs/decisions/036-sessions-idle-and-listed.md).
 */
export function onSignedInUse(listener: () => void): () => void {
  signedInUseListeners.add(listener)
  return () => signedInUseListeners.delete(listener)
}

/** Sends the request; answers the response when it is a success, else throws ApiError. */
async function send(method: Method, path: string, options: RequestOptions): Promise<Response> {
  const token = options.token === undefined ? getToken() : options.token
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  if (options.ifMatch) headers['If-Match'] = options.ifMatch
  let body: BodyInit | undefined
  if (options.body instanceof FormData) body = options.body
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  let response: Response
  try {
    // An anonymous read index.html already started (the public page's first reads).
    const preloaded = method === 'GET' && !token ? takePreloadedRead(path) : undefined
    const go = () =>
      (serverFetch ?? fetch)(`${apiUrl()}${path}`, {
        method,
        headers,
        body,
        signal: options.signal,
      })
    // If that early request could not reach the server, ask again now.
    response = preloaded ? await preloaded.catch(go) : await go()
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    console.error(`${method} ${path} failed`, error)
    throw new ApiError(0, 'Network error: the server could not be reached')
  }
  if (token && response.status !== 401) for (const listener of signedInUseListeners) listener()
  if (!response.ok) {
    const error = await toApiError(response)
    // On the server a missing page is an answer (404), not an error worth a log line.
    if (!serverFetch || response.status >= 500) console.error(`${method} ${path} failed`, error)
    handleUnauthorized(response.status, token)
    throw error
  }
  return response
}

/**
 * A call by its written path, answering `T`: for code generic over resources
 * (lib/queries/content-writes.ts), which states `T` from the declarations;
 * everything else calls through `api`, whose paths are checked.
 */
export async function request<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const response = await send(method, path, options)
  if (response.status === 204) return undefined as T
  return (await response.json()) as T
}

/** A GET of one item that also keeps its ETag, for an edit form to send back in If-Match. */
async function requestVersioned<T>(path: string, options: RequestOptions): Promise<Versioned<T>> {
  const response = await send('GET', path, options)
  return { data: (await response.json()) as T, version: response.headers.get('ETag') }
}

/** A GET that also answers the response's headers (a page of projects: X-Next-Cursor, X-Total-Count). */
async function requestWithHeaders<T>(
  path: string,
  options: RequestOptions,
): Promise<{ data: T; headers: Headers }> {
  const response = await send('GET', path, options)
  return { data: (await response.json()) as T, headers: response.headers }
}

// The calls' types come from the server's declarations (src/lib/api-calls.ts,
// written by scripts/api-calls.ts; docs/decisions/086): a call names its path
// as declared, `/projects/{id}`, with `params` for what is in braces and
// `query` for its query string, and gets the declared answer.

/** A path the contract declares for `method`, as declared: `/projects/{id}`. */
export type ApiPath<M extends Method> = {
  [K in keyof ApiCalls]: K extends `${M} ${infer P}` ? P : never
}[keyof ApiCalls]

type Call<M extends Method, P extends string> = ApiCalls[`${M} ${P}` & keyof ApiCalls]

/** What the call `M P` answers: its declared JSON, undefined for 204. */
export type ApiAnswer<M extends Method, P extends string> = Call<M, P>['answer']

/** The body the call `M P` takes (undefined for none). */
export type ApiBody<M extends Method, P extends string> =
  Call<M, P> extends { body?: infer B } ? B : undefined

/** A query parameter left out: undefined, or null (no language: the default). */
type Query<Q> = { [K in keyof Q]: Q[K] | (undefined extends Q[K] ? null : never) }

/** Where the call goes: its path's parameters, its query (needed when a parameter is). */
type Where<C> = (C extends { params: infer X } ? { params: X } : { params?: never }) &
  (C extends { query: infer Q }
    ? object extends Q
      ? { query?: Query<Q> }
      : { query: Query<Q> }
    : { query?: never })

type Options<C> = RequestOptions & Where<C>

/** The options, which must be given where the path has parameters (or a query parameter is required). */
type OptionsArgs<C> = object extends Where<C> ? [options?: Options<C>] : [options: Options<C>]

/** The body then the options; the body may be left out where the call takes none, or only may. */
type BodyArgs<C> =
  object extends Where<C>
    ? C extends { body: infer B }
      ? [body: B, options?: Options<C>]
      : C extends { body?: infer B }
        ? [body?: B, options?: Options<C>]
        : [body?: undefined, options?: Options<C>]
    : [body: C extends { body?: infer B } ? B : undefined, options: Options<C>]

/** The declared path with its parameters and query written in (each encoded). */
export function callPath(path: string, where: { params?: object; query?: object } = {}): string {
  const params = (where.params ?? {}) as Record<string, string | number>
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params[name])),
  )
  const query = Object.entries(where.query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
  return query.length ? `${filled}?${query.join('&')}` : filled
}

const split = (options: object | undefined) => {
  const { params, query, ...rest } = (options ?? {}) as RequestOptions & {
    params?: object
    query?: object
  }
  return { where: { params, query }, rest }
}

const write =
  <M extends 'POST' | 'PATCH' | 'PUT' | 'DELETE'>(method: M) =>
  <P extends ApiPath<M>>(path: P, ...[body, options]: BodyArgs<Call<M, P>>) => {
    const { where, rest } = split(options)
    return request<ApiAnswer<M, P>>(method, callPath(path, where), { ...rest, body })
  }

export const api = {
  get: <P extends ApiPath<'GET'>>(path: P, ...[options]: OptionsArgs<Call<'GET', P>>) => {
    const { where, rest } = split(options)
    return request<ApiAnswer<'GET', P>>('GET', callPath(path, where), rest)
  },
  /** A GET that also answers the response's headers (a page of projects: X-Next-Cursor, X-Total-Count). */
  getWithHeaders: <P extends ApiPath<'GET'>>(
    path: P,
    ...[options]: OptionsArgs<Call<'GET', P>>
  ) => {
    const { where, rest } = split(options)
    return requestWithHeaders<ApiAnswer<'GET', P>>(callPath(path, where), rest)
  },
  /** A GET of one item that also keeps its ETag, for an edit form to send back in If-Match. */
  getVersioned: <P extends ApiPath<'GET'>>(path: P, ...[options]: OptionsArgs<Call<'GET', P>>) => {
    const { where, rest } = split(options)
    return requestVersioned<ApiAnswer<'GET', P>>(callPath(path, where), rest)
  },
  post: write('POST'),
  patch: write('PATCH'),
  put: write('PUT'),
  delete: write('DELETE'),
}
