// Unpacking a zip by what it really holds (docs/PRODUCT.md §14): a zip's
// directory states each entry's unpacked size, and a forged one can state 100
// bytes for 4 GiB of zeros. So the sizes it states are never trusted: each
// entry is inflated as a stream, a few kilobytes of input at a time, its real
// output counted against a ceiling per entry and one for the whole archive,
// and refused as soon as either is passed. Between pieces the work pauses for
// a macrotask after about PAUSE_BYTES of output, or sooner once it has held
// the event loop for SLICE_MS, so other requests are still answered while a
// large archive is read.
//
// The zip is read from a ZipSource: bytes in memory, or an object in storage
// read by ranges (toolkit/archive-store.ts), so that only the directory and
// the entry being inflated are held, never the whole archive.
import { Inflate, strFromU8 } from 'fflate'

export interface CappedUnzipOptions {
  /** The most this entry may unpack to, in bytes. */
  entryLimit(name: string): number
  /** The most all kept entries may unpack to together, in bytes. */
  totalLimit: number
  /** Told the size of every piece the inflater produces (tests count them). */
  onOutput?(bytes: number): void
  /** How a pause for the event loop is taken; a macrotask by default. */
  pause?(): Promise<void>
}

/** Where a zip's bytes come from. */
export interface ZipSource {
  /** The archive's size in bytes. */
  readonly size: number
  /** Bytes [start, end) at once: the directory, a local header. */
  read(start: number, end: number): Promise<Uint8Array>
  /** Bytes [start, end) in pieces as they arrive: an entry's data. */
  stream(start: number, end: number): AsyncIterable<Uint8Array>
}

/** A zip held in memory. */
export function bytesSource(bytes: Uint8Array): ZipSource {
  return {
    size: bytes.length,
    read: (start, end) => Promise.resolve(bytes.subarray(start, end)),
    async *stream(start, end) {
      yield bytes.subarray(start, end)
    },
  }
}

/** The archive is not a zip this reader can open, or an entry is damaged. */
export class NotAZipError extends Error {}

/** Unpacking went past a ceiling: one entry's (`entry` names it) or the archive's (`entry` null). */
export class UnpackedTooLargeError extends Error {
  constructor(readonly entry: string | null) {
    super(entry ? `${entry} unpacks past its limit` : 'the archive unpacks past its limit')
  }
}

/** The longest the reader holds the event loop between pauses. */
export const SLICE_MS = 10
/**
 * Deflate turns one input byte into at most 1,032 output bytes (a 258-byte
 * match in two bits), so a step of at most MAX_STEP input bytes produces at
 * most PAUSE_BYTES: a few milliseconds of work. Near a ceiling the steps get
 * smaller, so the step that passes it overshoots little.
 */
const MAX_RATIO = 1032
/** Output between two pauses, give or take one step, whatever the clock says. */
export const PAUSE_BYTES = 4 * 1024 * 1024
const MAX_STEP = Math.floor(PAUSE_BYTES / MAX_RATIO)
const MIN_STEP = 256

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

interface Entry {
  name: string
  method: number
  flags: number
  compressedSize: number
  localOffset: number
}

/**
 * An opened zip: its directory read, its entries unpacked one at a time on
 * request, each counted against its own ceiling and all of them together
 * against the archive's.
 */
export class CappedZip {
  private total = 0
  private lastPause = performance.now()
  private sincePause = 0

  private constructor(
    private readonly source: ZipSource,
    /** The first entry of each name, in the directory's order. */
    private readonly entries: Map<string, Entry>,
    private readonly options: CappedUnzipOptions,
  ) {}

  /** Reads the directory only; throws NotAZipError. */
  static async open(source: ZipSource, options: CappedUnzipOptions): Promise<CappedZip> {
    const entries = new Map<string, Entry>()
    for (const entry of await centralDirectory(source))
      if (!entries.has(entry.name)) entries.set(entry.name, entry)
    return new CappedZip(source, entries, options)
  }

  has(name: string): boolean {
    return this.entries.has(name)
  }

  /** The entry's bytes; throws NotAZipError or UnpackedTooLargeError. */
  async unpack(name: string): Promise<Uint8Array> {
    const entry = this.entries.get(name)
    if (!entry) throw new NotAZipError(`${name} is missing`)
    if (entry.flags & 1) throw new NotAZipError(`${entry.name} is encrypted`)
    const { entryLimit, totalLimit } = this.options
    const limit = Math.min(entryLimit(name), totalLimit - this.total)
    const tooLarge = () =>
      new UnpackedTooLargeError(entryLimit(name) <= totalLimit - this.total ? name : null)
    const data = await this.dataRange(entry)
    let bytes: Uint8Array
    if (entry.method === 0) {
      if (entry.compressedSize > limit) throw tooLarge()
      bytes = await this.copy(data, entry)
    } else if (entry.method === 8) {
      bytes = await this.inflate(data, entry, limit, tooLarge)
    } else {
      throw new NotAZipError(`${entry.name} uses an unknown compression (${entry.method})`)
    }
    this.total += bytes.length
    return bytes
  }

  /** Where the entry's compressed bytes are, after its local header. */
  private async dataRange(entry: Entry): Promise<{ start: number; end: number }> {
    const at = entry.localOffset
    const header = at + 30 <= this.source.size ? await this.source.read(at, at + 30) : null
    if (!header || header.length < 30 || u32(header, 0) !== 0x04034b50)
      throw new NotAZipError(`${entry.name} is missing`)
    const start = at + 30 + u16(header, 26) + u16(header, 28)
    const end = start + entry.compressedSize
    if (end > this.source.size) throw new NotAZipError(`${entry.name} is cut short`)
    return { start, end }
  }

