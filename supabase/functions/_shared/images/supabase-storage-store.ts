// Images in the Supabase Storage bucket "images" (production), with the
// service key, through @supabase/storage-js, which runs under Deno on Edge
// Functions as well as under Node. What it lacks is here: the ranged read of an
// object's first bytes (readStart), and the address browsers use in place of
// the one the function calls (publicUrl).
import { StorageApiError, StorageClient } from '@supabase/storage-js'
import { HttpError } from '../http/errors.ts'
import {
  HEAD_BYTES,
  type ImageStore,
  type SignedUpload,
  type StoredImage,
  type StoredObject,
} from './image-store.ts'
import { STORED_NAME } from './detect-image-type.ts'

export interface SupabaseStorageOptions {
  /** The project URL, e.g. https://abc.supabase.co: where the function calls Storage. */
  url: string
  /**
   * Where browsers reach the same Storage, used in the URLs the store answers.
   * Defaults to `url`; differs under `supabase start`, where the function sees
   * the gateway as http://kong:8000 and the browser as http://127.0.0.1:54321.
   */
  publicUrl?: string
  /** A secret key (sb_secret_...) or the legacy service_role key. */
  serviceKey: string
  bucket?: string
  fetch?: typeof fetch
}

// A secret key (sb_secret_...) is not a JWT: the gateway authenticates it by
// the apikey header and accepts it as a Bearer token only when it repeats
// apikey (Supabase, "Understanding API keys": known limitations); the CLI's
// local gateway then passes Storage a service_role JWT in its place. The
// legacy service_role key is such a JWT. Sending the key in both headers
// suits both kinds, and is what supabase-js sends to Storage.
export function storageHeaders(
  serviceKey: string,
  extra: Record<string, string>,
): Record<string, string> {
  return { Authorization: `Bearer ${serviceKey}`, apikey: serviceKey, ...extra }
}

const trimmed = (url: string) => url.replace(/\/+$/, '')

/** storage-js's client of the Storage at `options.url`, with the key in both headers (storageHeaders). */
export const storageClient = (options: SupabaseStorageOptions) =>
  new StorageClient(
    `${trimmed(options.url)}/storage/v1`,
    storageHeaders(options.serviceKey, {}),
    options.fetch,
  )

/** Storage answers a missing object with 400 (its body says 404) or 404. */
export const isMissing = (error: unknown) =>
  error instanceof StorageApiError && (error.status === 400 || error.status === 404)

/**
 * What a storage-js call answered; a failure (an error answer, or no answer)
 * is a 503 with `unavailable` as its message, unless `missing` takes it.
 */
export async function answered<T, M = never>(
  call: Promise<{ data: T | null; error: unknown }>,
  unavailable: string,
  missing?: { value: M },
): Promise<T | M> {
  const { data, error } = await call.catch((thrown: unknown) => ({ data: null, error: thrown }))
  if (!error) return data as T
  if (missing && isMissing(error)) return missing.value
  throw new HttpError(503, unavailable)
}

/**
 * Storage's signed upload of one object of `options.bucket`: an address under
 * /storage/v1 whose token lets anyone holding it create that one object for
 * two hours, on the Storage browsers reach (publicUrl). Any failure is a 503
 * with `unavailable` as its message.
 */
export async function signStorageUpload(
  options: SupabaseStorageOptions & { bucket: string },
  name: string,
  unavailable: string,
): Promise<{ signedUrl: string; token: string }> {
  const signed = await answered(
    storageClient(options).from(options.bucket).createSignedUploadUrl(name),
    unavailable,
  )
  const base = `${trimmed(options.url)}/storage/v1`
  if (!signed.signedUrl.startsWith(base)) throw new HttpError(503, unavailable)
  const publicBase = `${trimmed(options.publicUrl ?? options.url)}/storage/v1`
  return { signedUrl: publicBase + signed.signedUrl.slice(base.length), token: signed.token }
}

function storedAt(value: string | null | undefined): Date | null {
  const date = value ? new Date(value) : null
  return date && !Number.isNaN(date.getTime()) ? date : null
}

/** An object as Storage lists it: its name, its size, when it was created. */
export interface ListedObject {
  name: string
  size: number
  /** Absent when Storage gives no readable date: the sweeps count such an object as new. */
  storedAt?: Date
}

/**
 * Every object of `options.bucket` (folders left out), as Storage lists a
 * bucket: in pages of at most 1,000. Any failure is a 503 with `unavailable`
 * as its message.
 */
export async function listStorageBucket(
  options: SupabaseStorageOptions & { bucket: string },
  unavailable: string,
): Promise<ListedObject[]> {
  const bucket = storageClient(options).from(options.bucket)
  const objects: ListedObject[] = []
  for (let offset = 0; ; offset += 1000) {
    const page = await answered(
      bucket.list('', { limit: 1000, offset, sortBy: { column: 'name', order: 'asc' } }),
      unavailable,
    )
    for (const item of page) {
      // Folders have no id.
      if (item.id === null) continue
      const at = storedAt(item.created_at)
      objects.push({
        name: item.name,
        size: Number(item.metadata?.size ?? 0),
        ...(at ? { storedAt: at } : {}),
      })
    }
    if (page.length < 1000) return objects
  }
}

