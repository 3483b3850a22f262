// An idle keep-alive connection outlives Node's 5 s default, so a proxy that
// reuses its connections to us (for up to 60 s) never sends a request onto one
// we are closing.
import { Agent, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { closeServer, createHttpServer, KEEP_ALIVE_MS, listen } from './http.ts'

let port = 0
const server = createHttpServer((_req, res) => res.end('ok'))
beforeAll(async () => {
  port = ((await listen(server, 0)) as AddressInfo).port
})
afterAll(() => closeServer(server))

const get = (agent: Agent) =>
  new Promise<{ status: number; socket: object }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket! }))
    })
    req.on('error', reject)
    req.end()
  })

test('a connection left idle for 6 s is still open for the next request', async () => {
  expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000)
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  let connections = 0
  server.on('connection', () => connections++)
  const first = await get(agent)
  await new Promise((resolve) => setTimeout(resolve, 6_000))
  const second = await get(agent)
  expect([first.status, second.status]).toEqual([200, 200])
  expect(second.socket).toBe(first.socket)
  expect(connections).toBe(1)
  agent.destroy()
}, 15_000)
