// Where uploaded images live: a local folder (embedded and self-hosted stacks)
// or the Supabase Storage bucket "images" (production). The API picks the
// object name; the store only keeps bytes and answers a public URL.
import type { SignedUpload } from '../contract/responses.ts'

export interface StoredImage {
  /** Public URL the SPA stores in content (absolute, or a path on this site). */
  url: string
}

/**
 * Leave for the browser to send one object's bytes straight to the store
 * (Storage's signed upload); its schema is in contract/responses.ts.
 */
export type { SignedUpload }

export interface ImageStore {
  save(name: string, bytes: Uint8Array, contentType: string): Promise<StoredImage>
  /** A signed upload for an object the server named; a store without it takes uploads only through save(). */
  signUpload?(name: string): Promise<SignedUpload>
  /** Removes the object behind a URL this store produced; false when the URL is not ours. */
  remove(url: string): Promise<boolean>
  /** The object name behind a URL this store produced, or null. */
  nameFromUrl(url: string): string | null
  /** Whether the object behind a URL this store produced is still stored. */
  exists(url: string): Promise<boolean>
  /**
   * The first bytes (at most HEAD_BYTES) of the object behind a URL this store
   * produced, or null when nothing is stored there: enough to tell its type
   * (detect-image-type.ts) without reading the whole file.
   */
  readStart(url: string): Promise<Uint8Array | null>
  /**
   * Every object the store holds, with the URL content uses for it and its size
   * (portfolio health and backups, docs/PRODUCT.md §13-§14). A store without it
   * holds no files.
   */
  list?(): Promise<StoredObject[]>
  /** The bytes behind a URL this store produced, or null when nothing is stored there. */
  read?(url: string): Promise<Uint8Array | null>
  /**
   * Removes what an interrupted save left behind (half-written temporaries)
   * that is older than `before`; a store whose saves leave nothing has none.
   */
  removeStaleTemporaries?(before: Date): Promise<void>
}

/** What readStart() reads: every signature detectImageType() knows fits. */
export const HEAD_BYTES = 16

export interface StoredObject {
  name: string
  url: string
  /** In bytes. */
  size: number
  /**
   * When the object was written (a file's mtime, Storage's created_at): the
   * sweep leaves younger objects alone (docs/decisions/020-files-after-commit.md).
   */
  storedAt?: Date
}
