// `npm start` serves the built SPA from memory (docs/decisions/010): every file
// of dist/ is read once at start, with its brotli and gzip forms made then, so a
// request costs a map lookup, never a stat, a read or a compression.
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import {
  preferredEncoding,
  type Compressor,
  type Encoding,
} from '../supabase/functions/_shared/http/http-cache.ts'
import { entityTag, tagListed } from '../supabase/functions/_shared/http/entity-tags.ts'
import { compressor } from './compression.ts'
import { IMMUTABLE, staticTypes } from './files.ts'

/** Types worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg\+xml)/
const COMPRESS_FROM_BYTES = 512

interface Variant {
  bytes: Uint8Array
  etag: string
}

interface StaticFile {
  type: string
  cacheControl: string
  identity: Variant
  encoded: Partial<Record<Encoding, Variant>>
  compressible: boolean
}

export interface StaticSite {
  /** The answer for `pathname`, or null for a missing file (the caller answers 404). */
  serve(
    pathname: string,
    headers: { acceptEncoding?: string; ifNoneMatch?: string },
  ): Response | null
  /** How many files are held and their bytes, every form counted. */
  size: { files: number; bytes: number }
}

async function filesUnder(root: string, dir = ''): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
    // Dot folders (Vite's .vite/manifest.json) are build bookkeeping, not the site.
    if (entry.name.startsWith('.')) continue
    const relative = dir ? `${dir}/${entry.name}` : entry.name
    if (entry.isDirectory()) found.push(...(await filesUnder(root, relative)))
    else if (entry.isFile()) found.push(relative)
  }
  return found
}

const tagOf = (bytes: Uint8Array) =>
  createHash('sha1').update(bytes).digest('base64url').slice(0, 22)

function cacheControlFor(relative: string): string {
  if (relative === 'index.html') return 'no-cache'
  // Vite names everything under assets/ by its content's hash.
  return relative.startsWith('assets/') ? IMMUTABLE : 'public, max-age=3600'
}

async function load(root: string, relative: string, compress: Compressor): Promise<StaticFile> {
  const bytes = new Uint8Array(await readFile(path.join(root, relative)))
  const type = staticTypes[path.extname(relative).toLowerCase()] ?? 'application/octet-stream'
  const tag = tagOf(bytes)
  const file: StaticFile = {
    type,
    cacheControl: cacheControlFor(relative),
    identity: { bytes, etag: entityTag(tag) },
    encoded: {},
    compressible: COMPRESSIBLE.test(type) && bytes.byteLength >= COMPRESS_FROM_BYTES,
  }
  if (file.compressible)
    for (const encoding of ['br', 'gzip'] as const) {
      const encoded = await compress(bytes, encoding)
      if (encoded.byteLength < bytes.byteLength)
        file.encoded[encoding] = { bytes: encoded, etag: entityTag(tag, encoding) }
    }
  return file
}

export async function loadStaticSite(
  distDir: string,
  compress: Compressor = compressor('max'),
): Promise<StaticSite> {
  const root = path.resolve(distDir)
  const files = new Map<string, StaticFile>()
  const relatives = await filesUnder(root)
  // A few at a time: zlib's pool has four threads.
  for (let i = 0; i < relatives.length; i += 4)
    await Promise.all(
      relatives.slice(i, i + 4).map(async (r) => files.set(r, await load(root, r, compress))),
    )
  const index = files.get('index.html')
  if (!index) throw new Error(`No index.html in ${root}`)

  let bytes = 0
  for (const file of files.values())
    for (const v of [file.identity, ...Object.values(file.encoded)]) bytes += v.bytes.byteLength

  return {
    size: { files: files.size, bytes },
    serve(pathname, headers) {
      let relative: string
      try {
        relative = decodeURIComponent(pathname).replace(/^\/+/, '')
      } catch {
        return null
      }
      let file = relative ? files.get(relative) : index
      // Only extension-less paths are client routes; a missing file is a 404.
      if (!file) {
        if (path.extname(relative)) return null
        file = index
      }
      const encoding = file.compressible ? preferredEncoding(headers.acceptEncoding) : null
      const variant = (encoding && file.encoded[encoding]) || file.identity
      const out = new Headers({
        'Content-Type': file.type,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': file.cacheControl,
        ETag: variant.etag,
      })
      if (file.compressible) out.set('Vary', 'Accept-Encoding')
      if (tagListed(headers.ifNoneMatch, variant.etag))
        return new Response(null, { status: 304, headers: out })
      if (variant !== file.identity) out.set('Content-Encoding', encoding!)
      return new Response(variant.bytes as BodyInit, { headers: out })
    },
  }
}