  /** Each piece of the entry's data as it arrives; throws unless exactly its bytes come. */
  private async *pieces(data: { start: number; end: number }, entry: Entry) {
    const expected = data.end - data.start
    let received = 0
    for await (const piece of this.source.stream(data.start, data.end)) {
      received += piece.length
      if (received > expected) throw new NotAZipError(`${entry.name} is damaged`)
      yield piece
    }
    if (received < expected) throw new NotAZipError(`${entry.name} is cut short`)
  }

  /** A stored entry, whose size was checked against its ceiling before a byte was read. */
  private async copy(data: { start: number; end: number }, entry: Entry): Promise<Uint8Array> {
    const out = new Uint8Array(entry.compressedSize)
    let at = 0
    for await (const piece of this.pieces(data, entry)) {
      this.options.onOutput?.(piece.length)
      out.set(piece, at)
      at += piece.length
    }
    return out
  }

  private async inflate(
    data: { start: number; end: number },
    entry: Entry,
    limit: number,
    tooLarge: () => UnpackedTooLargeError,
  ): Promise<Uint8Array> {
    const chunks: Uint8Array[] = []
    let size = 0
    const inflater = new Inflate((chunk) => {
      this.options.onOutput?.(chunk.length)
      size += chunk.length
      this.sincePause += chunk.length
      // Past the limit nothing more is kept; the loop below stops at once.
      if (size <= limit) chunks.push(chunk)
    })
    const push = (bytes: Uint8Array, final: boolean) => {
      try {
        inflater.push(bytes, final)
      } catch {
        throw new NotAZipError(`${entry.name} is damaged`)
      }
    }
    let consumed = 0
    if (entry.compressedSize === 0) push(new Uint8Array(0), true)
    for await (const piece of this.pieces(data, entry)) {
      let at = 0
      while (at < piece.length) {
        const step = Math.max(MIN_STEP, Math.min(MAX_STEP, Math.floor((limit - size) / MAX_RATIO)))
        const end = Math.min(piece.length, at + step)
        consumed += end - at
        push(piece.subarray(at, end), consumed === entry.compressedSize)
        at = end
        if (size > limit) throw tooLarge()
        if (this.sincePause >= PAUSE_BYTES || performance.now() - this.lastPause >= SLICE_MS) {
          await (this.options.pause ?? macrotask)()
          this.lastPause = performance.now()
          this.sincePause = 0
        }
      }
    }
    return chunks.length === 1 ? chunks[0]! : concat(chunks, size)
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.length
  }
  return out
}

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8)
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0
const u64 = (b: Uint8Array, at: number) => u32(b, at) + u32(b, at + 4) * 2 ** 32

/** The end record is the last 22 bytes, unless a comment (up to 64 kB) follows it; zip64's locator precedes it. */
const TAIL_BYTES = 22 + 0xffff + 20

/** The entries the archive's central directory lists (zip64 included), in order. */
async function centralDirectory(source: ZipSource): Promise<Entry[]> {
  const tailStart = Math.max(0, source.size - TAIL_BYTES)
  const tail = await source.read(tailStart, source.size)
  let end = -1
  for (let at = tail.length - 22; at >= Math.max(0, tail.length - 22 - 0xffff); at--)
    if (u32(tail, at) === 0x06054b50) {
      end = at
      break
    }
  if (end < 0) throw new NotAZipError('no zip directory')
  let count = u16(tail, end + 10)
  let length = u32(tail, end + 12)
  let offset = u32(tail, end + 16)
  if (
    (count === 0xffff || offset === 0xffffffff) &&
    end >= 20 &&
    u32(tail, end - 20) === 0x07064b50
  ) {
    const at = u64(tail, end - 12)
    const record = at + 56 <= source.size ? await source.read(at, at + 56) : new Uint8Array()
    if (record.length < 56 || u32(record, 0) !== 0x06064b50)
      throw new NotAZipError('bad zip64 directory')
    count = u64(record, 32)
    length = u64(record, 40)
    offset = u64(record, 48)
  }
  if (offset + length > source.size) throw new NotAZipError('bad directory')
  // Only the directory is read, as the end record states its place and length.
  const b = await source.read(offset, offset + length)
  const entries: Entry[] = []
  for (let i = 0, at = 0; i < count; i++) {
    if (at + 46 > b.length || u32(b, at) !== 0x02014b50) throw new NotAZipError('bad directory')
    const flags = u16(b, at + 8)
    const nameLength = u16(b, at + 28)
    const extraLength = u16(b, at + 30)
    const next = at + 46 + nameLength + extraLength + u16(b, at + 32)
    if (next > b.length) throw new NotAZipError('bad directory')
    const entry: Entry = {
      name: strFromU8(b.subarray(at + 46, at + 46 + nameLength), !(flags & 0x800)),
      method: u16(b, at + 10),
      flags,
      compressedSize: u32(b, at + 20),
      localOffset: u32(b, at + 42),
    }
    readZip64Extra(b, at + 46 + nameLength, extraLength, entry, u32(b, at + 24))
    entries.push(entry)
    at = next
  }
  return entries
}

/** Sizes and offsets too large for 32 bits live in the zip64 extra field, in this order. */
function readZip64Extra(b: Uint8Array, at: number, length: number, entry: Entry, size: number) {
  for (let field = at; field + 4 <= at + length; field += 4 + u16(b, field + 2)) {
    if (u16(b, field) !== 0x0001) continue
    let value = field + 4
    if (size === 0xffffffff) value += 8 // the stated unpacked size, never used
    if (entry.compressedSize === 0xffffffff) {
      entry.compressedSize = u64(b, value)
      value += 8
    }
    if (entry.localOffset === 0xffffffff) entry.localOffset = u64(b, value)
    return
  }
}
