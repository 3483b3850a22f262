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
  type KeptAnswer,
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
  /** This form's answer and its 304, headers made once, at start. */
  ok: KeptAnswer
  notModified: KeptAnswer
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
  /**
   * The same answer as it is kept, for a server's direct lane; null for a
   * missing file, and for a path with escapes (serve decodes those).
   */
  kept(
    pathname: string,
    headers: { acceptEncoding?: string; ifNoneMatch?: string },
  ): KeptAnswer | null
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

/** A form of a file with its answers' headers, made once. */
function variant(
  bytes: Uint8Array,
  etag: string,
  file: { type: string; cacheControl: string; compressible: boolean },
  encoding?: Encoding,
): Variant {
  const common: [string, string][] = [
    ['Content-Type', file.type],
    ['X-Content-Type-Options', 'nosniff'],
    ['Cache-Control', file.cacheControl],
    ['ETag', etag],
    ...(file.compressible ? [['Vary', 'Accept-Encoding'] as [string, string]] : []),
  ]
  return {
    bytes,
    etag,
    ok: {
      status: 200,
      headers: encoding ? [...common, ['Content-Encoding', encoding]] : common,
      body: bytes,
    },
    notModified: { status: 304, headers: [...common], body: null },
  }
}

async function load(root: string, relative: string, compress: Compressor): Promise<StaticFile> {
  const bytes = new Uint8Array(await readFile(path.join(root, relative)))
  const type = staticTypes[path.extname(relative).toLowerCase()] ?? 'application/octet-stream'
  const tag = tagOf(bytes)
  const kind = {
    type,
    cacheControl: cacheControlFor(relative),
    compressible: COMPRESSIBLE.test(type) && bytes.byteLength >= COMPRESS_FROM_BYTES,
  }
  const file: StaticFile = { ...kind, identity: variant(bytes, entityTag(tag), kind), encoded: {} }
  if (file.compressible)
    for (const encoding of ['br', 'gzip'] as const) {
      const encoded = await compress(bytes, encoding)
      if (encoded.byteLength < bytes.byteLength)
        file.encoded[encoding] = variant(encoded, entityTag(tag, encoding), kind, encoding)
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

  const answer = (
    relative: string,
    headers: { acceptEncoding?: string; ifNoneMatch?: string },
  ): KeptAnswer | null => {
    let file = relative ? files.get(relative) : index
    // Only extension-less paths are client routes; a missing file is a 404.
    if (!file) {
      if (path.extname(relative)) return null
      file = index
    }
    const encoding = file.compressible ? preferredEncoding(headers.acceptEncoding) : null
    const form = (encoding && file.encoded[encoding]) || file.identity
    return headers.ifNoneMatch && tagListed(headers.ifNoneMatch, form.etag)
      ? form.notModified
      : form.ok
  }

  return {
    size: { files: files.size, bytes },
    serve(pathname, headers) {
      let relative: string
      try {
        relative = decodeURIComponent(pathname).replace(/^\/+/, '')
      } catch {
        return null
      }
      const found = answer(relative, headers)
      return found
        ? new Response(found.body as BodyInit | null, {
            status: found.status,
            headers: found.headers as [string, string][],
          })
        : null
    },
    kept(pathname, headers) {
      if (pathname.includes('%')) return null
      return answer(pathname.replace(/^\/+/, ''), headers)
    },
  }
}
