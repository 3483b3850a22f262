// Node HTTP plumbing shared by `npm run dev`, `npm start` and the tests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { LOOPBACK } from './config.ts'

type Fetch = (request: Request) => Response | Promise<Response>
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void

const forwardingHeaders = new Set(['x-forwarded-for', 'x-real-ip', 'forwarded'])

/**
 * The API keys its rate limits on the last X-Forwarded-For entry, the one the
 * nearest proxy wrote (docs/decisions/012-rate-limits.md). This server is the
 * edge here, so it replaces whatever the client sent with the socket's address:
 * a client must not choose its own key.
 */
export function trustSocketAddress(req: IncomingMessage): void {
  const address = req.socket.remoteAddress ?? 'unknown'
  const raw: string[] = []
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] ?? ''
    if (!forwardingHeaders.has(name.toLowerCase())) raw.push(name, req.rawHeaders[i + 1] ?? '')
  }
  raw.push('X-Forwarded-For', address)
  req.rawHeaders = raw
  for (const name of forwardingHeaders) delete req.headers[name]
  req.headers['x-forwarded-for'] = address
}

/**
 * One Node handler: paths the stack owns go to its fetch handler, everything
 * else to `fallback` (Vite's middlewares in dev), or the fetch handler too.
 */
export function createNodeHandler(
  fetch: Fetch,
  options: { owns?: (pathname: string) => boolean; fallback?: NodeHandler } = {},
): NodeHandler {
  const listener = getRequestListener(fetch)
  return (req, res) => {
    trustSocketAddress(req)
    const pathname = (req.url ?? '/').split('?')[0] ?? '/'
    if (options.fallback && options.owns && !options.owns(pathname)) {
      options.fallback(req, res)
      return
    }
    void listener(req, res)
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

export function createHttpServer(handler: NodeHandler): Server {
  return createServer(handler)
}

/** The address to print for a server bound to `host`: localhost for loopback or every interface. */
export function originFor(host: string | undefined, port: number): string {
  const local = !host || ['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::'].includes(host)
  const name = local ? 'localhost' : host.includes(':') ? `[${host}]` : host
  return `http://${name}:${port}`
}
