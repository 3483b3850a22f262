// HTTP caching for the public reads (docs/decisions/006 and 010). A visitor's
// GET of the portfolio content is kept in memory with its ETag (and its gzip
// and brotli forms once asked for) under the content version it was read at:
// a number in the database that every committed write to public content moves
// on (migration ..._content_version.sql), whoever writes. An answer is reused
// only while that number is unchanged, so it is never stale after a write, on
// any database and across any number of instances. The ETag names the version,
// so If-None-Match is answered 304 without building the body. Signed-in reads
// are personal (they include inactive rows) and are never stored.
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context.ts'
import type { Operation } from '../api/operation.ts'
import type { Driver } from '../db/db.ts'
import { entityTag, tagListed } from './entity-tags.ts'
import { LruMap } from './lru.ts'
import { publicReadResources, withDeclaredQuery } from '../contract/public-routes.ts'

/**
 * Browsers keep a visitor's answer but ask again before every use (max-age=0
 * with must-revalidate); the ETag makes that a 304 without a body, so an owner
 * who edits the site sees the edit on the next load. Shared caches (a CDN in
 * front) may reuse it for 60 s: s-maxage applies to them only, and bounds how
 * long an edit takes to show behind a CDN that is not purged. Plain
 * `no-cache` would bind shared caches too. docs/decisions/006, PRODUCT.md §22.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=60'
/**
 * For the CDN alone (RFC 9213, read by Cloudflare, Netlify, Vercel and others;
 * browsers ignore it): past its 60 s it may still answer from its copy for
 * 10 minutes while it fetches a new one, so a burst of visitors after an
 * edit costs one request here. In Cache-Control, stale-while-revalidate would
 * let browsers show an old page first, and must-revalidate switches it off
 * for every cache (RFC 9111, 4.2.4). PRODUCT.md §22.
 */
export const CDN_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600'
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The resources a visitor's page reads (public-routes.ts, docs/PRODUCT.md §7), under the app's base path. */
const publicReads = (basePath: string) =>
  new RegExp(`^${escapeRegExp(basePath)}/(${publicReadResources.map(escapeRegExp).join('|')})(/|$)`)
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/**
 * What the kept answers may hold, the compressed forms counted: the least
 * recently used go first (lru.ts). 16 MB holds every public read of a
 * portfolio of 5,000 projects a few times over (docs/PERFORMANCE.md).
 */
export const MEMO_LIMITS = { entries: 512, bytes: 16 * 1024 * 1024 }
/** Below this a compressed copy saves too little to be worth a header. */
const COMPRESS_FROM_BYTES = 512
/**
 * Part of every version ETag. Change it when a public answer's shape changes
 * without a data change (a new field), so browsers do not keep the old shape
 * under an unchanged version.
 */
const FORMAT = 'p3'
/** The NOTIFY channel of app.bump_content_version(). */
export const CONTENT_VERSION_CHANNEL = 'vitrine_content_version'

/** A path template of the contract (/projects/{id}) as a test on a path under the base path. */
const templateTest = (template: string) =>
  new RegExp(`^${escapeRegExp(template).replace(/\\\{\w+\\\}/g, '[^/]+')}$`)
/** Each public read's path test and the query parameters it declares (api/operation.ts). */
type QueryTable = { test: RegExp; exact: string | null; query: string[] }[]

/** The table memoKey reads, from the operations a visitor may call with GET. */
export const queryTable = (operations: readonly Operation[]): QueryTable =>
  operations
    .filter((op) => op.method === 'get' && (op.access === 'public' || op.access === 'optional'))
    .map((op) => ({
      test: templateTest(op.path),
      exact: op.path.includes('{') ? null : op.path,
      query: Object.keys(op.query?.shape ?? {}).sort(),
    }))

/**
 * The key a public answer is kept under: its path and the query parameters
 * its route declares in the contract, in a fixed order, the first value of
 * each. Anything else in the query string is ignored, as the route ignores it,
 * so `?x=1`, `?x=2`, ... are one entry and one rendering (docs/PRODUCT.md §22).
 */
export function memoKey(path: string, search: string, table: QueryTable): string {
  if (!search) return path
  const route = table.find((r) => r.exact === path) ?? table.find((r) => r.test.test(path))
  return withDeclaredQuery(path, search, route?.query ?? [])
}

export type Encoding = 'br' | 'gzip'

/**
 * An answer held in memory, as a server's direct lane writes it (server/http.ts):
 * `headers` is made once per kept answer and encoding, the same array every
 * time, so a server may derive its own list from it once too.
 */
export interface KeptAnswer {
  status: number
  headers: readonly (readonly [string, string])[]
  body: Uint8Array | null
}
export type Compressor = (body: Uint8Array, encoding: Encoding) => Promise<Uint8Array>

