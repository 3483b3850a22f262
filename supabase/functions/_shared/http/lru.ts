// A least-recently-used map bounded in entries and in bytes: the memory of the
// kept public answers (http-cache.ts) and pages (server/ssr.ts). Clearing a
// full set whole let a stream of junk URLs evict the home page with the rest;
// here a hit moves its entry to the young end and only the oldest entries go
// (docs/decisions/038-bounded-expensive-work.md). A Map keeps insertion order,
// so re-inserting on a hit is the whole bookkeeping.

export interface LruLimits {
  /** Entries kept at most. */
  entries: number
  /** Bytes kept at most, as the caller counts them; one entry larger than this is never kept. */
  bytes: number
}

export class LruMap<V> {
  private readonly map = new Map<string, { value: V; bytes: number }>()
  private total = 0

  constructor(private readonly limits: LruLimits) {}

  get size(): number {
    return this.map.size
  }

  /** The bytes counted for what is kept now. */
  get bytes(): number {
    return this.total
  }

  has(key: string): boolean {
    return this.map.has(key)
  }

  /** The value, made the most recently used. */
  get(key: string): V | undefined {
    const entry = this.map.get(key)
    if (!entry) return undefined
    this.map.delete(key)
    this.map.set(key, entry)
    return entry.value
  }

  /** The value, without changing its place (a fallback that should not keep an entry alive). */
  peek(key: string): V | undefined {
    return this.map.get(key)?.value
  }

  set(key: string, value: V, bytes: number): void {
    this.delete(key)
    if (bytes > this.limits.bytes) return
    this.map.set(key, { value, bytes })
    this.total += bytes
    for (const [oldest, entry] of this.map) {
      if (this.map.size <= this.limits.entries && this.total <= this.limits.bytes) break
      this.map.delete(oldest)
      this.total -= entry.bytes
    }
  }

  /** Adds bytes to a kept entry (its compressed forms, made later), evicting older ones if needed. */
  grow(key: string, bytes: number): void {
    const entry = this.map.get(key)
    if (!entry) return
    entry.bytes += bytes
    this.total += bytes
    for (const [oldest, other] of this.map) {
      if (this.total <= this.limits.bytes) break
      this.map.delete(oldest)
      this.total -= other.bytes
    }
  }

  delete(key: string): void {
    const entry = this.map.get(key)
    if (!entry) return
    this.map.delete(key)
    this.total -= entry.bytes
  }

  clear(): void {
    this.map.clear()
    this.total = 0
  }
}
