// The caller's address, used only as a rate-limit key (docs/decisions/012-rate-limits.md).
// A client can send any X-Forwarded-For it likes, and a proxy appends to what
// it received, so the leftmost entry is the client's own claim. Only what a
// proxy we trust wrote may count: the entry it appended, or a header it sets.
import type { Context } from 'hono'
import type { AppEnv } from './context.ts'

/** Which header carries the address, and for X-Forwarded-For which entry counting from the right. */
export interface ClientAddressRule {
  header: string
  /** 1 is the last entry (appended by the nearest proxy); only for x-forwarded-for. */
  fromRight?: number
}

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

export function clientAddress(c: Context, rule: ClientAddressRule = SOCKET_RULE): string {
  const raw = c.req.header(rule.header)
  let address: string | undefined
  if (raw !== undefined && rule.fromRight !== undefined) {
    const entries = raw.split(',').map((entry) => entry.trim())
    address = entries[entries.length - rule.fromRight]
  } else {
    address = raw?.trim()
  }
  // Without the header (a request that did not come through the proxy) the
  // connection's own address, never a value from the request.
  return (address || socketAddress(c) || 'unknown').slice(0, 64)
}

/** The rate-limit key of this request, by the rule the app was built with. */
export function clientKey(c: Context<AppEnv>): string {
  return clientAddress(c, c.get('deps').clientAddress)
}