/**
 * SHA-1 through Web Crypto, so it runs the same under Deno and Node. The
 * validator of an answer the version cannot vouch for (see below).
 */
export async function etagFor(body: ArrayBuffer | Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', body as BufferSource))
  let hex = ''
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0')
  return entityTag(hex)
}

/** The ETag of a public answer read at `version`, for its identity form or a compressed one. */
export const versionTag = (version: string, encoding?: Encoding) =>
  entityTag(FORMAT, version, encoding)

/** Whether If-None-Match names any form (identity, gzip, br) of the answer at `version`. */
const namesVersion = (header: string | undefined, version: string) =>
  tagListed(
    header,
    versionTag(version),
    (listed, identity) => listed.replace(/-(br|gzip)"$/, '"') === identity,
  )

const mentionsVersionTag = (header: string | undefined) =>
  Boolean(header && (header.includes(`"${FORMAT}-`) || header.trim() === '*'))

/** Accept-Encoding values already read: a browser sends the same one on every request. */
const encodingOf = new Map<string, Encoding | null>()

/** The best encoding the client accepts (brotli first); q=0 refuses one. */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null
  let known = encodingOf.get(header)
  if (known === undefined) {
    known = readAcceptEncoding(header)
    if (encodingOf.size >= 64) encodingOf.clear()
    encodingOf.set(header, known)
  }
  return known
}

function readAcceptEncoding(header: string): Encoding | null {
  const accepted = new Set<string>()
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (q && Number(q.slice(2)) === 0) continue
    accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return null
}

/**
 * Where the current content version comes from.
 * - PGlite (in this process, `listen`): the number NOTIFY last delivered. PGlite
 *   delivers it before the writing transaction's promise settles, so it is
 *   never behind a write that has returned.
 * - PostgreSQL: one cheap read (`select app.content_version()`), shared by the
 *   requests that arrive while it is on the way. A request only joins a read
 *   sent after it arrived, so every answer reflects every write committed
 *   before the request came in, whichever instance made it. A notification
 *   would save that round trip but may arrive after the reader's request
 *   (docs/decisions/010).
 */
export interface VersionSource {
  current(): Promise<string>
}

export function versionSource(driver: Driver): VersionSource {
  const read = async () => {
    const [row] = await driver.query<{ v: string }>('select app.content_version()::text as v')
    if (!row) throw new Error('app.content_version() answered no row')
    return row.v
  }
  if (driver.listen) {
    let known: Promise<string> | null = null
    let subscribed: Promise<void> | null = null
    return {
      current() {
        subscribed ??= driver.listen!(CONTENT_VERSION_CHANNEL, (payload) => {
          known = Promise.resolve(payload)
        }).catch((error: unknown) => {
          subscribed = null
          throw error
        })
        // Read once the subscription is in place, so no bump falls in between.
        known ??= subscribed.then(read).catch((error: unknown) => {
          known = null
          throw error
        })
        return known
      },
    }
  }
  return { current: coalesce(read) }
}

/**
 * At most one call of `read` in flight; callers that arrive meanwhile share
 * the next one, which starts when the running one ends (never the running one:
 * it was sent before they arrived).
 */
export function coalesce<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null
  let queued: Promise<T> | null = null
  const start = (): Promise<T> => {
    const call = read()
    running = call
    const done = () => {
      if (running === call) running = null
    }
    call.then(done, done)
    return call
  }
  return () => {
    if (!running) return start()
    queued ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = null
        return start()
      })
    return queued
  }
}

interface Stored {
  version: string
  body: Uint8Array
  /** The route's own headers (Content-Type, paging headers), replayed on every hit. */
  headers: [string, string][]
  encoded: Partial<Record<Encoding, Promise<Uint8Array | null>>>
  /** The compressed forms once made (null: not smaller), for the direct lane, which never waits. */
  made: Partial<Record<Encoding, Uint8Array | null>>
  /** Its 200 answers, by encoding ('' for none), headers made once. */
  answers: Partial<Record<Encoding | '', KeptAnswer>>
}

export interface HttpCacheOptions {
  /** Where the content version comes from; without one, answers are not memoized (the body-hash ETag of decision 006). */
  versions?: VersionSource
  /** Makes the gzip and brotli forms, once per version; without it answers go out as they are. */
  compress?: Compressor
  /** The app's base path, in front of /projects and the other public reads (default /api). */
  basePath?: string
  /** How much the kept answers may hold (MEMO_LIMITS by default). */
  limits?: { entries: number; bytes: number }
  /** The contract's operations: which query parameters each public read declares (memoKey). */
  operations?: readonly Operation[]
}

/** What an entry costs: its body, its headers and its key, roughly. */
const storedBytes = (key: string, stored: Stored) =>
  stored.body.byteLength +
  key.length +
  stored.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0)

