// Zip archives written byte by byte, whose directory states whatever unpacked
// size a test chooses: the disguise of a zip bomb, for the tests of reading
// backups by what they really hold (supabase/functions/_shared/toolkit/unzip-capped.ts).
import { deflateRawSync } from 'node:zlib'

export interface CraftedEntry {
  name: string
  /** Raw deflate data (method 8). */
  deflated: Uint8Array
  /** The unpacked size the local header and the central directory claim. */
  statedSize: number
}

/**
 * Raw deflate data for about `bytes` zeros, 1,032 times smaller: one block
 * whose own Huffman codes give a 258-byte copy of the previous byte one bit
 * each for its length and its distance, so everything after the first zero is
 * zero bytes of input. No stored block breaks it up, as in the bomb this
 * guards against (4 GiB of zeros in 4.2 MB).
 */
export function deflatedZeros(bytes: number): Uint8Array {
  const copies = Math.ceil((bytes - 1) / 258)
  const out = new Uint8Array(Math.ceil((200 + 2 * copies) / 8) + 8)
  let bit = 0
  /** A number, least significant bit first (header fields, extra bits). */
  const number = (value: number, width: number) => {
    for (let i = 0; i < width; i++, bit++) out[bit >> 3]! |= ((value >> i) & 1) << (bit & 7)
  }
  /** A Huffman code, most significant bit first. */
  const code = (value: number, width: number) => {
    for (let i = width - 1; i >= 0; i--, bit++) out[bit >> 3]! |= ((value >> i) & 1) << (bit & 7)
  }
  number(1, 1) // the final block
  number(2, 2) // with codes of its own
  number(286 - 257, 5) // literal/length codes up to 285 (length 258)
  number(0, 5) // one distance code (distance 1)
  number(18 - 4, 4) // lengths given for 18 code-length codes
  // Code lengths for the code-length alphabet, in the format's order:
  // 16 17 18 0 8 7 9 6 10 5 11 4 12 3 13 2 14 1. Symbol 18 (a run of zeros)
  // gets code 0, symbol 1 code 10, symbol 2 code 11.
  for (const length of [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2]) number(length, 3)
  const zeros = (run: number) => (code(0, 1), number(run - 11, 7))
  code(0b11, 2) // literal 0: length 2
  zeros(138) // literals 1-255: unused
  zeros(117)
  code(0b11, 2) // end of block: length 2
  zeros(28) // lengths 257-284: unused
  code(0b10, 2) // length 258: length 1
  code(0b10, 2) // distance 1: length 1
  // So length 258 is code 0, literal 0 code 10, the end 11, distance 1 code 0.
  code(0b10, 2) // one zero
  bit += 2 * copies // each copy: 0 then 0
  code(0b11, 2) // the end
  return out.subarray(0, Math.ceil(bit / 8))
}

/** Raw deflate data for `bytes` as they are (a small, honest entry). */
export const deflated = (bytes: Uint8Array) => new Uint8Array(deflateRawSync(bytes))

/** A zip of `entries`, each with its stated size in both the local header and the directory. */
export function craftedZip(entries: CraftedEntry[]): Uint8Array {
  const encoder = new TextEncoder()
  const locals: Uint8Array[] = []
  const directory: Uint8Array[] = []
  let offset = 0
  for (const entry of entries) {
    const name = encoder.encode(entry.name)
    const local = new Uint8Array(30 + name.length)
    const l = new DataView(local.buffer)
    l.setUint32(0, 0x04034b50, true)
    l.setUint16(4, 20, true) // version needed
    l.setUint16(8, 8, true) // deflate
    l.setUint32(18, entry.deflated.length, true)
    l.setUint32(22, entry.statedSize, true)
    l.setUint16(26, name.length, true)
    local.set(name, 30)
    const central = new Uint8Array(46 + name.length)
    const c = new DataView(central.buffer)
    c.setUint32(0, 0x02014b50, true)
    c.setUint16(4, 20, true) // version made by
    c.setUint16(6, 20, true) // version needed
    c.setUint16(10, 8, true)
    c.setUint32(20, entry.deflated.length, true)
    c.setUint32(24, entry.statedSize, true)
    c.setUint16(28, name.length, true)
    c.setUint32(42, offset, true)
    central.set(name, 46)
    locals.push(local, entry.deflated)
    directory.push(central)
    offset += local.length + entry.deflated.length
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0)
  const end = new Uint8Array(22)
  const e = new DataView(end.buffer)
  e.setUint32(0, 0x06054b50, true)
  e.setUint16(8, entries.length, true)
  e.setUint16(10, entries.length, true)
  e.setUint32(12, directorySize, true)
  e.setUint32(16, offset, true)
  const parts = [...locals, ...directory, end]
  const out = new Uint8Array(offset + directorySize + end.length)
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}
