// The caller's address, used only as a rate-limit key (docs/decisions/012-rate-limits.md).
// A client can send any X-Forwarded-For it likes, and a proxy appends to what
// it received, so the leftmost entry is the client's own claim. Only what a
// proxy we trust wrote may count: the entry it appended, or a header it sets.
import type { Context } from 'hono'
import type { AppEnv, ClientAddressRule } from '../context.ts'
import { createHmac } from 'node:crypto'
import { addressKey, isIP } from './ip-address.ts'

// Declared in context.ts, whose AppDeps holds one, so that it need not import this file.
export type { ClientAddressRule }

/** Node's server writes the socket's address as the only X-Forwarded-For entry (server/http.ts). */
export const SOCKET_RULE: ClientAddressRule = { header: 'x-forwarded-for', fromRight: 1 }

/**
 * Reads CLIENT_IP_HEADER: `x-forwarded-for` (its last entry), `x-forwarded-for:N`
 * (the N-th from the right, behind N proxies that each append), or the name of
 * a header the proxy overwrites, such as `cf-connecting-ip` or `x-real-ip`.
 */
export function parseClientAddressRule(value: string): ClientAddressRule {
  const match = /^\s*([A-Za-z0-9-]+)\s*(?::\s*(\d{1,2}))?\s*$/.exec(value)
  const header = match?.[1]?.toLowerCase()
  const hops = match?.[2] === undefined ? undefined : Number(match[2])
  if (!header || hops === 0 || (hops !== undefined && header !== 'x-forwarded-for'))
    throw new Error(
      `CLIENT_IP_HEADER must be a header name, or x-forwarded-for:N with N >= 1; got "${value}"`,
    )
  return header === 'x-forwarded-for' ? { header, fromRight: hops ?? 1 } : { header }
}

/** The address of the connection itself, where the runtime tells it (Deno.serve's handler info). */
function socketAddress(c: Context): string | undefined {
  const env = c.env as { remoteAddr?: { hostname?: unknown } } | undefined
  const hostname = env?.remoteAddr?.hostname
  return typeof hostname === 'string' ? hostname : undefined
}

/** Headers that proxies commonly use for the client's address, named in the log below. */
const ADDRESS_HEADERS = [
  'cf-connecting-ip',
  'true-client-ip',
  'x-real-ip',
  'x-forwarded-for',
  'forwarded',
  'fly-client-ip',
  'x-client-ip',
  'x-azure-clientip',
  'fastly-client-ip',
]
let missingHeaderLogged = false

/**
 * Once per process, when the configured header is missing: which of the usual
 * address headers did arrive (names only, never values), so the owner can set
 * CLIENT_IP_HEADER to the one their platform's proxy writes.
 */
function logMissingHeader(c: Context, rule: ClientAddressRule): void {
  if (missingHeaderLogged) return
  missingHeaderLogged = true
  const present = ADDRESS_HEADERS.filter((name) => c.req.header(name) !== undefined)
  console.warn(
    JSON.stringify({
      level: 'warn',
      message: `CLIENT_IP_HEADER names "${rule.header}", which this request does not carry; rate limits use the connection's address instead, which behind a proxy is the same for every visitor.`,
      headersWithAnAddress: present,
      fix: present.length
        ? `Set CLIENT_IP_HEADER to the header your proxy overwrites, likely "${present[0]}".`
        : 'Set CLIENT_IP_HEADER to the header your proxy writes.',
    }),
  )
}

/** For tests: the next missing header is logged again. */
export function forgetMissingHeaderLog(): void {
  missingHeaderLogged = false
}

export function clientAddress(c: Context, rule: ClientAddressRule = SOCKET_RULE): string {
  const raw = c.req.header(rule.header)
  if (raw === undefined && rule !== SOCKET_RULE) logMissingHeader(c, rule)
  let address: string | undefined
  if (raw !== undefined && rule.fromRight !== undefined) {
    const entries = raw.split(',').map((entry) => entry.trim())
    address = entries[entries.length - rule.fromRight]
  } else {
    address = raw?.trim()
  }
  // Without the header (a request that did not come through the proxy), or
  // with a value that is no address, the connection's own address: never a
  // value the client chose.
  if (address && !isIP(address)) address = undefined
  return (address || socketAddress(c) || 'unknown').slice(0, 64)
}

/**
 * What the database keeps in place of an address: an HMAC of it under the
 * server's token secret, so rows of app.rate_limits name no one, and telling
 * whether a given address is among them takes that secret
 * (docs/decisions/033-client-address-behind-proxies.md). 192 bits, base64url.
 */
export function addressDigest(secret: Uint8Array, key: string): string {
  return createHmac('sha256', secret)
    .update('vitrine client address\0')
    .update(key)
    .digest('base64url')
    .slice(0, 32)
}

/**
 * The rate-limit key of this request, by the rule the app was built with: the
 * address, with IPv6 counted per /64 (ip-address.ts), as an HMAC.
 */
export function clientKey(c: Context<AppEnv>): string {
  const deps = c.get('deps')
  return addressDigest(deps.tokenKey.secret, addressKey(clientAddress(c, deps.clientAddress)))
}
