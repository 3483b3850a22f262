// gzip and brotli through node:zlib, off the main thread (zlib's thread pool).
// The API compresses each public answer once per content version with it, and
// `npm start` its static files once at start (docs/decisions/010).
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Compressor, Encoding } from '../supabase/functions/_shared/http/http-cache.ts'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** `level` "max" for files made once at start; "fast" for answers made while a visitor waits. */
export function compressor(level: 'max' | 'fast'): Compressor {
  return async (body: Uint8Array, encoding: Encoding) => {
    const bytes =
      encoding === 'br'
        ? await brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: level === 'max' ? 11 : 5,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
            },
          })
        : await gzipAsync(body, { level: level === 'max' ? 9 : 6 })
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  }
}
