// Request bodies have a ceiling that holds while they are read, with or
// without Content-Length: 64 kB of JSON, an image upload of 5 MB plus the
// multipart overhead (supabase/functions/_shared/http/body-limit.ts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { closeServer, createHttpServer, createNodeHandler, listen } from '../../server/http.ts'
import {
  createTestContext,
  imageForm,
  inProcess,
  tinyPng,
  type TestContext,
} from '@test-support/api-harness.ts'
import { DENO_VERSION, EDGE_RUNTIME_DENO } from '@test-support/edge-function.ts'

let t: TestContext
let admin: Awaited<ReturnType<TestContext['registerAdmin']>>
beforeAll(async () => {
  t = await createTestContext()
  admin = await t.registerAdmin()
})
afterAll(() => t.close())

/**
 * Deno 2.1, the edge runtime's, closes the connection the moment it has sent
 * a 413 for a body the client is still sending, without reading on for a
 * while as RFC 9112 (9.6) advises, and the client's socket is often reset
 * before it reads the answer (EPIPE in 3 or 4 of these tests a run). Under
 * that Deno the tests that send megabytes past the ceiling are left out: the
 * refusal itself is tested in process and under the current Deno.
 */
const resetAfter413 = !inProcess && DENO_VERSION === EDGE_RUNTIME_DENO

let client = 0
const fresh = () => ({ 'x-forwarded-for': `192.0.2.${++client}` })

/**
 * A body produced as it is pulled, `total` bytes of a JSON string value, with
 * no Content-Length (it is a stream). `pulled()` says how much the server read.
 */
function endlessJson(total: number) {
  const encode = (text: string) => new TextEncoder().encode(text)
  const head = encode('{"name":"Flood","email":"f@example.com","message":"')
  const tail = encode('"}')
  const chunk = encode('x'.repeat(64 * 1024))
  const chunks = Math.ceil(total / chunk.byteLength)
  let sent = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(head)
      if (sent >= chunks * chunk.byteLength) {
        controller.enqueue(tail)
        controller.close()
        return
      }
      sent += chunk.byteLength
      controller.enqueue(chunk)
    },
  })
  return {
    stream,
    /** The exact length, for a Content-Length that tells the truth. */
    length: head.byteLength + chunks * chunk.byteLength + tail.byteLength,
    pulled: () => sent,
  }
}

describe('JSON bodies', () => {
  test.skipIf(resetAfter413)(
    'a 150 MB JSON to the public contact form is refused with 413 after reading little of it',
    async () => {
      const body = endlessJson(150 * 1024 * 1024)
      const answer = await t.request('POST', '/contact', {
        headers: { ...fresh(), 'content-type': 'application/json' },
        rawBody: body.stream,
      })
      expect(answer.status).toBe(413)
      expect(answer.body).toEqual({
        statusCode: 413,
        message: 'Request body is too large (at most 64 kB)',
      })
      // Reading stopped near the ceiling, not at the end of the 150 MB. Over HTTP
      // (deno) this counts what the client's socket took, not what the app read.
      if (inProcess) expect(body.pulled()).toBeLessThan(1024 * 1024)
    },
  )

  test('a JSON body just over 64 kB is refused, and one just under is read', async () => {
    const message = (bytes: number) =>
      JSON.stringify({ name: 'Grace', email: 'g@example.com', message: 'y'.repeat(bytes) })
    const over = await t.request('POST', '/contact', {
      headers: { ...fresh(), 'content-type': 'application/json' },
      rawBody: message(70 * 1024),
    })
    expect(over.status).toBe(413)
    expect(over.body.statusCode).toBe(413)
    // Under the ceiling the schema decides: 5,000 characters at most.
    const under = await t.request('POST', '/contact', {
      headers: { ...fresh(), 'content-type': 'application/json' },
      rawBody: message(60 * 1024),
    })
    expect(under.status).toBe(400)
    expect(under.body.errors.message).toBe('Must be at most 5000 characters')
  })

  test.skipIf(resetAfter413)(
    'a Content-Length over the ceiling is refused at the first bytes',
    async () => {
      const body = endlessJson(32 * 1024 * 1024)
      const answer = await t.request('POST', '/auth/login', {
        headers: {
          ...fresh(),
          'content-type': 'application/json',
          'content-length': String(body.length),
        },
        rawBody: body.stream,
      })
      expect(answer.status).toBe(413)
      expect(answer.body.statusCode).toBe(413)
      if (inProcess) expect(body.pulled()).toBeLessThan(1024 * 1024)
    },
  )

  test('a project, with room for its long description and image URLs, still goes through', async () => {
    const answer = await t.request('POST', '/projects', {
      token: admin.token,
      body: {
        name: 'Big',
        description: 'é'.repeat(10_000),
        images: Array.from({ length: 30 }, (_, i) => `/uploads/${i}-${'a'.repeat(1500)}.png`),
      },
    })
    expect(answer.status).toBe(201)
  })
})

