// Unpacking a zip by what it really holds (docs/PRODUCT.md §14): a zip's
// directory states each entry's unpacked size, and a forged one can state 100
// bytes for 4 GiB of zeros. So the sizes it states are never trusted: each
// entry is inflated as a stream, a few kilobytes of input at a time, its real
// output counted against a ceiling per entry and one for the whole archive,
// and refused as soon as either is passed. Between pieces the work pauses for
// a macrotask after about PAUSE_BYTES of output, or sooner once it has held
// the event loop for SLICE_MS, so other requests are still answered while a
// large archive is read.
import { Inflate, strFromU8 } from 'fflate'

export interface CappedUnzipOptions {
  /** Whether to unpack this entry; the others are skipped without being inflated. */
  keep(name: string): boolean
  /** The most this entry may unpack to, in bytes. */
  entryLimit(name: string): number
  /** The most all kept entries may unpack to together, in bytes. */
  totalLimit: number
  /** Told the size of every piece the inflater produces (tests count them). */
  onOutput?(bytes: number): void
  /** How a pause for the event loop is taken; a macrotask by default. */
  pause?(): Promise<void>
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

/** `name` → bytes for every kept entry; throws NotAZipError or UnpackedTooLargeError. */
export async function unzipCapped(
  archive: Uint8Array,
  options: CappedUnzipOptions,
): Promise<Record<string, Uint8Array>> {
  const pause = options.pause ?? macrotask
  const files: Record<string, Uint8Array> = {}
  let total = 0
  let lastPause = performance.now()
  let sincePause = 0
  for (const entry of centralDirectory(archive)) {
    if (!options.keep(entry.name) || entry.name in files) continue
    if (entry.flags & 1) throw new NotAZipError(`${entry.name} is encrypted`)
    const data = entryData(archive, entry)
    const limit = Math.min(options.entryLimit(entry.name), options.totalLimit - total)
    const tooLarge = () =>
      new UnpackedTooLargeError(
        options.entryLimit(entry.name) <= options.totalLimit - total ? entry.name : null,
      )
    const chunks: Uint8Array[] = []
    let size = 0
    if (entry.method === 0) {
      if (data.length > limit) throw tooLarge()
      options.onOutput?.(data.length)
      chunks.push(data)
      size = data.length
    } else if (entry.method === 8) {
      const inflater = new Inflate((chunk) => {
        options.onOutput?.(chunk.length)
        size += chunk.length
        sincePause += chunk.length
        // Past the limit nothing more is kept; the loop below stops at once.
        if (size <= limit) chunks.push(chunk)
      })
      let at = 0
      do {
        const step = Math.max(MIN_STEP, Math.min(MAX_STEP, Math.floor((limit - size) / MAX_RATIO)))
        const end = Math.min(data.length, at + step)
        try {
          inflater.push(data.subarray(at, end), end === data.length)
        } catch {
          throw new NotAZipError(`${entry.name} is damaged`)
        }
        at = end
        if (size > limit) throw tooLarge()
        if (sincePause >= PAUSE_BYTES || performance.now() - lastPause >= SLICE_MS) {
          await pause()
          lastPause = performance.now()
          sincePause = 0
        }
      } while (at < data.length)
    } else {
      throw new NotAZipError(`${entry.name} uses an unknown compression (${entry.method})`)
    }
    total += size
    files[entry.name] = chunks.length === 1 ? chunks[0]! : concat(chunks, size)
  }
  return files
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

/** The entries the archive's central directory lists (zip64 included), in order. */
function centralDirectory(b: Uint8Array): Entry[] {
  // The end record is the last 22 bytes, unless a comment (up to 64 kB) follows it.
  let end = -1
  for (let at = b.length - 22; at >= Math.max(0, b.length - 22 - 0xffff); at--)
    if (u32(b, at) === 0x06054b50) {
      end = at
      break
    }
  if (end < 0) throw new NotAZipError('no zip directory')
  let count = u16(b, end + 10)
  let offset = u32(b, end + 16)
  if ((count === 0xffff || offset === 0xffffffff) && end >= 20 && u32(b, end - 20) === 0x07064b50) {
    const record = u64(b, end - 12)
    if (record + 56 > b.length || u32(b, record) !== 0x06064b50)
      throw new NotAZipError('bad zip64 directory')
    count = u64(b, record + 32)
    offset = u64(b, record + 48)
  }
  const entries: Entry[] = []
  for (let i = 0, at = offset; i < count; i++) {
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

/** The entry's compressed bytes, after its local header. */
function entryData(b: Uint8Array, entry: Entry): Uint8Array {
  const at = entry.localOffset
  if (at + 30 > b.length || u32(b, at) !== 0x04034b50)
    throw new NotAZipError(`${entry.name} is missing`)
  const start = at + 30 + u16(b, at + 26) + u16(b, at + 28)
  const end = start + entry.compressedSize
  if (end > b.length) throw new NotAZipError(`${entry.name} is cut short`)
  return b.subarray(start, end)
}
