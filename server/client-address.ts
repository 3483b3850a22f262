// Which address a request to `npm start` or `npm run dev` comes from
// (docs/decisions/033-client-address-behind-proxies.md). The rate limits key
// on it, so a client must never choose it: a forwarding header counts only
// when the connection itself comes from a proxy named in TRUSTED_PROXIES.
import { BlockList, isIP } from 'node:net'

export type ProxyHeader =
  | { kind: 'x-forwarded-for' }
  | { kind: 'forwarded' }
  /** A header the proxy sets to one address, overwriting the client's (CF-Connecting-IP, X-Real-IP). */
  | { kind: 'single'; name: string }

export interface ProxyTrust {
  /** The proxies whose forwarding headers count; empty: none, the socket's address is the client. */
  proxies: BlockList
  /** As written in TRUSTED_PROXIES, for messages. */
  ranges: string[]
  header: ProxyHeader
}

export const NO_PROXY: ProxyTrust = {
  proxies: new BlockList(),
  ranges: [],
  header: { kind: 'x-forwarded-for' },
}

/** Short names for the usual places a proxy runs. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
}

/**
 * TRUSTED_PROXIES: comma-separated addresses or CIDR ranges (`10.0.0.0/8`,
 * `2001:db8::/32`, `203.0.113.7`), or `loopback` / `private`. CLIENT_IP_HEADER
 * (the edge function's setting, read the same way here): `x-forwarded-for`
 * (default), `forwarded`, or the name of a header the proxy overwrites with
 * the client's address.
 */
export function readProxyTrust(env: Record<string, string | undefined>): ProxyTrust {
  const ranges = (env.TRUSTED_PROXIES ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const proxies = new BlockList()
  for (const entry of ranges) {
    for (const range of NAMED_RANGES[entry.toLowerCase()] ?? [entry]) addRange(proxies, range)
  }
  return { proxies, ranges, header: parseProxyHeader(env.CLIENT_IP_HEADER) }
}

function addRange(list: BlockList, range: string): void {
  const [address = '', prefix, extra] = range.split('/')
  const version = isIP(address)
  const bits = prefix === undefined ? (version === 6 ? 128 : 32) : Number(prefix)
  const max = version === 6 ? 128 : 32
  if (!version || extra !== undefined || !Number.isInteger(bits) || bits < 0 || bits > max)
    throw new Error(
      `TRUSTED_PROXIES must list addresses or CIDR ranges (e.g. 10.0.0.0/8, loopback), got "${range}"`,
    )
  list.addSubnet(address, bits, version === 6 ? 'ipv6' : 'ipv4')
}

function parseProxyHeader(value: string | undefined): ProxyHeader {
  const name = (value ?? '').trim().toLowerCase()
  if (name === '' || name === 'x-forwarded-for') return { kind: 'x-forwarded-for' }
  if (name === 'forwarded') return { kind: 'forwarded' }
  if (/^x-forwarded-for\s*:/.test(name))
    throw new Error(
      'CLIENT_IP_HEADER=x-forwarded-for:N is for the edge function; npm start skips the proxies listed in TRUSTED_PROXIES instead: set CLIENT_IP_HEADER=x-forwarded-for',
    )
  if (!/^[a-z0-9-]+$/.test(name))
    throw new Error(
      `CLIENT_IP_HEADER must be x-forwarded-for, forwarded or a header name, got "${value}"`,
    )
  return { kind: 'single', name }
}

/** The socket's address without the IPv4-mapped prefix Node gives on dual-stack sockets. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return mapped?.[1] ?? address
}

export function isTrusted(trust: ProxyTrust, address: string): boolean {
  const clean = plain(address)
  const version = isIP(clean)
  return version !== 0 && trust.proxies.check(clean, version === 6 ? 'ipv6' : 'ipv4')
}

/** `for=` values of a Forwarded header, in order, unquoted and without port or brackets. */
function forwardedFor(value: string): string[] {
  const found: string[] = []
  for (const element of value.split(',')) {
    for (const pair of element.split(';')) {
      const [key, raw] = pair.split('=', 2).map((part) => part.trim())
      if (key?.toLowerCase() !== 'for' || raw === undefined) continue
      found.push(hostOf(raw.replace(/^"|"$/g, '')))
    }
  }
  return found
}

/** `[2001:db8::1]:4711` → `2001:db8::1`, `192.0.2.1:80` → `192.0.2.1`. */
function hostOf(value: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value)
  if (bracketed) return bracketed[1] ?? ''
  const v4port = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(value)
  return v4port?.[1] ?? value
}

/**
 * The client's address: the socket's, unless the socket is a trusted proxy.
 * Then the forwarding header is read from the right, skipping further trusted
 * proxies, and the first address that is not one is the client (the leftmost
 * entries are whatever the client claimed, and count only when every hop to
 * their right is trusted). A header that is missing or holds no address
 * leaves the proxy's own address.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  header: (name: string) => string | undefined,
  trust: ProxyTrust,
): string {
  const peer = plain(socketAddress ?? '') || 'unknown'
  if (!isTrusted(trust, peer)) return peer
  let chain: string[]
  if (trust.header.kind === 'single') {
    const value = header(trust.header.name)?.trim()
    chain = value ? [hostOf(value)] : []
  } else if (trust.header.kind === 'forwarded') {
    chain = forwardedFor(header('forwarded') ?? '')
  } else {
    chain = (header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => hostOf(entry.trim()))
      .filter(Boolean)
  }
  let client = peer
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = plain(chain[i] ?? '')
    if (!isIP(hop)) break
    client = hop
    if (!isTrusted(trust, hop)) break
  }
  return client
}

/**
 * The one line `npm start` prints when visitors come through HTTPS (so through
 * a proxy, since it serves plain HTTP) but no proxy is trusted: every visitor
 * then has the proxy's address, and one visitor's limits are everyone's.
 */
export function sharedAddressWarning(
  siteUrl: string | undefined,
  trust: ProxyTrust,
): string | null {
  if (trust.ranges.length > 0 || !siteUrl?.toLowerCase().startsWith('https:')) return null
  return (
    'Warning: SITE_URL is https but TRUSTED_PROXIES is not set, so behind your TLS proxy every visitor ' +
    "shares the proxy's address and its rate limits. Set TRUSTED_PROXIES to the proxy's address " +
    '(e.g. TRUSTED_PROXIES=loopback for a proxy on this machine), and CLIENT_IP_HEADER if it does ' +
    'not send X-Forwarded-For.'
  )
}
