// A small node:http server on 127.0.0.1 whose paths answer as live sites do,
// for the link checks of portfolio health (docs/PRODUCT.md §13). It counts the
// requests per path and the most it served at once, and keeps the Host header
// each path was last asked with.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface LinkTarget {
  url: string
  hits: Map<string, number>
  hosts: Map<string, string>
  mostAtOnce(): number
  close(): Promise<void>
}

export async function startLinkTarget(): Promise<LinkTarget> {
  const hits = new Map<string, number>()
  const hosts = new Map<string, string>()
  let active = 0
  let most = 0
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    hits.set(path, (hits.get(path) ?? 0) + 1)
    hosts.set(path, req.headers.host ?? '')
    active++
    most = Math.max(most, active)
    const done = () => {
      active--
    }
    res.on('close', done)
    if (path === '/hang') return // never answers
    const answer = () => {
      if (path.startsWith('/ok') || path.startsWith('/slow')) return res.writeHead(200).end('fine')
      if (path === '/gone') return res.writeHead(404).end('gone')
      if (path === '/broken') return res.writeHead(500).end('broken')
      if (path === '/no-head')
        return res
          .writeHead(req.method === 'HEAD' ? 405 : 200)
          .end(req.method === 'HEAD' ? '' : 'x')
      if (path === '/moved') return res.writeHead(302, { location: '/gone' }).end()
      if (path === '/moved-ok') return res.writeHead(301, { location: '/ok' }).end()
      res.writeHead(404).end()
    }
    if (path.startsWith('/slow')) setTimeout(answer, 100)
    else answer()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    hosts,
    mostAtOnce: () => most,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
