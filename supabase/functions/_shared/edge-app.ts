// The app as the Supabase Edge Function builds it from its environment:
// SUPABASE_DB_URL (set by Supabase), JWT_SECRET (`supabase secrets set`), and
// the Storage bucket when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are there.
// Kept out of functions/api/index.ts so that file only wires Deno.serve.
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { createApp } from './app.ts'
import { tokenKey } from './auth.ts'
import { createDatabase } from './db.ts'
import { HttpError } from './errors.ts'
import type { ImageStore } from './images/image-store.ts'
import { SupabaseStorageStore } from './images/supabase-storage-store.ts'
import { createPostgresDriver } from './postgres-driver.ts'

export type EnvReader = (name: string) => string | undefined

/** Without a storage service, uploads answer 503 and everything else works. */
const noImageStore: ImageStore = {
  save: () => Promise.reject(new HttpError(503, 'Image uploads are not configured on this server')),
  remove: () => Promise.resolve(false),
  nameFromUrl: () => null,
  exists: () => Promise.resolve(false),
}

export function createEdgeApp(env: EnvReader) {
  const required = (name: string) => {
    const value = env(name)?.trim()
    if (!value) throw new Error(`${name} is not set`)
    return value
  }
  const url = env('SUPABASE_URL')?.trim()
  const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY')?.trim()
  // Edge isolates are short-lived and many: a small pool each.
  const db = createDatabase(createPostgresDriver(required('SUPABASE_DB_URL'), 3))
  const images =
    url && serviceKey
      ? new SupabaseStorageStore({ url, serviceKey, bucket: 'images' })
      : noImageStore
  const app = createApp({ db, images, tokenKey: tokenKey(required('JWT_SECRET')) })

  // In production the SPA is hosted elsewhere and calls the function across
  // origins. Tokens travel in the Authorization header, never in cookies, so no
  // credentials are allowed; ALLOWED_ORIGINS (comma-separated) narrows the list.
  const origins = (env('ALLOWED_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
  const edge = new Hono()
  edge.use(
    '*',
    cors({
      origin: origins.length ? origins : '*',
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      // If-Match and ETag: the edit forms send back the version they loaded
      // (docs/decisions/009-optimistic-concurrency.md); a cross-origin page can
      // read only the response headers listed here.
      allowHeaders: ['Authorization', 'Content-Type', 'If-Match'],
      // X-Total-Count and X-Next-Cursor: GET /projects in pages (docs/decisions/010).
      exposeHeaders: ['Retry-After', 'ETag', 'X-Total-Count', 'X-Next-Cursor'],
      maxAge: 600,
    }),
  )
  // Hand every request to the app itself so its own 404 and error bodies stay.
  edge.all('*', (c) => app.fetch(c.req.raw))
  return edge
}
