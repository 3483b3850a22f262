// Hosted Supabase Storage cannot run here, so this small node:http server on
// 127.0.0.1 stands in for the part of its REST API the image store uses
// (upload, existence check, bulk delete, listing with created_at, download, public read). It is a stand-in, not Supabase: the
// contract tests use it to prove what the edge function sends and serves.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SeenRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: Buffer
}

export interface StorageStandIn {
  /** e.g. http://127.0.0.1:1234 (what SUPABASE_URL would be). */
  url: string
  /** Stored objects of the bucket, by object name; a test may move createdAt back to age one. */
  objects: Map<string, { bytes: Buffer; contentType: string; createdAt: Date }>
  seen: SeenRequest[]
  /** The next request answers 500, as an unavailable storage would. */
  failNext(): void
  close(): Promise<void>
}

export async function startStorageStandIn(
  options: { serviceKey?: string; bucket?: string } = {},
): Promise<StorageStandIn> {
  const serviceKey = options.serviceKey ?? 'service-key'
  const bucket = options.bucket ?? 'images'
  const objects: StorageStandIn['objects'] = new Map()
  const seen: SeenRequest[] = []
  let fail = false
  const upload = new RegExp(`^/storage/v1/object/${bucket}/([^/?]+)$`)
  const publicRead = new RegExp(`^/storage/v1/object/public/${bucket}/([^/?]+)$`)

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const url = req.url ?? ''
      seen.push({ method: req.method ?? '', url, headers: req.headers, body })
      const read = publicRead.exec(url)
      if (req.method === 'GET' && read?.[1]) {
        const object = objects.get(read[1])
        if (!object) return res.writeHead(404).end()
        return res.writeHead(200, { 'content-type': object.contentType }).end(object.bytes)
      }
      // As Supabase's gateway does: the key travels in apikey, and a Bearer
      // token, when there is one, must repeat it.
      const authorized =
        req.headers.apikey === serviceKey &&
        (req.headers.authorization === undefined ||
          req.headers.authorization === `Bearer ${serviceKey}`)
      if (fail || !authorized) {
        fail = false
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}')
        return
      }
      const name = upload.exec(url)?.[1]
      if (req.method === 'POST' && name) {
        objects.set(name, {
          bytes: body,
          contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
          createdAt: new Date(),
        })
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ Key: `${bucket}/${name}` }))
        return
      }
      if (req.method === 'GET' && name) {
        const object = objects.get(name)
        if (!object) return res.writeHead(400).end('{"statusCode":"404"}')
        return res.writeHead(200, { 'content-type': object.contentType }).end(object.bytes)
      }
      if (req.method === 'POST' && url === `/storage/v1/object/list/${bucket}`) {
        const { limit, offset } = JSON.parse(body.toString()) as { limit: number; offset: number }
        const page = [...objects.keys()]
          .sort()
          .slice(offset, offset + limit)
          .map((n) => {
            const object = objects.get(n)!
            // As Storage lists an object: created_at as an ISO timestamp beside its metadata.
            return {
              name: n,
              id: n,
              created_at: object.createdAt.toISOString(),
              metadata: { size: object.bytes.length },
            }
          })
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page))
      }
      if (req.method === 'HEAD' && name) {
        // As Storage does: a missing object is a 400 whose body says 404.
        return res.writeHead(objects.has(name) ? 200 : 400).end()
      }
      if (req.method === 'DELETE' && url === `/storage/v1/object/${bucket}`) {
        const { prefixes } = JSON.parse(body.toString()) as { prefixes: string[] }
        for (const n of prefixes) objects.delete(n)
        res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
        return
      }
      res.writeHead(404).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    seen,
    failNext: () => {
      fail = true
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
