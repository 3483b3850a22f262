// Node HTTP plumbing shared by `npm run dev`, `npm start` and the tests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { LOOPBACK } from './config.ts'
import { isTrusted, NO_PROXY, resolveClientAddress, type ProxyTrust } from './client-address.ts'
import { VIA_PROXY_HEADER } from '../supabase/functions/_shared/accounts/setup-code.ts'
import { hostAllowed, unknownHostMessage, type HostRule } from './host-check.ts'

type Fetch = (request: Request) => Response | Promise<Response>
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void

/**
 * A whole answer kept in memory, written straight to the socket: its header
 * list made once for the file, kept answer or kept page and encoding
 * (`[name, value, name, value, …]`, Content-Length included), and its bytes.
 */
export interface DirectAnswer {
  status: number
  headers: string[]
  body: Uint8Array | null
}

/**
 * What a server can answer from memory without building a request or a
 * response: a built file, a kept public answer, a kept page. null (or a
 * promise of null) when it cannot: the request then takes the whole way.
 */
export type DirectLane = (
  req: IncomingMessage,
) => DirectAnswer | null | Promise<DirectAnswer | null>

/** Host headers already judged, by value: a browser sends the same one on every request. */
const JUDGED_HOSTS_MAX = 64

const forwardingHeaders = new Set(['x-forwarded-for', 'x-real-ip', 'forwarded', VIA_PROXY_HEADER])

/**
 * The API keys its rate limits on the last X-Forwarded-For entry, the one the
 * nearest proxy wrote (docs/decisions/012-rate-limits.md). This server decides
 * that entry itself and replaces whatever forwarding headers came with the
 * request by it: the socket's address, or, when the socket is a proxy listed
 * in TRUSTED_PROXIES, the client that proxy names
 * (docs/decisions/033-client-address-behind-proxies.md). A client must not
 * choose its own key.
 */
export function trustSocketAddress(req: IncomingMessage, trust: ProxyTrust = NO_PROXY): void {
  const address = resolveClientAddress(
    req.socket.remoteAddress,
    (name) => {
      const value = req.headers[name]
      return Array.isArray(value) ? value.join(', ') : value
    },
    trust,
  )
  // A trusted proxy's one-address header goes too, once it has been read.
  const dropped =
    trust.header.kind === 'single'
      ? new Set([...forwardingHeaders, trust.header.name])
      : forwardingHeaders
  const raw: string[] = []
  let forwarded = false
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? ''
    const lower = name.toLowerCase()
    if (!dropped.has(lower)) raw.push(name, req.rawHeaders[i + 1] ?? '')
    else if (forwardingHeaders.has(lower)) forwarded = true
  }
  for (const name of dropped) delete req.headers[name]
  raw.push('X-Forwarded-For', address)
  req.headers['x-forwarded-for'] = address
  // Forwarding headers mean a proxy stood in between, trusted or not: the
  // socket's address is then not the visitor's (setup-code.ts).
  if (forwarded || isTrusted(trust, req.socket.remoteAddress ?? '')) {
    raw.push(VIA_PROXY_HEADER, '1')
    req.headers[VIA_PROXY_HEADER] = '1'
  }
  req.rawHeaders = raw
}

/** How much of a refused body is read and dropped before its connection closes, at most. */
export const LINGER_BYTES = 64 * 1024 * 1024
export const LINGER_MS = 5_000

const current = Symbol('request being answered')
const lingering = Symbol('lingering')
type TrackedSocket = Socket & { [current]?: IncomingMessage; [lingering]?: boolean }

/**
 * An answer that ends its connection (Connection: close) before the request's
 * body was read whole: the 413 of body-limit.ts. Node then calls
 * socket.destroySoon() once the answer is written, and closing a socket while
 * the client is still sending makes the kernel answer with a reset: the next
 * request of a keep-alive client fails on it, and fetch may even lose the 413.
 * So, on such a socket, destroySoon half-closes instead (the client gets the
 * whole answer and then the end of the stream), reads and drops the rest of
 * the body, and closes once the client has sent it all or closed its side,
 * or after LINGER_BYTES or LINGER_MS, whichever comes first.
 */
function closeGently(req: IncomingMessage): void {
  const socket = req.socket as TrackedSocket
  const seen = current in socket
  socket[current] = req
  if (seen) return
  const destroySoon = socket.destroySoon.bind(socket)
  socket.destroySoon = () => {
    const pending = socket[current]
    if (socket[lingering]) return
    if (!pending || pending.complete) return destroySoon()
    socket[lingering] = true
    drainThenClose(socket, pending)
  }
}

