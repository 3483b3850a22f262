// Archives on their way to a restore (docs/decisions/029-archives-through-storage.md):
// the browser sends the zip straight to a private bucket, "backups", with a
// link POST /backup/sign asked for, and POST /backup/restore reads it from
// there by ranges, then removes it. On Supabase that is Storage
// (SupabaseArchiveStore, with the secret key); locally a folder the server
// receives signed uploads into (local-archive-store.ts). Signing, listing and
// removing go through @supabase/storage-js; the ranged reads, which it lacks,
// are plain requests.
import type { KeptBackup, SignedArchiveUpload } from '../contract/responses.ts'
import { HttpError } from '../http/errors.ts'
import {
  answered,
  listStorageBucket,
  signStorageUpload,
  storageClient,
  storageHeaders,
  type SupabaseStorageOptions,
} from '../images/supabase-storage-store.ts'
import { ARCHIVE_NAME, isArchiveName, KEPT_ARCHIVE_NAME } from '../contract/schemas.ts'
import type { ZipSource } from './unzip-capped.ts'

export const ARCHIVE_BUCKET = 'backups'

/** Where and how the browser sends an archive (POST /backup/sign); its schema is in contract/responses.ts. */
export type { SignedArchiveUpload }

export interface ArchiveStore {
  /** A signed upload for the archive `name` (ARCHIVE_NAME), which the server chose. */
  signUpload(name: string): Promise<SignedArchiveUpload>
  /** The archive stored under `name`, to read by ranges; null when none is. */
  open(name: string): Promise<ZipSource | null>
  /** Removes it; nothing to do when it is gone already. */
  remove(name: string): Promise<void>
  /**
   * Removes every archive stored before `before`, which no restore named
   * (the sweep, images/sweep.ts), and what an interrupted upload left behind;
   * answers how many archives it removed.
   */
  removeStoredBefore(before: Date): Promise<number>
  /** Stores a backup the server made under `name` (KEPT_ARCHIVE_NAME), whole or not at all. */
  keep(name: string, bytes: Uint8Array): Promise<void>
  /** The kept backups, newest first. */
  listKept(): Promise<KeptBackup[]>
}

const checkedName = (name: string) => {
  if (!isArchiveName(name)) throw new Error(`Not an archive's name: ${JSON.stringify(name)}`)
  return name
}

/** A new kept backup's name: `kept-20261207T101500Z-1a2b3c4d.zip`. */
export function keptArchiveName(now = new Date()): string {
  const time = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  return `kept-${time}-${crypto.randomUUID().slice(0, 8)}.zip`
}

