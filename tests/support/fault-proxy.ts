// A TCP proxy in front of PostgreSQL that the fault tests break on purpose:
// `cut()` drops every connection at once and refuses new ones, as a database
// restart or a crash does; `restore()` accepts again on the same port;
// `blackhole()` accepts connections and never answers, as an unreachable host
// behind a firewall does. Only loopback addresses are involved.
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net'

export interface FaultProxy {
  /** The PostgreSQL URL that goes through the proxy. */
  url: string
  /** Drops every open connection (a reset) and refuses new ones until restore(). */
  cut(): Promise<void>
  /** Accepts connections that go nowhere until restore(). */
  blackhole(): Promise<void>
  restore(): Promise<void>
  /** Connections currently passing through. */
  open(): number
  close(): Promise<void>
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target)
  const sockets = new Set<Socket>()
  let mode: 'forward' | 'blackhole' = 'forward'
  let server: Server | null = null
  let port = 0

  const onClient = (client: Socket) => {
    sockets.add(client)
    client.on('error', () => {})
    client.on('close', () => sockets.delete(client))
    if (mode === 'blackhole') return
    const db = connect(Number(upstream.port || 5432), upstream.hostname)
    sockets.add(db)
    const end = () => {
      client.destroy()
      db.destroy()
    }
    db.on('close', () => sockets.delete(db))
    client.on('close', end).on('error', end)
    db.on('close', end).on('error', end)
    client.pipe(db)
    db.pipe(client)
  }

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer(onClient)
      next.once('error', reject)
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as AddressInfo).port
        server = next
        resolve()
      })
    })
  const stopListening = () =>
    new Promise<void>((resolve) => {
      const current = server
      server = null
      if (!current) return resolve()
      current.close(() => resolve())
    })
  // resetAndDestroy sends an RST, as a killed server process's sockets do.
  const dropAll = () => {
    for (const socket of sockets) socket.resetAndDestroy()
    sockets.clear()
  }

  await listen()
  const url = new URL(target)
  url.hostname = '127.0.0.1'
  url.port = String(port)
  return {
    url: url.toString(),
    async cut() {
      const closing = stopListening()
      dropAll()
      await closing
    },
    async blackhole() {
      mode = 'blackhole'
      dropAll()
      if (!server) await listen()
    },
    async restore() {
      mode = 'forward'
      if (!server) await listen()
    },
    open: () => sockets.size,
    async close() {
      const closing = stopListening()
      dropAll()
      await closing
    },
  }
}
