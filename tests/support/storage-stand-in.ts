// Hosted Supabase Storage cannot run here, so this small node:http server on
// 127.0.0.1 stands in for the part of its REST API the image and archive
// stores use (upload, existence check by HEAD or by the object's info, bulk delete of up to 1,000, listing of
// either bucket with created_at, download with a Range, public read of the
// public bucket) and for signed uploads: signing with the service key, and the
// PUT supabase-js's uploadToSignedUrl sends, which needs no key and, like
// Storage, trusts the declared Content-Type within the bucket's limits
// (supabase/config.toml: "images" public, 5 MiB, the four image types;
// "backups" private, 50 MiB, zip). It is a stand-in, not Supabase: the
// contract tests use it to prove what the edge function sends and serves.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  IMAGE_MIME_TYPES,
  MAX_IMAGE_BYTES,
} from '../../supabase/functions/_shared/contract/messages.ts'
import { MAX_BACKUP_BYTES } from '../../supabase/functions/_shared/toolkit/backup-format.ts'

/** The buckets of supabase/config.toml and the migrations, with their limits. */
const BUCKETS = {
  images: { public: true, maxBytes: MAX_IMAGE_BYTES, types: IMAGE_MIME_TYPES as readonly string[] },
  backups: { public: false, maxBytes: MAX_BACKUP_BYTES, types: ['application/zip'] },
}
type Bucket = keyof typeof BUCKETS
type StoredObjects = Map<string, { bytes: Buffer; contentType: string; createdAt: Date }>

export interface SeenRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: Buffer
}

export interface StorageStandIn {
  /** e.g. http://127.0.0.1:1234 (what SUPABASE_URL would be). */
  url: string
  /** Stored objects of the bucket "images", by object name; a test may move createdAt back to age one. */
  objects: StoredObjects
  /** Stored objects of a bucket, by object name. */
  bucket(name: Bucket): StoredObjects
  seen: SeenRequest[]
  /** The next request answers 500, as an unavailable storage would. */
  failNext(): void
  close(): Promise<void>
}

