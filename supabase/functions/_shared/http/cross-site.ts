// Visitors' writes (POST /contact, POST /events) are refused when another site
// makes a visitor's browser send them. A page anywhere may post a form or a
// text/plain fetch to us without asking (a "simple" request has no CORS
// preflight), so each route accepts only its own content types, and a request
// whose Origin or Sec-Fetch-Site names another site is refused unless that
// origin is in ALLOWED_ORIGINS (the site's own address when it is hosted
// elsewhere than the API) or is SITE_URL's (the site's public address, which
// a proxy that rewrites Host hides from the request). A request with neither header does not come from a
// browser page and is judged by the route's other rules (docs/PRODUCT.md §22).
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context.ts'
import { forbidden, HttpError } from './errors.ts'

/** ALLOWED_ORIGINS: comma-separated origins, each reduced to scheme://host[:port]. */
export function parseAllowedOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => {
      if (!URL.canParse(origin) || !/^https?:$/.test(new URL(origin).protocol))
        throw new Error(`ALLOWED_ORIGINS must list http(s) origins, got "${origin}"`)
      return new URL(origin).origin
    })
}

const mediaType = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase()

/**
 * `types`: the media types the route reads (without parameters such as
 * charset). The origin is this server's own when its host is the Host the
 * request was sent to.
 */
export function sameSiteOnly(types: string[]): MiddlewareHandler<AppEnv> {
  const accepted = new Set(types)
  return async (c, next) => {
    const { allowedOrigins = [], siteUrl } = c.get('deps')
    const origin = c.req.header('origin')
    const fetchSite = c.req.header('sec-fetch-site')?.toLowerCase()
    const listed =
      origin !== undefined && (allowedOrigins.includes(origin) || origin === siteOrigin(siteUrl))
    // The browser's own verdict first: it knows which site the page is on
    // (same-site covers the site's other hosts, api.example.com beside
    // example.com). Without it (older browsers) the Origin's host must be the
    // one the request was sent to.
    const otherSite =
      fetchSite !== undefined
        ? fetchSite === 'cross-site'
        : origin !== undefined && !sameHost(origin, c.req.header('host') ?? c.req.url)
    if (otherSite && !listed) throw crossSite()
    if (!accepted.has(mediaType(c.req.header('content-type'))))
      throw new HttpError(415, `The body must be sent as ${types.join(' or ')}`)
    await next()
  }
}

const siteOrigin = (siteUrl: string | undefined) =>
  siteUrl && URL.canParse(siteUrl) ? new URL(siteUrl).origin : undefined

const crossSite = () =>
  forbidden('Requests from other sites are refused; this form works from the site itself')

/** Whether `origin` (an Origin header) names the host `target` (a Host header or a URL) points to. */
function sameHost(origin: string, target: string): boolean {
  if (!URL.canParse(origin)) return false // "null": a sandboxed frame, a file
  const host = URL.canParse(target) ? new URL(target).host : target
  return new URL(origin).host === host.toLowerCase()
}