/** When the kept backup `name` was written, from its name (ISO 8601). */
export function keptAt(name: string): string {
  const [, d, t] = /^kept-(\d{8})T(\d{6})Z/.exec(name) ?? []
  if (!d || !t) return new Date(0).toISOString()
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4)}.000Z`
}

/** Listed objects as kept backups, newest first; anything else in the folder is left out. */
export const keptBackups = (objects: { name: string; size: number }[]): KeptBackup[] =>
  objects
    .filter((object) => KEPT_ARCHIVE_NAME.test(object.name))
    .map((object) => ({ path: object.name, createdAt: keptAt(object.name), size: object.size }))
    .sort((a, b) => (a.path < b.path ? 1 : a.path > b.path ? -1 : 0))

const UNAVAILABLE = 'Backup storage is unavailable'
const unavailable = () => new HttpError(503, UNAVAILABLE)

/** The archives in Storage's bucket "backups", which is private: only the secret key reads it. */
export class SupabaseArchiveStore implements ArchiveStore {
  private readonly base: string
  private readonly fetch: typeof fetch

  constructor(private readonly options: Omit<SupabaseStorageOptions, 'bucket'>) {
    this.base = options.url.replace(/\/+$/, '')
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init))
  }

  private objectUrl(name: string): string {
    return `${this.base}/storage/v1/object/${ARCHIVE_BUCKET}/${checkedName(name)}`
  }

  /** The bytes [start, end) of the object, as Storage answers a Range (206). */
  private async ranged(name: string, start: number, end: number): Promise<Response> {
    const response = await this.fetch(this.objectUrl(name), {
      headers: storageHeaders(this.options.serviceKey, { Range: `bytes=${start}-${end - 1}` }),
    })
    if (response.status !== 206 || !response.body) {
      await response.body?.cancel()
      throw unavailable()
    }
    return response
  }

  async signUpload(name: string): Promise<SignedArchiveUpload> {
    const signed = await signStorageUpload(
      { ...this.options, bucket: ARCHIVE_BUCKET, fetch: this.fetch },
      checkedName(name),
      UNAVAILABLE,
    )
    return { ...signed, path: name }
  }

  async open(name: string): Promise<ZipSource | null> {
    // One byte, for the size in Content-Range: "bytes 0-0/<size>".
    const probe = await this.fetch(this.objectUrl(name), {
      headers: storageHeaders(this.options.serviceKey, { Range: 'bytes=0-0' }),
    })
    await probe.body?.cancel()
    // Storage answers a missing object with 400 (its body says 404) or 404.
    if (probe.status === 400 || probe.status === 404) return null
    // An empty object has no byte to give.
    const size =
      probe.status === 416
        ? 0
        : Number(/\/(\d+)$/.exec(probe.headers.get('content-range') ?? '')?.[1])
    if ((probe.status !== 206 && probe.status !== 416) || !Number.isSafeInteger(size))
      throw unavailable()
    return {
      size,
      read: async (start, end) =>
        start >= end
          ? new Uint8Array()
          : new Uint8Array(await (await this.ranged(name, start, end)).arrayBuffer()),
      stream: (start, end) => this.pieces(name, start, end),
    }
  }

  private async *pieces(name: string, start: number, end: number): AsyncGenerator<Uint8Array> {
    if (start >= end) return
    const reader = (await this.ranged(name, start, end)).body!.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        yield value
      }
    } finally {
      // Stopped early (a refused entry): the rest of the range is not wanted.
      await reader.cancel().catch(() => {})
    }
  }

  async remove(name: string): Promise<void> {
    await this.removeAll([checkedName(name)])
  }

  async removeStoredBefore(before: Date): Promise<number> {
    const listed = await listStorageBucket(
      { ...this.options, bucket: ARCHIVE_BUCKET, fetch: this.fetch },
      UNAVAILABLE,
    )
    // An object whose age Storage does not give counts as new; a name the
    // server never chose is not an archive of ours.
    const old = listed
      .filter(
        (object) => ARCHIVE_NAME.test(object.name) && object.storedAt && object.storedAt < before,
      )
      .map((object) => object.name)
    // Storage removes up to 1,000 names a request: one request for any likely count.
    for (let at = 0; at < old.length; at += 1000) await this.removeAll(old.slice(at, at + 1000))
    return old.length
  }

  async keep(name: string, bytes: Uint8Array): Promise<void> {
    if (!KEPT_ARCHIVE_NAME.test(name)) throw new Error(`Not a kept backup's name: ${name}`)
    const files = storageClient({ ...this.options, fetch: this.fetch }).from(ARCHIVE_BUCKET)
    await answered(
      files.upload(name, bytes, { contentType: 'application/zip', upsert: false }),
      UNAVAILABLE,
    )
  }

  async listKept(): Promise<KeptBackup[]> {
    return keptBackups(
      await listStorageBucket(
        { ...this.options, bucket: ARCHIVE_BUCKET, fetch: this.fetch },
        UNAVAILABLE,
      ),
    )
  }

  private async removeAll(names: string[]): Promise<void> {
    const files = storageClient({ ...this.options, fetch: this.fetch }).from(ARCHIVE_BUCKET)
    await answered(files.remove(names), UNAVAILABLE)
  }
}