const SKIPPED_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'etag',
  'cache-control',
  'vary',
])

/**
 * The kept public answer of a GET, from memory, for a server's direct lane
 * (server/http.ts), or null when the request must take the whole way through
 * the app: not a public read, signed in, not kept, kept at an older version,
 * or its compressed form not made yet. It answers as the middleware would.
 */
export type KeptLookup = (
  path: string,
  search: string,
  headers: { authorization?: string; ifNoneMatch?: string; acceptEncoding?: string },
) => Promise<KeptAnswer | null> | null

export interface HttpCache {
  middleware: MiddlewareHandler<AppEnv>
  kept: KeptLookup
}

export function httpCache(options: HttpCacheOptions = {}): MiddlewareHandler<AppEnv> {
  return createHttpCache(options).middleware
}

/** The headers every public answer read at `version` carries, its own first. */
function publicHeaders(
  own: [string, string][],
  etag: string,
  compressing: boolean,
): [string, string][] {
  const out = new Headers(own)
  out.set('ETag', etag)
  out.set('Cache-Control', PUBLIC_CACHE_CONTROL)
  out.set('CDN-Cache-Control', CDN_CACHE_CONTROL)
  out.set('Vary', compressing ? 'Authorization, Accept-Encoding' : 'Authorization')
  return [...out]
}

