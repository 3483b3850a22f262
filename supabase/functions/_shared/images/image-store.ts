// Where uploaded images live: a local folder (embedded and self-hosted stacks)
// or the Supabase Storage bucket "images" (production). The API picks the
// object name; the store only keeps bytes and answers a public URL.

export interface StoredImage {
  /** Public URL the SPA stores in content (absolute, or a path on this site). */
  url: string
}

export interface ImageStore {
  save(name: string, bytes: Uint8Array, contentType: string): Promise<StoredImage>
  /** Removes the object behind a URL this store produced; false when the URL is not ours. */
  remove(url: string): Promise<boolean>
  /** The object name behind a URL this store produced, or null. */
  nameFromUrl(url: string): string | null
  /** Whether the object behind a URL this store produced is still stored. */
  exists(url: string): Promise<boolean>
}
