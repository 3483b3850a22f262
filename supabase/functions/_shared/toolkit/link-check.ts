// Checks whether the links content shows still work (docs/PRODUCT.md §13),
// from the server, without letting a stored link make the server reach what
// only it can reach (SSRF): http(s) only; every address the host name resolves
// to must be public, unless LINK_CHECK_ALLOW_PRIVATE=1 (tests, a private
// network on purpose); redirects are followed by hand, each hop checked the
// same way. At most 4 requests at once, 5 s each, and each URL at most once an
// hour: the answer is kept in this process.
//
// The request goes to the address that was checked, not to whatever a second
// look-up of the name gives: a name that answers a public address to the check
// and a private one a moment later (DNS rebinding) would otherwise lead the
// server inside. On Node the connection is opened to the checked address while
// the URL's name still goes in the Host header and, for https, in the TLS
// server name, so certificates are verified as usual. Deno's fetch cannot be
// told which address to use, so under Deno (the edge function) the name is
// looked up again when connecting; that function runs on Supabase's network,
// where there is no private network of ours to reach
// (docs/decisions/021-link-check-pinned-address.md).
import { lookup } from 'node:dns/promises'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'

export interface LinkStatus {
  ok: boolean
  /** The final HTTP status, when there was an answer. */
  status?: number
  /** Why the link failed, in a few words, when it did. */
  problem?: string
}

export interface LinkCheckOptions {
  allowPrivate?: boolean
  timeoutMs?: number
  concurrency?: number
  cacheMs?: number
  maxRedirects?: number
  /** Host name to addresses; node:dns by default (Node and Deno both offer it). */
  resolve?: (host: string) => Promise<string[]>
}

const readEnv = (name: string): string | undefined => {
  const g = globalThis as {
    Deno?: { env: { get(n: string): string | undefined } }
    process?: { env: Record<string, string | undefined> }
  }
  try {
    return g.Deno ? g.Deno.env.get(name) : g.process?.env[name]
  } catch {
    return undefined
  }
}

const defaultResolve = async (host: string) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)

/** Whether an IPv4 or IPv6 address is one the public internet routes to this server's neighbours. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address)
  if (version === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number)
    return (
      a === 0 || // "this" network
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
      (a === 169 && b === 254) || // link-local, cloud metadata
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) || // IETF protocol assignments
      (a === 198 && (b === 18 || b === 19)) || // benchmarking
      a >= 224 // multicast and reserved
    )
  }
  if (version === 6) {
    const lower = address.toLowerCase()
    // IPv4-mapped, written dotted (::ffff:127.0.0.1) or as URLs normalise it (::ffff:7f00:1).
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1]
    if (mapped) return isPrivateAddress(mapped)
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower)
    if (hex) {
      const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)]
      return isPrivateAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`)
    }
    return (
      lower === '::' ||
      lower === '::1' ||
      /^f[cd]/.test(lower) || // unique local
      /^fe[89ab]/.test(lower) || // link-local
      /^ff/.test(lower) || // multicast
      lower.startsWith('64:ff9b:') || // NAT64 can reach IPv4 private space
      lower.startsWith('2001:db8:') // documentation
    )
  }
  return true
}

interface Answer {
  status: number
  location: string | null
}

/** One request to `address` for `url`, its status and Location read, its body left unread. */
function ask(
  url: URL,
  method: 'HEAD' | 'GET',
  address: string,
  signal: AbortSignal,
): Promise<Answer> {
  if ('Deno' in globalThis) return askWithFetch(url, method, signal)
  const family = isIP(address)
  // Every look-up the connection makes answers the address that was checked.
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }])
    else callback(null, address, family)
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  const name = url.hostname.replace(/^\[|\]$/g, '')
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method,
        signal,
        lookup: pinned,
        // A connection of its own: a kept-alive one may lead to another address.
        agent: false,
        ...(url.protocol === 'https:' && !isIP(name) ? { servername: name } : {}),
      },
      (response: IncomingMessage) => {
        resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null })
        response.destroy()
      },
    )
    request.on('error', reject)
    request.end()
  })
}

