// A TCP proxy in front of PostgreSQL that counts round trips: every time the
// client sends after the server has answered, that is one more wait for the
// network. Bytes the client sends back to back, before any answer, are one
// flight however many statements they hold (that is what pipelining buys).
import { createServer, connect, type AddressInfo, type Socket } from 'node:net'

export interface RoundTripProxy {
  /** The PostgreSQL URL to connect through the proxy. */
  url: string
  /** Client flights (round trips) since the last reset. */
  roundTrips(): number
  reset(): void
  close(): Promise<void>
}

export async function startRoundTripProxy(target: string): Promise<RoundTripProxy> {
  const upstream = new URL(target)
  let flights = 0
  const sockets = new Set<Socket>()
  const server = createServer((client) => {
    // Per connection: did the server speak since the client last did?
    let answered = true
    const server = connect(Number(upstream.port || 5432), upstream.hostname)
    sockets.add(client).add(server)
    client.on('data', (chunk) => {
      if (answered) flights++
      answered = false
      server.write(chunk)
    })
    server.on('data', (chunk) => {
      answered = true
      client.write(chunk)
    })
    const end = () => {
      client.destroy()
      server.destroy()
      sockets.delete(client)
      sockets.delete(server)
    }
    client.on('close', end).on('error', end)
    server.on('close', end).on('error', end)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const via = new URL(target)
  via.hostname = '127.0.0.1'
  via.port = String((server.address() as AddressInfo).port)
  return {
    url: via.toString(),
    roundTrips: () => flights,
    reset: () => {
      flights = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
