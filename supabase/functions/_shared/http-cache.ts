// HTTP caching for the public reads (issue 6). A visitor's GET of the portfolio
// content gets a strong ETag, a hash of the exact body, and may be reused for a
// few seconds; a matching If-None-Match answers 304 with no body. Because the tag
// is derived from the current body, a write changes the next read's tag by
// construction: no invalidation to forget. Signed-in reads are personal (they
// include inactive rows) and are never stored.
import type { MiddlewareHandler } from 'hono'

export const PUBLIC_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60'
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

/** The resources a visitor's page reads (spec section 7), under the app's `/api` base path. */
const PUBLIC_READS = /^\/api\/(projects|technologies|certifications|configs)(\/|$)/
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Distinct paths kept at most; beyond that the memo starts again (query strings must not grow it without bound). */
const MEMO_LIMIT = 256

/**
 * SHA-1 through Web Crypto, so it runs the same under Deno and Node. SHA-1 is
 * enough for a cache validator (nobody gains by forging one) and is the fastest
 * digest Web Crypto offers, which matters for the 5,000-project list.
 */
export async function etagFor(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', body))
  let hex = ''
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0')
  return `"${hex}"`
}

/** If-None-Match uses the weak comparison (RFC 9110, 13.1.2): `W/` is ignored; `*` matches any. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '')
    return tag === '*' || tag === etag
  })
}

interface Stored {
  body: ArrayBuffer
  etag: string
  contentType: string
}

export interface HttpCacheOptions {
  /**
   * Also keep visitors' answers in memory until the next write through this app.
   * Only correct when this process is the database's one writer (the embedded
   * PGlite, which one process owns): then every change passes through here.
   */
  memoize?: boolean
}

export function httpCache(options: HttpCacheOptions = {}): MiddlewareHandler {
  const memo = options.memoize ? new Map<string, Stored>() : null
  // Bumped before and after every write, so a read that overlapped one is never stored.
  let generation = 0

  return async (c, next) => {
    if (!READ_METHODS.has(c.req.method)) {
      generation++
      memo?.clear()
      try {
        await next()
      } finally {
        generation++
        memo?.clear()
      }
      return
    }
    const signedIn = Boolean(c.req.header('authorization'))
    const cacheable = c.req.method === 'GET' && !signedIn && PUBLIC_READS.test(c.req.path)
    const key = cacheable ? new URL(c.req.url).pathname + new URL(c.req.url).search : ''
    const hit = memo && cacheable ? memo.get(key) : undefined
    const startedAt = generation

    if (!hit) await next()
    if (c.req.method !== 'GET') return
    if (!hit) {
      // The answer depends on who asks: a cache must never hand a visitor's copy to a signed-in request.
      c.res.headers.append('Vary', 'Authorization')
      if (signedIn) {
        c.res.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
        return
      }
      if (!cacheable || c.res.status !== 200) return
    }

    const stored = hit ?? (await store(c.res))
    if (memo && !hit && generation === startedAt) {
      if (memo.size >= MEMO_LIMIT) memo.clear()
      memo.set(key, stored)
    }
    const headers = {
      ETag: stored.etag,
      'Cache-Control': PUBLIC_CACHE_CONTROL,
      Vary: 'Authorization',
    }
    // Clearing first stops Hono from copying the old headers (Content-Length) onto the new answer.
    c.res = undefined
    c.res = matchesIfNoneMatch(c.req.header('if-none-match'), stored.etag)
      ? new Response(null, { status: 304, headers })
      : new Response(stored.body, {
          status: 200,
          headers: { ...headers, 'Content-Type': stored.contentType },
        })
  }
}

async function store(res: Response): Promise<Stored> {
  const body = await res.arrayBuffer()
  return {
    body,
    etag: await etagFor(body),
    contentType: res.headers.get('Content-Type') ?? 'application/json',
  }
}