export function createHttpCache(options: HttpCacheOptions = {}): HttpCache {
  const memo = new LruMap<Stored>(options.limits ?? MEMO_LIMITS)
  const queries = queryTable(options.operations ?? [])
  /** Misses being read now, by key: later requests for the same key wait for them (below). */
  const reading = new Map<string, Promise<void>>()
  let memoVersion: bigint | null = null
  const { versions, compress } = options
  const basePath = options.basePath ?? '/api'
  const PUBLIC_READS = publicReads(basePath)

  /** Keeps `stored` unless a newer version is known already; a newer one empties the memo. */
  const keep = (key: string, stored: Stored) => {
    const version = BigInt(stored.version)
    if (memoVersion !== null && version < memoVersion) return
    if (memoVersion === null || version > memoVersion) {
      memo.clear()
      memoVersion = version
    }
    memo.set(key, stored, storedBytes(key, stored))
  }

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!READ_METHODS.has(c.req.method)) return next()
    const signedIn = Boolean(c.req.header('authorization'))
    const cacheable = c.req.method === 'GET' && !signedIn && PUBLIC_READS.test(c.req.path)
    if (!cacheable) {
      await next()
      if (c.req.method !== 'GET') return
      // The answer depends on who asks: a cache must never hand a visitor's copy to a signed-in request.
      c.res.headers.append('Vary', 'Authorization')
      if (signedIn) c.res.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
      return
    }

    // Path and the query the route reads, without the origin (cheaper than parsing a URL on every request).
    const href = c.req.url
    const query = href.indexOf('?')
    const key = memoKey(
      c.req.path.slice(basePath.length),
      query < 0 ? '' : href.slice(query + 1).split('#')[0]!,
      queries,
    )
    const ifNoneMatch = c.req.header('if-none-match')
    const encoding = compress ? preferredEncoding(c.req.header('accept-encoding')) : null

    if (await fromMemo()) return
    // Another request is reading the same answer now (a burst after a write):
    // wait for it and take its copy if it is current, so a CV or a long list
    // is made once, not once per visitor in the burst.
    const running = reading.get(key)
    if (running) {
      await running
      if (await fromMemo()) return
    }
    let finished = () => {}
    if (!running && versions) reading.set(key, new Promise<void>((resolve) => (finished = resolve)))
    try {
      await readAndKeep()
    } finally {
      if (!running && versions) reading.delete(key)
      finished()
    }

    /** Answers from memory when it can: true when c.res is set. */
    async function fromMemo(): Promise<boolean> {
      // The version costs a round trip on PostgreSQL: ask only when it can spare the query.
      if (!versions || !(memo.has(key) || mentionsVersionTag(ifNoneMatch))) return false
      let current: string
      try {
        current = await versions.current()
      } catch (error) {
        // The database cannot say which version is current (an outage): the
        // last answer this instance read beats an error page for a visitor
        // (docs/RELIABILITY.md, "Database outages").
        const kept = memo.peek(key)
        if (!kept) throw error
        if (namesVersion(ifNoneMatch, kept.version)) notModified(kept.version, encoding)
        else await answer(kept, encoding, key)
        return true
      }
      if (memoVersion === null || BigInt(current) > memoVersion) {
        memo.clear()
        memoVersion = BigInt(current)
      }
      if (namesVersion(ifNoneMatch, current)) {
        notModified(current, encoding)
        return true
      }
      const hit = memo.get(key)
      if (!hit || hit.version !== current) return false
      await answer(hit, encoding, key)
      return true
    }

    async function readAndKeep() {
      // Not in memory: the route reads, and tells us which version it read at.
      const seen = new Set<string>()
      if (versions) c.set('onContentVersion', (version) => seen.add(version))
      await next()
      // Not kept: an error, or an answer its route says is this caller's alone (a preview).
      if (c.res.status !== 200 || c.res.headers.get('Cache-Control')?.includes('no-store')) {
        c.res.headers.append('Vary', 'Authorization')
        return
      }
      const res = c.res
      const stored: Stored = {
        version: '',
        body: new Uint8Array(await res.arrayBuffer()),
        headers: [...res.headers].filter(([name]) => !SKIPPED_HEADERS.has(name.toLowerCase())),
        encoded: {},
        made: {},
        answers: {},
      }
      // Exactly one version seen: the body and the number share a snapshot.
      const [version] = seen
      if (seen.size === 1 && version) {
        stored.version = version
        keep(key, stored)
        if (namesVersion(ifNoneMatch, version)) return notModified(version, encoding)
        return answer(stored, encoding, key)
      }
      // Read without a version (or over several): no memo, a tag from the bytes.
      const etag = await etagFor(stored.body)
      if (tagListed(ifNoneMatch, etag)) return respond(304, null, etag, [])
      return respond(200, stored.body, etag, stored.headers)
    }

    async function answer(hit: Stored, wanted: Encoding | null, key: string) {
      const encoded = wanted ? await encodedBody(hit, wanted, key) : null
      if (encoded && wanted)
        return respond(200, encoded, versionTag(hit.version, wanted), [
          ...hit.headers,
          ['Content-Encoding', wanted],
        ])
      return respond(200, hit.body, versionTag(hit.version), hit.headers)
    }

    function notModified(version: string, wanted: Encoding | null) {
      return respond(304, null, versionTag(version, wanted ?? undefined), [])
    }

    function respond(
      status: 200 | 304,
      body: Uint8Array | null,
      etag: string,
      headers: [string, string][],
    ) {
      const out = publicHeaders(headers, etag, Boolean(compress))
      // Clearing first stops Hono from copying the old headers (Content-Length) onto the new answer.
      c.res = undefined
      c.res = new Response(body as BodyInit | null, { status, headers: out })
    }
  }

  const kept: KeptLookup = (path, search, headers) => {
    if (!versions || headers.authorization || path.includes('%')) return null
    if (!path.startsWith(basePath) || !PUBLIC_READS.test(path)) return null
    const key = memoKey(path.slice(basePath.length), search, queries)
    if (!memo.has(key)) return null
    const wanted = compress ? preferredEncoding(headers.acceptEncoding) : null
    return versions.current().then(
      (current) => {
        // A newer version empties the memo: the middleware does that.
        if (memoVersion === null || BigInt(current) !== memoVersion) return null
        if (namesVersion(headers.ifNoneMatch, current)) {
          const etag = versionTag(current, wanted ?? undefined)
          return { status: 304, headers: publicHeaders([], etag, Boolean(compress)), body: null }
        }
        const hit = memo.get(key)
        if (!hit || hit.version !== current) return null
        let body = hit.body
        let encoding: Encoding | null = null
        if (wanted && hit.body.byteLength >= COMPRESS_FROM_BYTES) {
          const made = hit.made[wanted]
          // Not made yet (the middleware makes it), or not smaller: the whole way.
          if (!made) return null
          body = made
          encoding = wanted
        }
        let answer = hit.answers[encoding ?? '']
        if (!answer) {
          const own: [string, string][] = encoding
            ? [...hit.headers, ['Content-Encoding', encoding]]
            : hit.headers
          answer = {
            status: 200,
            headers: publicHeaders(
              own,
              versionTag(hit.version, encoding ?? undefined),
              Boolean(compress),
            ),
            body,
          }
          hit.answers[encoding ?? ''] = answer
        }
        return answer
      },
      () => null,
    )
  }

  return { middleware, kept }

  /** The compressed form of an answer, made once per version; null when it would not be smaller. */
  function encodedBody(hit: Stored, encoding: Encoding, key: string): Promise<Uint8Array | null> {
    if (!compress || hit.body.byteLength < COMPRESS_FROM_BYTES) return Promise.resolve(null)
    hit.encoded[encoding] ??= compress(hit.body, encoding).then(
      (bytes) => {
        if (bytes.byteLength >= hit.body.byteLength) return (hit.made[encoding] = null)
        // The compressed form counts against the memory of this entry, if it is still kept.
        if (memo.peek(key) === hit) memo.grow(key, bytes.byteLength)
        return (hit.made[encoding] = bytes)
      },
      () => null,
    )
    return hit.encoded[encoding]!
  }
}