describe('bodies no route reads', () => {
  test('an upload from an expired session gets its 401, not a dropped connection', async () => {
    // The image form of a session that expired: the token is refused before
    // the route reads the file, which must still be read so the client gets the answer.
    const expiredToken = await t.tokenFor(admin.user.id, -60)
    const bytes = new Uint8Array(3 * 1024 * 1024)
    bytes.set(tinyPng)
    for (let i = 0; i < 3; i++) {
      const answer = await t.request('POST', '/uploads/image', {
        token: expiredToken,
        rawBody: imageForm(bytes),
      })
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({ statusCode: 401, message: 'Invalid or expired token' })
    }
  })
})

describe('image uploads', () => {
  test.skipIf(resetAfter413)(
    'a chunked multipart body past 5 MB plus overhead is refused with 413 and the spec message',
    async () => {
      const boundary = 'vitrine-test-boundary'
      const head = new TextEncoder().encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      )
      const chunk = new Uint8Array(256 * 1024)
      let sent = 0
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(head)
          if (sent >= 40 * 1024 * 1024) {
            controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`))
            controller.close()
            return
          }
          sent += chunk.byteLength
          controller.enqueue(chunk)
        },
      })
      const answer = await t.request('POST', '/uploads/image', {
        token: admin.token,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        rawBody: stream,
      })
      expect(answer.status).toBe(413)
      expect(answer.body).toMatchObject({
        statusCode: 413,
        message: 'Image size should be less than 5MB',
      })
      if (inProcess) expect(sent).toBeLessThan(8 * 1024 * 1024)
    },
  )

  test('an image of almost 5 MB is still accepted', async () => {
    const bytes = new Uint8Array(5 * 1024 * 1024 - 1024)
    bytes.set(tinyPng)
    const answer = await t.request('POST', '/uploads/image', {
      token: admin.token,
      rawBody: imageForm(bytes),
    })
    expect(answer.status).toBe(201)
  })
})

// The deno target already speaks real HTTP; this runs the in-process app
// behind Node's HTTP server as `npm start` does.
describe.skipIf(!inProcess)('over Node HTTP (npm start, npm run dev)', () => {
  test('a chunked 150 MB JSON gets its 413 back, not a dropped connection', async () => {
    const server = createHttpServer(createNodeHandler((request) => t.app!.fetch(request)))
    const address = await listen(server, 0, '127.0.0.1')
    try {
      const body = endlessJson(150 * 1024 * 1024)
      const response = await fetch(`http://127.0.0.1:${address.port}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body.stream,
        duplex: 'half',
      } as RequestInit)
      expect(response.status).toBe(413)
      expect(await response.json()).toEqual({
        statusCode: 413,
        message: 'Request body is too large (at most 64 kB)',
      })
    } finally {
      await closeServer(server)
    }
  })
})

describe('the connection after a refused body', () => {
  test.skipIf(resetAfter413)(
    'the 413 says the connection ends, and the next request is answered',
    async () => {
      const answer = await t.request('POST', '/contact', {
        headers: { ...fresh(), 'content-type': 'application/json' },
        rawBody: new Uint8Array(2 * 1024 * 1024).fill(0x78),
      })
      expect(answer.status).toBe(413)
      expect(answer.headers.get('connection')).toBe('close')
      expect((await t.request('GET', '/health')).status).toBe(200)
    },
  )
})