function drainThenClose(socket: Socket, req: IncomingMessage): void {
  let dropped = 0
  const close = () => {
    clearTimeout(timer)
    // Whatever of the answer is still queued in this process goes out first.
    if (socket.writableFinished) socket.destroy()
    else socket.once('finish', () => socket.destroy())
  }
  const timer = setTimeout(() => socket.destroy(), LINGER_MS)
  timer.unref()
  socket.end()
  socket.once('close', () => clearTimeout(timer))
  socket.once('end', close)
  // The body reaches `req` through Node's parser. The stream @hono/node-server
  // made of it is read by nobody any more and would pause it again, so its
  // listener goes and the bytes flow to nothing.
  req.removeAllListeners('data')
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > LINGER_BYTES) socket.destroy()
  })
  req.once('end', close)
  req.resume()
}

/**
 * One Node handler: paths the stack owns go to its fetch handler, everything
 * else to `fallback` (Vite's middlewares in dev), or the fetch handler too.
 */
export function createNodeHandler(
  fetch: Fetch,
  options: {
    owns?: (pathname: string) => boolean
    fallback?: NodeHandler
    /** Proxies whose forwarding headers name the client (TRUSTED_PROXIES); none by default. */
    proxy?: ProxyTrust
    /** The names this server answers to (server/host-check.ts); any when absent. */
    hosts?: HostRule
    /**
     * GET requests it answers from memory skip everything after the
     * host check: the client's address, Hono, the Request and the Response
     * (what it answers reads neither the address nor a body).
     */
    direct?: DirectLane
  } = {},
): NodeHandler {
  const listener = getRequestListener(fetch)
  const judged = new Map<string, boolean>()
  const allowed = (host: string | undefined) => {
    if (!options.hosts) return true
    if (host === undefined) return hostAllowed(options.hosts, host)
    let verdict = judged.get(host)
    if (verdict === undefined) {
      verdict = hostAllowed(options.hosts, host)
      if (judged.size >= JUDGED_HOSTS_MAX) judged.clear()
      judged.set(host, verdict)
    }
    return verdict
  }
  const whole = (req: IncomingMessage, res: ServerResponse) => {
    trustSocketAddress(req, options.proxy)
    closeGently(req)
    const pathname = (req.url ?? '/').split('?')[0] ?? '/'
    if (options.fallback && options.owns && !options.owns(pathname)) {
      options.fallback(req, res)
      return
    }
    void listener(req, res)
  }
  const write = (res: ServerResponse, answer: DirectAnswer) => {
    res.writeHead(answer.status, answer.headers)
    // Node sends no body for a HEAD request, only its headers.
    res.end(answer.body ?? undefined)
  }
  return (req, res) => {
    if (!allowed(req.headers.host)) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' })
      res.end(unknownHostMessage(req.headers.host ?? ''))
      return
    }
    if (options.direct && req.method === 'GET') {
      let answer: ReturnType<DirectLane>
      try {
        answer = options.direct(req)
      } catch {
        answer = null
      }
      if (answer && 'then' in answer) {
        answer.then(
          (kept) => (kept ? write(res, kept) : whole(req, res)),
          () => whole(req, res),
        )
        return
      }
      if (answer) return write(res, answer)
    }
    whole(req, res)
  }
}

/** Binds to `host`, loopback when not given: exposing the server to the network is a choice (HOST). */
export function listen(
  server: Server,
  port: number,
  host: string = LOOPBACK,
): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve(server.address() as AddressInfo)
    })
  })
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()))
    // Keep-alive connections (browsers, Vite's HMR socket) would hold close() open.
    server.closeAllConnections()
  })
}

/**
 * A proxy in front (nginx, a cloud load balancer) keeps its connections to us
 * open for up to 60 s and reuses them. If Node closed an idle one first (its
 * default is after 5 s), a request the proxy sent on it at that moment would
 * fail (a 502 for the visitor), so idle connections are kept a little longer
 * than the proxies keep theirs, and the header deadline stays above that.
 */
export const KEEP_ALIVE_MS = 65_000

export function createHttpServer(handler: NodeHandler): Server {
  const server = createServer(handler)
  server.keepAliveTimeout = KEEP_ALIVE_MS
  server.headersTimeout = KEEP_ALIVE_MS + 1_000
  return server
}

/** The address to print for a server bound to `host`: localhost for loopback or every interface. */
export function originFor(host: string | undefined, port: number): string {
  const local = !host || ['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::'].includes(host)
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host
  return `http://${name}:${port}`
}