const UNAVAILABLE = 'Image storage is unavailable'

export class SupabaseStorageStore implements ImageStore {
  private readonly base: string
  private readonly publicBase: string
  private readonly bucket: string
  private readonly fetch: typeof fetch
  private readonly files: ReturnType<StorageClient['from']>

  constructor(private readonly options: SupabaseStorageOptions) {
    this.base = trimmed(options.url)
    this.publicBase = trimmed(options.publicUrl ?? options.url)
    this.bucket = options.bucket ?? 'images'
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init))
    this.files = storageClient({ ...options, fetch: this.fetch }).from(this.bucket)
  }

  private prefix(base: string): string {
    return `${base}/storage/v1/object/public/${this.bucket}/`
  }

  private get publicPrefix(): string {
    return this.prefix(this.publicBase)
  }

  async save(name: string, bytes: Uint8Array, contentType: string): Promise<StoredImage> {
    if (!STORED_NAME.test(name))
      throw new Error(`Refusing to store an object named ${JSON.stringify(name)}`)
    await answered(
      this.files.upload(name, bytes, { contentType, cacheControl: '31536000', upsert: false }),
      UNAVAILABLE,
    )
    return { url: `${this.publicPrefix}${name}` }
  }

  /**
   * Storage's signed upload (signStorageUpload). The bucket's own limits (5
   * MiB, the four image types by declared Content-Type) still apply to what
   * is sent there.
   */
  async signUpload(name: string): Promise<SignedUpload> {
    if (!STORED_NAME.test(name))
      throw new Error(`Refusing to sign an upload of ${JSON.stringify(name)}`)
    const signed = await signStorageUpload(
      { ...this.options, bucket: this.bucket, fetch: this.fetch },
      name,
      UNAVAILABLE,
    )
    return { ...signed, path: name, url: `${this.publicPrefix}${name}` }
  }

  /**
   * Recognizes the public URLs it answers, and also those built on the internal
   * project URL, which images stored before STORAGE_PUBLIC_URL was set carry.
   */
  nameFromUrl(url: string): string | null {
    const prefix = [this.publicPrefix, this.prefix(this.base)].find((p) => url.startsWith(p))
    if (!prefix) return null
    const name = url.slice(prefix.length)
    return STORED_NAME.test(name) ? name : null
  }

  async exists(url: string): Promise<boolean> {
    const name = this.nameFromUrl(url)
    if (!name) return false
    // Asked of Storage itself with the service key, not through the public URL a CDN may cache.
    return (await answered(this.files.info(name), UNAVAILABLE, { value: null })) !== null
  }

  /** A ranged read (storage-js has none); a server that sends the whole object anyway is cut off after the first bytes. */
  async readStart(url: string): Promise<Uint8Array | null> {
    const name = this.nameFromUrl(url)
    if (!name) return null
    const response = await this.fetch(`${this.base}/storage/v1/object/${this.bucket}/${name}`, {
      headers: storageHeaders(this.options.serviceKey, { Range: `bytes=0-${HEAD_BYTES - 1}` }),
    })
    if (!response.ok || !response.body) {
      await response.body?.cancel()
      // Storage answers a missing object with 400 (its body says 404) or 404.
      if (response.status === 400 || response.status === 404) return null
      if (response.ok) return new Uint8Array()
      throw new HttpError(503, UNAVAILABLE)
    }
    const reader = response.body.getReader()
    const head = new Uint8Array(HEAD_BYTES)
    let filled = 0
    while (filled < HEAD_BYTES) {
      const { done, value } = await reader.read()
      if (done) break
      const take = value.subarray(0, HEAD_BYTES - filled)
      head.set(take, filled)
      filled += take.length
    }
    await reader.cancel().catch(() => {})
    return head.subarray(0, filled)
  }

  async remove(url: string): Promise<boolean> {
    const name = this.nameFromUrl(url)
    if (!name) return false
    await answered(this.files.remove([name]), UNAVAILABLE)
    return true
  }

  async list(): Promise<StoredObject[]> {
    const listed = await listStorageBucket(
      { ...this.options, bucket: this.bucket, fetch: this.fetch },
      UNAVAILABLE,
    )
    // Names we never produce are not ours.
    return listed
      .filter((object) => STORED_NAME.test(object.name))
      .map((object) => ({ ...object, url: `${this.publicPrefix}${object.name}` }))
  }

  async read(url: string): Promise<Uint8Array | null> {
    const name = this.nameFromUrl(url)
    if (!name) return null
    const blob = await answered(this.files.download(name), UNAVAILABLE, { value: null })
    return blob ? new Uint8Array(await blob.arrayBuffer()) : null
  }
}
