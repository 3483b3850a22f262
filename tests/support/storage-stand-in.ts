// Hosted Supabase Storage cannot run here, so this small node:http server on
// 127.0.0.1 stands in for the part of its REST API the image store uses
// (upload, existence check, bulk delete, listing with created_at, download with
// a Range, public read) and for signed uploads: signing with the service key,
// and the PUT supabase-js's uploadToSignedUrl sends, which needs no key and,
// like Storage, trusts the declared Content-Type within the bucket's limits
// (supabase/config.toml: 5 MiB, the four image types). It is a stand-in, not
// Supabase: the contract tests use it to prove what the edge function sends and serves.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from '../../supabase/functions/_shared/messages.ts'

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
  const signedPath = new RegExp(`^/storage/v1/object/upload/sign/${bucket}/([^/?]+)`)
  /** Upload tokens handed out, by token: the one object each may create, until when. */
  const tokens = new Map<string, { name: string; expires: number }>()
  const storageError = (res: ServerResponse, status: number, error: string, message: string) =>
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify({ statusCode: String(status), error, message }))

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
      const signed = signedPath.exec(url)?.[1]
      if (req.method === 'PUT' && signed) {
        void receiveSigned(req, res, signed, body)
        return
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
      if (req.method === 'POST' && signed) {
        const token = crypto.randomUUID()
        tokens.set(token, { name: signed, expires: Date.now() + 2 * 60 * 60 * 1000 })
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ url: `/object/upload/sign/${bucket}/${signed}?token=${token}` }))
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
        const range = /^bytes=0-(\d+)$/.exec(String(req.headers.range ?? ''))
        if (range)
          return res
            .writeHead(206, { 'content-type': object.contentType })
            .end(object.bytes.subarray(0, Number(range[1]) + 1))
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
  /** A signed upload: the token decides, then the bucket's limits on the declared type and the size. */
  async function receiveSigned(
    req: IncomingMessage,
    res: ServerResponse,
    name: string,
    body: Buffer,
  ) {
    const token = new URL(req.url ?? '', 'http://stand-in').searchParams.get('token') ?? ''
    const grant = tokens.get(token)
    if (!grant || grant.name !== name || grant.expires < Date.now())
      return storageError(res, 400, 'InvalidSignature', 'The url do not match the signature')
    if (objects.has(name)) return storageError(res, 409, 'Duplicate', 'The resource already exists')
    let bytes = body
    let contentType = String(req.headers['content-type'] ?? '')
    if (contentType.startsWith('multipart/form-data')) {
      const form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': contentType },
      }).formData()
      const file = [...form.values()].find((v): v is File => typeof v !== 'string')
      if (!file) return storageError(res, 400, 'InvalidRequest', 'No file was sent')
      bytes = Buffer.from(await file.arrayBuffer())
      contentType = file.type
    }
    if (bytes.length > MAX_IMAGE_BYTES)
      return storageError(
        res,
        413,
        'Payload too large',
        'The object exceeded the maximum allowed size',
      )
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(contentType))
      return storageError(
        res,
        415,
        'invalid_mime_type',
        `mime type ${contentType} is not supported`,
      )
    objects.set(name, { bytes, contentType, createdAt: new Date() })
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ Key: `${bucket}/${name}`, Id: crypto.randomUUID() }))
  }

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
