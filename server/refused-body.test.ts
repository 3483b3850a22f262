// A body refused before it is read whole (413, supabase/functions/_shared/http/body-limit.ts)
// ends its connection cleanly on the Node servers: the answer says
// Connection: close, the client reads all of it, the rest of the body is read
// and dropped instead of meeting a reset, and the client's next request works,
// with Node's keep-alive agent and with fetch (server/http.ts).
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readConfig } from './config.ts'
import { startDevServer } from './dev-server.ts'
import { migratedDataDir } from '@test-support/migrated-folder.ts'
import { startNpmStart } from '@test-support/npm-start.ts'

interface Reply {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

interface Body {
  bytes: number
  /** Sent as chunks with no Content-Length. */
  chunked?: boolean
}

const MB = 1024 * 1024

/** A request through `agent`; the body is `bytes` of 'x' (a JSON string's inside, for a JSON route). */
function send(
  agent: Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Body } = {},
): Promise<Reply> {
  const { hostname, port, pathname } = new URL(url)
  const body = options.body
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers }
    if (body && !body.chunked) headers['content-length'] = String(body.bytes)
    const req = httpRequest(
      { host: hostname, port, path: pathname, method: options.method ?? 'GET', agent, headers },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    if (!body) return void req.end()
    const piece = Buffer.alloc(64 * 1024, 'x')
    let left = body.bytes
    const pump = () => {
      while (left > 0) {
        const next = piece.subarray(0, Math.min(piece.length, left))
        left -= next.length
        if (!req.write(next)) return void req.once('drain', pump)
      }
      req.end()
    }
    pump()
  })
}

interface Running {
  origin: string
  close(): Promise<void>
}

const servers: [string, () => Promise<Running>][] = [
  [
    'npm start',
    async () => {
      const server = await startNpmStart()
      return { origin: server.origin, close: server.stop }
    },
  ],
  [
    'npm run dev',
    async () => {
      // A copy of a migrated data folder, as npm start's is (migrated-folder.ts).
      const dataDir = await migratedDataDir('vitrine-refused-dev-')
      const cacheDir = await mkdtemp(path.join(tmpdir(), 'vitrine-vite-cache-'))
      const dev = await startDevServer(readConfig({ DATA_DIR: dataDir, PORT: '0' }, { port: 0 }), {
        vite: { cacheDir, logLevel: 'silent', optimizeDeps: { noDiscovery: true } },
      })
      return {
        origin: `http://127.0.0.1:${dev.address.port}`,
        async close() {
          await dev.close()
          await rm(dataDir, { recursive: true, force: true })
          await rm(cacheDir, { recursive: true, force: true })
        },
      }
    },
  ],
]

describe.each(servers)('%s', (_name, start) => {
  let server: Running
  let api: string
  let token: string
  let client = 0
  // Each request from its own address, so the contact form's rate limit stays out of the way.
  const fresh = () => ({ 'x-forwarded-for': `192.0.2.${++client}` })
  const json = { 'content-type': 'application/json' }

  beforeAll(async () => {
    server = await start()
    api = `${server.origin}/functions/v1/api`
    const registered = await fetch(`${api}/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'admin', password: 'secret-sauce-1' }),
    })
    expect(registered.status).toBe(201)
    token = ((await registered.json()) as { accessToken: string }).accessToken
  }, 120_000)

  afterAll(async () => {
    await server?.close()
  })

  function expectClosingTooLarge(reply: Reply, message: string) {
    expect(reply.status).toBe(413)
    expect(reply.headers.connection).toBe('close')
    expect(JSON.parse(reply.body)).toMatchObject({ statusCode: 413, message })
  }

  test('a keep-alive agent reads the 413 for 2 MB of JSON, then its next request works', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      for (let i = 0; i < 5; i++) {
        const refused = await send(agent, `${api}/contact`, {
          method: 'POST',
          headers: { ...json },
          body: { bytes: 2 * MB },
        })
        expectClosingTooLarge(refused, 'Request body is too large (at most 64 kB)')
        expect((await send(agent, `${api}/health`)).status).toBe(200)
      }
    } finally {
      agent.destroy()
    }
  })

  test('the same for a chunked body with no Content-Length', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      for (let i = 0; i < 3; i++) {
        const refused = await send(agent, `${api}/auth/login`, {
          method: 'POST',
          headers: { ...json, ...fresh() },
          body: { bytes: 2 * MB, chunked: true },
        })
        expectClosingTooLarge(refused, 'Request body is too large (at most 64 kB)')
        expect((await send(agent, `${api}/health`)).status).toBe(200)
      }
    } finally {
      agent.destroy()
    }
  })

  test('the same for 8 MB sent to the image upload', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      for (let i = 0; i < 3; i++) {
        const refused = await send(agent, `${api}/uploads/image`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'multipart/form-data; boundary=vitrine-test',
          },
          body: { bytes: 8 * MB },
        })
        expectClosingTooLarge(refused, 'Image size should be less than 5MB')
        expect((await send(agent, `${api}/health`)).status).toBe(200)
      }
    } finally {
      agent.destroy()
    }
  })

  test('fetch reads the 413 whole, and its next request works', async () => {
    const body = new Uint8Array(2 * MB).fill(0x78)
    for (let i = 0; i < 5; i++) {
      const refused = await fetch(`${api}/contact`, { method: 'POST', headers: json, body })
      expect(refused.status).toBe(413)
      expect(refused.headers.get('connection')).toBe('close')
      expect(await refused.json()).toEqual({
        statusCode: 413,
        message: 'Request body is too large (at most 64 kB)',
      })
      expect((await fetch(`${api}/health`)).status).toBe(200)
    }
  })

  test('the connection ends with the answer and the rest of the body, never a reset', async () => {
    const { hostname, port } = new URL(server.origin)
    // A client that goes on sending after the server's end of the stream, as curl does.
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true })
    let received = ''
    const outcome = new Promise<string>((resolve) => {
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
      socket.on('close', () => resolve('closed'))
    })
    const ended = new Promise<void>((resolve) => socket.once('end', resolve))
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (received += chunk))
    const total = 2 * MB
    socket.write(
      `POST /functions/v1/api/contact HTTP/1.1\r\nHost: ${hostname}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`,
    )
    const piece = Buffer.alloc(64 * 1024, 'x')
    // The answer and the server's end of the stream come before the client is done sending.
    let sent = 0
    while (sent < total / 2) {
      if (!socket.write(piece)) await new Promise((resolve) => socket.once('drain', resolve))
      sent += piece.length
    }
    await ended
    expect(received).toMatch(/^HTTP\/1\.1 413 /)
    expect(received.toLowerCase()).toContain('\r\nconnection: close\r\n')
    expect(received).toContain('"statusCode":413')
    // The rest is still read: writing it all meets no reset, then both sides close.
    while (sent < total) {
      if (!socket.write(piece)) await new Promise((resolve) => socket.once('drain', resolve))
      sent += piece.length
    }
    socket.end()
    expect(await outcome).toBe('closed')
  })
})