export async function startStorageStandIn(
  options: { serviceKey?: string } = {},
): Promise<StorageStandIn> {
  const serviceKey = options.serviceKey ?? 'service-key'
  const buckets: Record<Bucket, StoredObjects> = { images: new Map(), backups: new Map() }
  const objects = buckets.images
  const seen: SeenRequest[] = []
  let fail = false
  const names = Object.keys(BUCKETS).join('|')
  const upload = new RegExp(`^/storage/v1/object/(${names})/([^/?]+)$`)
  const publicRead = new RegExp(`^/storage/v1/object/public/(${names})/([^/?]+)$`)
  const signedPath = new RegExp(`^/storage/v1/object/upload/sign/(${names})/([^/?]+)`)
  const bucketPath = new RegExp(`^/storage/v1/object/(${names})$`)
  const listPath = new RegExp(`^/storage/v1/object/list/(${names})$`)
  const infoPath = new RegExp(`^/storage/v1/object/info/(${names})/([^/?]+)$`)
  /** Upload tokens handed out, by token: the one object each may create, until when. */
  const tokens = new Map<string, { bucket: Bucket; name: string; expires: number }>()
  const storageError = (res: ServerResponse, status: number, error: string, message: string) =>
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify({ statusCode: String(status), error, message }))
  /** [bucket, name] of a path `pattern` matches. */
  const match = (pattern: RegExp, url: string) => {
    const found = pattern.exec(url)
    return found ? ([found[1] as Bucket, found[2]!] as const) : null
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const url = req.url ?? ''
      seen.push({ method: req.method ?? '', url, headers: req.headers, body })
      const read = match(publicRead, url)
      if (req.method === 'GET' && read) {
        const object = buckets[read[0]].get(read[1])
        // A private bucket has no public URL: Storage answers 400 ("Bucket not found").
        if (!BUCKETS[read[0]].public)
          return storageError(res, 400, 'Bucket not found', 'Bucket not found')
        if (!object) return res.writeHead(404).end()
        return res.writeHead(200, { 'content-type': object.contentType }).end(object.bytes)
      }
      const signed = match(signedPath, url)
      if (req.method === 'PUT' && signed) {
        void receiveSigned(req, res, signed[0], signed[1], body)
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
        const [bucket, name] = signed
        const token = crypto.randomUUID()
        tokens.set(token, { bucket, name, expires: Date.now() + 2 * 60 * 60 * 1000 })
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ url: `/object/upload/sign/${bucket}/${name}?token=${token}` }))
      }
      const about = match(infoPath, url)
      if (req.method === 'GET' && about) {
        const object = buckets[about[0]].get(about[1])
        // As Storage does: a missing object is a 400 whose body says 404 and NoSuchKey.
        if (!object)
          return res.writeHead(400, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              statusCode: '404',
              code: 'NoSuchKey',
              error: 'not_found',
              message: 'Object not found',
            }),
          )
        return res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: about[1],
            name: about[1],
            bucket_id: about[0],
            size: object.bytes.length,
            content_type: object.contentType,
            created_at: object.createdAt.toISOString(),
            last_modified: object.createdAt.toISOString(),
          }),
        )
      }
      const at = match(upload, url)
      const store = at ? buckets[at[0]] : undefined
      if (req.method === 'POST' && at) {
        store!.set(at[1], {
          bytes: body,
          contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
          createdAt: new Date(),
        })
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ Key: `${at[0]}/${at[1]}` }))
        return
      }
      if (req.method === 'GET' && at) {
        const object = store!.get(at[1])
        if (!object) return res.writeHead(400).end('{"statusCode":"404"}')
        if (req.headers.range) return sendRange(res, object, String(req.headers.range))
        return res.writeHead(200, { 'content-type': object.contentType }).end(object.bytes)
      }
      const listed = listPath.exec(url)?.[1] as Bucket | undefined
      if (req.method === 'POST' && listed) {
        const { limit, offset } = JSON.parse(body.toString()) as { limit: number; offset: number }
        const page = [...buckets[listed].entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .slice(offset, offset + limit)
          // As Storage lists an object: created_at as an ISO timestamp beside its metadata.
          .map(([n, object]) => ({
            name: n,
            id: n,
            created_at: object.createdAt.toISOString(),
            metadata: { size: object.bytes.length },
          }))
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page))
      }
      if (req.method === 'HEAD' && at) {
        // As Storage does: a missing object is a 400 whose body says 404.
        return res.writeHead(store!.has(at[1]) ? 200 : 400).end()
      }
      const emptied = bucketPath.exec(url)?.[1] as Bucket | undefined
      if (req.method === 'DELETE' && emptied) {
        const { prefixes } = JSON.parse(body.toString()) as { prefixes: string[] }
        // Storage deletes at most 1,000 objects a request.
        if (prefixes.length > 1000)
          return storageError(res, 400, 'InvalidRequest', 'At most 1000 objects per request')
        for (const n of prefixes) buckets[emptied].delete(n)
        res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
        return
      }
      res.writeHead(404).end()
    })
  })

  /** As Storage answers a Range (bytes=a-b, a-, -n): 206 with Content-Range, or 416. */
  function sendRange(
    res: ServerResponse,
    object: { bytes: Buffer; contentType: string },
    range: string,
  ) {
    const size = object.bytes.length
    const [, from, to] = /^bytes=(\d*)-(\d*)$/.exec(range) ?? []
    let start = from ? Number(from) : Math.max(0, size - Number(to))
    let end = from && to ? Math.min(size - 1, Number(to)) : size - 1
    if (from === undefined || (!from && !to)) start = end = -1
    if (start < 0 || start > end)
      return res.writeHead(416, { 'content-range': `bytes */${size}` }).end()
    return res
      .writeHead(206, {
        'content-type': object.contentType,
        'content-range': `bytes ${start}-${end}/${size}`,
      })
      .end(object.bytes.subarray(start, end + 1))
  }

  /** A signed upload: the token decides, then the bucket's limits on the declared type and the size. */
  async function receiveSigned(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: Bucket,
    name: string,
    body: Buffer,
  ) {
    const token = new URL(req.url ?? '', 'http://stand-in').searchParams.get('token') ?? ''
    const grant = tokens.get(token)
    if (!grant || grant.bucket !== bucket || grant.name !== name || grant.expires < Date.now())
      return storageError(res, 400, 'InvalidSignature', 'The url do not match the signature')
    const store = buckets[bucket]
    if (store.has(name)) return storageError(res, 409, 'Duplicate', 'The resource already exists')
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
    if (bytes.length > BUCKETS[bucket].maxBytes)
      return storageError(
        res,
        413,
        'Payload too large',
        'The object exceeded the maximum allowed size',
      )
    if (!BUCKETS[bucket].types.includes(contentType))
      return storageError(
        res,
        415,
        'invalid_mime_type',
        `mime type ${contentType} is not supported`,
      )
    store.set(name, { bytes, contentType, createdAt: new Date() })
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ Key: `${bucket}/${name}`, Id: crypto.randomUUID() }))
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    bucket: (name) => buckets[name],
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
