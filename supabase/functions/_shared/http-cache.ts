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

export function httpCache(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.req.method !== 'GET') return
    const headers = c.res.headers
    // The answer depends on who asks: a cache must never hand a visitor's copy to a signed-in request.
    headers.append('Vary', 'Authorization')
    if (c.req.header('authorization')) {
      headers.set('Cache-Control', PRIVATE_CACHE_CONTROL)
      return
    }
    if (c.res.status !== 200 || !PUBLIC_READS.test(c.req.path)) return

    const body = await c.res.arrayBuffer()
    const etag = await etagFor(body)
    const cacheHeaders = { ETag: etag, 'Cache-Control': PUBLIC_CACHE_CONTROL, Vary: headers.get('Vary') ?? 'Authorization' }
    // Clearing first stops Hono from copying the old headers (Content-Length) onto the new answer.
    const previous = c.res
    c.res = undefined
    if (matchesIfNoneMatch(c.req.header('if-none-match'), etag)) {
      c.res = new Response(null, { status: 304, headers: cacheHeaders })
      return
    }
    const fresh = new Headers(previous.headers)
    for (const [name, value] of Object.entries(cacheHeaders)) fresh.set(name, value)
    c.res = new Response(body, { status: 200, headers: fresh })
  }
}