async function askWithFetch(url: URL, method: string, signal: AbortSignal): Promise<Answer> {
  const response = await fetch(url, { method, redirect: 'manual', signal })
  await response.body?.cancel()
  return { status: response.status, location: response.headers.get('location') }
}

/** A gate that lets `limit` callers through at once. */
function semaphore(limit: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    active++
    try {
      return await fn()
    } finally {
      active--
      waiting.shift()?.()
    }
  }
}

export function createLinkChecker(options: LinkCheckOptions = {}) {
  const allowPrivate = options.allowPrivate ?? readEnv('LINK_CHECK_ALLOW_PRIVATE') === '1'
  const timeoutMs = options.timeoutMs ?? 5000
  const cacheMs = options.cacheMs ?? 60 * 60 * 1000
  const maxRedirects = options.maxRedirects ?? 5
  const resolve = options.resolve ?? defaultResolve
  const gate = semaphore(options.concurrency ?? 4)
  const cache = new Map<string, { at: number; result: Promise<LinkStatus> }>()

  /** The address to connect to when the URL may be fetched, else why not. */
  async function check(url: URL): Promise<{ address: string } | { problem: string }> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { problem: 'not an http(s) link' }
    if (url.username || url.password) return { problem: 'a link with credentials' }
    const host = url.hostname.replace(/^\[|\]$/g, '')
    let addresses: string[]
    try {
      addresses = isIP(host) ? [host] : await resolve(host)
    } catch {
      return { problem: 'the host name does not resolve' }
    }
    if (!addresses[0]) return { problem: 'the host name does not resolve' }
    if (!allowPrivate && addresses.some(isPrivateAddress))
      return { problem: 'a private or local address' }
    return { address: addresses[0] }
  }

  async function fetchOnce(url: URL, address: string, signal: AbortSignal): Promise<Answer> {
    // HEAD first; some servers refuse it (405, 501) and answer GET.
    const head = await ask(url, 'HEAD', address, signal)
    if (head.status !== 405 && head.status !== 501) return head
    return ask(url, 'GET', address, signal)
  }

  async function run(raw: string): Promise<LinkStatus> {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      return { ok: false, problem: 'not a valid link' }
    }
    const signal = AbortSignal.timeout(timeoutMs)
    try {
      for (let hop = 0; hop <= maxRedirects; hop++) {
        const checked = await check(url)
        if ('problem' in checked) return { ok: false, problem: checked.problem }
        const response = await fetchOnce(url, checked.address, signal)
        const location = response.location
        if (response.status >= 300 && response.status < 400 && location) {
          url = new URL(location, url)
          continue
        }
        if (response.status >= 400)
          return { ok: false, status: response.status, problem: `answers ${response.status}` }
        return { ok: true, status: response.status }
      }
      return { ok: false, problem: 'too many redirects' }
    } catch (error) {
      if (signal.aborted) return { ok: false, problem: `no answer within ${timeoutMs / 1000} s` }
      const failure = error as { code?: string; cause?: { code?: string } }
      const code = failure.code ?? failure.cause?.code
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
        return { ok: false, problem: 'the host name does not resolve' }
      return { ok: false, problem: 'cannot be reached' }
    }
  }

  return {
    /** The link's status, from the cache when it was checked within the hour. */
    check(url: string): Promise<LinkStatus> {
      const now = Date.now()
      const kept = cache.get(url)
      if (kept && now - kept.at < cacheMs) return kept.result
      const result = gate(() => run(url))
      cache.set(url, { at: now, result })
      for (const [key, value] of cache) if (now - value.at >= cacheMs) cache.delete(key)
      return result
    },
  }
}

export type LinkChecker = ReturnType<typeof createLinkChecker>

let shared: LinkChecker | undefined
/** One checker (and cache) per process or edge worker. */
export const sharedLinkChecker = () => (shared ??= createLinkChecker())
