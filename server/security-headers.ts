// The security headers of the built site: `npm start` sends them with every
// answer, and `npm run build` writes the same set to dist/_headers for static
// hosts that read that file (Netlify, Cloudflare Pages; the Vite plugin in
// build/static-host-headers.ts). docs/operations.md, "Security headers".
//
// The Content-Security-Policy allows scripts from this origin only, plus the
// inline theme script of index.html (it must run before first paint, so it
// cannot be a file) by its SHA-256. The hash is computed from the built
// index.html itself, at build time for _headers and at start for `npm start`,
// so an edit to the script can never leave a stale hash behind.
import { createHash } from 'node:crypto'

/** `'sha256-...'` for each inline script (one without src) of an HTML page, in order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes = '', body = ''] = match
    if (/\bsrc\s*=/i.test(attributes)) continue
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return hashes
}

/** The origin of an absolute API URL (VITE_API_URL), which the page must be allowed to call. */
export function apiOrigin(apiUrl: string | undefined): string | undefined {
  if (!apiUrl || !/^https?:\/\//i.test(apiUrl.trim())) return undefined
  try {
    return new URL(apiUrl.trim()).origin
  } catch {
    return undefined
  }
}

export interface PolicyOptions {
  /** From inlineScriptHashes() of the index.html being served. */
  scriptHashes: string[]
  /** Origins besides this one the page calls: the API when it lives elsewhere. */
  connectSources?: string[]
  /** Send Strict-Transport-Security: only when the site is served over https (hstsFor). */
  hsts?: boolean
}

/**
 * Two years, the span browsers' preload lists ask for, and subdomains too: a
 * portfolio's subdomains are its own, and an http one would be a way around
 * the rule. Not `preload`: that commits the whole domain, which is the
 * owner's decision to make, not the build's.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains'

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Whether `npm start` may tell browsers to use https only for this site
 * (SITE_URL): only for an https address, and never for this machine, where
 * the rule would follow every other local server on the same name.
 */
export function hstsFor(siteUrl: string): boolean {
  try {
    const url = new URL(siteUrl)
    return (
      url.protocol === 'https:' &&
      !LOCAL_HOSTS.has(url.hostname) &&
      !url.hostname.endsWith('.localhost')
    )
  } catch {
    return false
  }
}

export function contentSecurityPolicy({ scriptHashes, connectSources = [] }: PolicyOptions) {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...scriptHashes],
    // Radix's dialogs and the toasts add <style> elements at run time with computed
    // values (scroll-lock gaps, positions): no hash can name them in advance.
    ['style-src', "'self'", "'unsafe-inline'"],
    // Icons and thumbnails may be any https image (a CDN, Supabase Storage); blob:
    // is the preview of a picked file before it is uploaded; data: small inline icons.
    ['img-src', "'self'", 'https:', 'data:', 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...connectSources],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    // Only the site itself may frame its pages: the Appearance screen's live
    // preview (docs/decisions/077); any other origin is refused.
    ['frame-ancestors', "'self'"],
  ]
  return directives.map((parts) => parts.join(' ')).join('; ')
}

/** Features the site never uses, switched off for it and for anything it could embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ')

export function securityHeaders(options: PolicyOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    // frame-ancestors is the modern form; X-Frame-Options covers older browsers.
    'X-Frame-Options': 'SAMEORIGIN',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(options.hsts ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  }
}
