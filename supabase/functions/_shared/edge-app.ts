// The app as the Supabase Edge Function builds it from its environment:
// SUPABASE_DB_URL (set by Supabase), JWT_SECRET (`supabase secrets set`), and
// the Storage bucket when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are there.
// Kept out of functions/api/index.ts so that file only wires Deno.serve.
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
  const images = url && serviceKey ? new SupabaseStorageStore({ url, serviceKey, bucket: 'images' }) : noImageStore
  return createApp({ db, images, tokenKey: tokenKey(required('JWT_SECRET')) })
}
