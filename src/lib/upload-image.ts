// Image uploads with progress, sent straight to storage (docs/operations.md,
// "How uploads flow"): the API authorizes one object (POST /uploads/sign), then supabase-js
// sends the bytes to Storage's signed upload URL, which the local server
// answers the same way. One path on every deployment; a backup to restore
// takes it too (POST /backup/sign, the private bucket "backups"). Only the back
// office sends files, and supabase-js (~56 kB gzipped) is imported on the
// first upload, so neither reaches a public page's chunks.
import type { SupabaseClient } from '@supabase/supabase-js'
import { apiUrl } from '@/config/env'
import { api, ApiError } from '@/lib/api-client'

/** Where the API lives is where Storage lives: `<project>/functions/v1/api` on Supabase, this origin locally. */
export function supabaseUrl(): string {
  const api = new URL(`${apiUrl()}/`, window.location.origin)
  const project = api.href.replace(/\/functions\/v1\/api\/$/, '')
  return project === api.href ? api.origin : project
}

/**
 * The publishable key, when the build has one (VITE_SUPABASE_PUBLISHABLE_KEY).
 * Without it a placeholder stands in and no key is sent at all: the signed
 * URL's token is what authorizes the upload, and a made-up key must not reach
 * a gateway that checks keys.
 */
const publishableKey = import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY?.trim() || ''

/** Progress callbacks of the uploads under way, by object name (the signed URL's last segment). */
const progressByName = new Map<string, (fraction: number) => void>()

/** fetch as supabase-js calls it, over XMLHttpRequest, which (unlike fetch) reports upload progress. */
function fetchWithProgress(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input)
  const name = new URL(url, window.location.origin).pathname.split('/').pop() ?? ''
  const onProgress = progressByName.get(decodeURIComponent(name))
  const headers = new Headers(init.headers)
  if (!publishableKey) {
    headers.delete('apikey')
    headers.delete('authorization')
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(init.method ?? 'GET', url)
    headers.forEach((value, key) => xhr.setRequestHeader(key, value))
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => resolve(new Response(xhr.responseText, { status: xhr.status }))
    xhr.onerror = () => reject(new TypeError('Network error'))
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null)
  })
}

let client: Promise<SupabaseClient> | undefined

/** One client for every upload. It holds no token of ours and keeps no session. */
function storageClient(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(supabaseUrl(), publishableKey || 'no-key', {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: fetchWithProgress },
    }),
  )
  return client
}

/**
 * Sends `file` to the object of `bucket` that the API signed, reporting
 * progress (0..1). Storage's refusals and network failures are ApiErrors, as
 * the API's are.
 */
export async function uploadSigned(
  bucket: 'images' | 'backups',
  signed: { path: string; token: string },
  file: Blob,
  onProgress?: (fraction: number) => void,
  options: { cacheControl?: string } = {},
): Promise<void> {
  const storage = (await storageClient()).storage.from(bucket)
  if (onProgress) progressByName.set(signed.path, onProgress)
  try {
    const { error } = await storage.uploadToSignedUrl(signed.path, signed.token, file, {
      ...options,
      contentType: file.type,
    })
    if (error) {
      console.error('Upload to storage failed', error)
      const status = (error as { status?: number }).status ?? 0
      throw new ApiError(
        status,
        status ? error.message : 'Network error: the server could not be reached',
      )
    }
  } finally {
    progressByName.delete(signed.path)
  }
  onProgress?.(1)
}

/** Uploads one file and reports progress (0..1); answers the URL content stores. */
export async function uploadImage(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<{ url: string }> {
  const signed = await api.post('/uploads/sign', {
    contentType: file.type,
    size: file.size,
  })
  await uploadSigned('images', signed, file, onProgress, { cacheControl: '31536000' })
  return { url: signed.url }
}
