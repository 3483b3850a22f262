// Serving files from a folder without ever leaving it: uploaded images
// (/uploads/<name>) and, for `npm start`, the built SPA in dist/.
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import {
  contentTypeForFile,
  STORED_NAME,
} from '../supabase/functions/_shared/images/detect-image-type.ts'

export const IMMUTABLE = 'public, max-age=31536000, immutable'

export const staticTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
}

const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })

async function readInside(root: string, relative: string): Promise<Buffer | null> {
  const file = path.resolve(root, relative)
  if (file !== root && !file.startsWith(root + path.sep)) return null
  try {
    if (!(await stat(file)).isFile()) return null
    return await readFile(file)
  } catch {
    return null
  }
}

/** GET /uploads/<name>: the image with the type its extension stands for, never sniffed. */
export async function serveUpload(uploadsDir: string, name: string): Promise<Response> {
  // Only names the API itself produces: one segment, no dot files, no traversal.
  const type = STORED_NAME.test(name) ? contentTypeForFile(name) : null
  if (!type) return notFound()
  const bytes = await readInside(path.resolve(uploadsDir), name)
  if (!bytes) return notFound()
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': type,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': IMMUTABLE,
    },
  })
}

/**
 * The built SPA: files from dist/ (Vite's hashed assets cached for a year),
 * and index.html, never cached, for client routes such as /admin/projects.
 */
export async function serveSpa(distDir: string, pathname: string): Promise<Response> {
  const root = path.resolve(distDir)
  let relative: string
  try {
    relative = decodeURIComponent(pathname).replace(/^\/+/, '')
  } catch {
    return notFound()
  }
  if (relative.includes('\0')) return notFound()
  const ext = path.extname(relative).toLowerCase()
  if (relative && relative !== 'index.html') {
    const bytes = await readInside(root, relative)
    if (bytes) {
      const cache = relative.startsWith('assets/') ? IMMUTABLE : 'public, max-age=3600'
      return new Response(new Uint8Array(bytes), {
        headers: {
          'Content-Type': staticTypes[ext] ?? 'application/octet-stream',
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': cache,
        },
      })
    }
    // A missing file is a 404; only extension-less paths are client routes.
    if (ext) return notFound()
  }
  const index = await readInside(root, 'index.html')
  if (!index) return notFound()
  return new Response(new Uint8Array(index), {
    headers: {
      'Content-Type': staticTypes['.html']!,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    },
  })
}
