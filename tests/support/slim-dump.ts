/**
 * The migrated test dump without what a test database never reads. PGlite's
 * dump (an uncompressed tar of the data folder) is 43 MB, and every test
 * database copies it twice into memory when it starts (about 0.35 s of CPU
 * each, some 200 times a run):
 *
 * - `base/1` and `base/4` are template1 and template0 (15 MB). A test database
 *   never creates a database, the only thing that reads them; the app's own
 *   database (`base/5`) and the shared catalogs (`global`) stay.
 * - The write-ahead log's segment is 16 MB, of which the migrations used about
 *   10 MB; the rest is zeros. The file is cut after its last written page.
 *   PostgreSQL reads the log up to the last valid record and writes on from
 *   there, so a shorter file grows as it is written (tests/support/slim-dump.test.ts
 *   writes 12 MB past the cut and reads it back after a restart).
 */
const BLOCK = 512
const WAL_PAGE = 8192

const decoder = new TextDecoder()
const field = (header: Uint8Array, start: number, length: number) =>
  decoder.decode(header.subarray(start, start + length)).replace(/\0.*$/s, '')

export interface TarEntry {
  /** The path in the archive, without a leading slash. */
  name: string
  header: Uint8Array
  data: Uint8Array
  /** Where the entry's header starts and where the next one does. */
  start: number
  end: number
}

/** The entries of an uncompressed tar, up to its two empty blocks. */
export function* tarEntries(dump: Uint8Array): Generator<TarEntry> {
  let start = 0
  while (start + BLOCK <= dump.length) {
    const header = dump.subarray(start, start + BLOCK)
    if (header.every((byte) => byte === 0)) return
    const prefix = field(header, 345, 155)
    const name = `${prefix ? `${prefix}/` : ''}${field(header, 0, 100)}`.replace(/^\/+/, '')
    const size = parseInt(field(header, 124, 12).trim() || '0', 8)
    const data = dump.subarray(start + BLOCK, start + BLOCK + size)
    const end = start + BLOCK + Math.ceil(size / BLOCK) * BLOCK
    yield { name, header, data, start, end }
    start = end
  }
}

/** A ustar header with another size (octal) and its checksum computed again. */
function resized(header: Uint8Array, size: number): Uint8Array {
  const copy = header.slice()
  const text = new TextEncoder()
  copy.set(text.encode(`${size.toString(8).padStart(11, '0')}\0`), 124)
  copy.fill(0x20, 148, 156)
  const sum = copy.reduce((total, byte) => total + byte, 0)
  copy.set(text.encode(`${sum.toString(8).padStart(6, '0')}\0 `), 148)
  return copy
}

export function slimDump(dump: Uint8Array): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = []
  for (const { name, header, data, start, end } of tarEntries(dump)) {
    if (/^base\/(1|4)(\/|$)/.test(name)) continue // a template database: left out
    if (/^pg_wal\/[0-9A-F]{24}$/.test(name)) {
      let used = data.length
      while (used > 0 && data[used - 1] === 0) used--
      const keep = Math.min(data.length, Math.ceil(used / WAL_PAGE) * WAL_PAGE)
      parts.push(resized(header, keep), data.subarray(0, keep))
      parts.push(new Uint8Array(Math.ceil(keep / BLOCK) * BLOCK - keep))
    } else parts.push(dump.subarray(start, end))
  }
  // The tar's end: two empty blocks.
  parts.push(new Uint8Array(2 * BLOCK))
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}
