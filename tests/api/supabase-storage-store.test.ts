// The hosted Supabase Storage cannot run here, so a small node:http server on
// 127.0.0.1 stands in for its REST API (CONVENTIONS.md: mocks only where a real
// part cannot run, and say so). It records what the store sends.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SupabaseStorageStore } from '../../supabase/functions/_shared/images/supabase-storage-store.ts'
import { tinyPng } from './harness.ts'

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: Buffer
}

let server: Server
let base = ''
const seen: Seen[] = []
const objects = new Map<string, Buffer>()
let failNext = false

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      if (failNext || req.headers.authorization !== 'Bearer service-key') {
        failNext = false
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}')
        return
      }
      const upload = /^\/storage\/v1\/object\/images\/([^/]+)$/.exec(req.url ?? '')
      if (req.method === 'POST' && upload?.[1]) {
        objects.set(upload[1], body)
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ Key: `images/${upload[1]}` }))
        return
      }
      if (req.method === 'DELETE' && req.url === '/storage/v1/object/images') {
        const { prefixes } = JSON.parse(body.toString()) as { prefixes: string[] }
        for (const name of prefixes) objects.delete(name)
        res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
        return
      }
      res.writeHead(404).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('SupabaseStorageStore (against a stand-in for hosted Supabase Storage)', () => {
  test('uploads with the service key and the detected type, and answers the public URL', async () => {
    const store = new SupabaseStorageStore({ url: `${base}/`, serviceKey: 'service-key' })
    const { url } = await store.save(
      '0b5c1b1e-1111-4222-8333-944445555666.png',
      tinyPng,
      'image/png',
    )
    expect(url).toBe(
      `${base}/storage/v1/object/public/images/0b5c1b1e-1111-4222-8333-944445555666.png`,
    )
    const request = seen.at(-1)!
    expect(request.method).toBe('POST')
    expect(request.headers['content-type']).toBe('image/png')
    expect(request.headers.authorization).toBe('Bearer service-key')
    expect(new Uint8Array(objects.get('0b5c1b1e-1111-4222-8333-944445555666.png')!)).toEqual(
      tinyPng,
    )
  })

  test('removes only objects behind its own public URLs', async () => {
    const store = new SupabaseStorageStore({ url: base, serviceKey: 'service-key' })
    const { url } = await store.save('abc.png', tinyPng, 'image/png')
    expect(store.nameFromUrl(url)).toBe('abc.png')
    expect(await store.remove(url)).toBe(true)
    expect(objects.has('abc.png')).toBe(false)
    expect(JSON.parse(seen.at(-1)!.body.toString())).toEqual({ prefixes: ['abc.png'] })

    const count = seen.length
    expect(
      await store.remove('https://evil.example.com/storage/v1/object/public/images/abc.png'),
    ).toBe(false)
    expect(await store.remove(`${base}/storage/v1/object/public/images/../secrets.png`)).toBe(false)
    expect(seen.length).toBe(count)
  })

  test('reports an unavailable storage as 503 instead of claiming success', async () => {
    const store = new SupabaseStorageStore({ url: base, serviceKey: 'service-key' })
    failNext = true
    await expect(store.save('def.png', tinyPng, 'image/png')).rejects.toMatchObject({ status: 503 })
    const wrongKey = new SupabaseStorageStore({ url: base, serviceKey: 'wrong' })
    await expect(wrongKey.save('ghi.png', tinyPng, 'image/png')).rejects.toMatchObject({
      status: 503,
    })
  })
})
