// The CV's typefaces (docs/decisions/032-cv-font.md): Inter 4.001, the site's
// own (OFL-1.1, ./fonts/OFL.txt), writes Latin with its extensions, Greek,
// Cyrillic and Vietnamese; Noto Sans Arabic (OFL-1.1,
// ./fonts/OFL-NotoSansArabic.txt) writes Arabic, Persian and Urdu, shaped
// (cv-shaping.ts, docs/decisions/051-cv-right-to-left.md). The TrueType files in ./fonts reach the code as
// ./cv-font-data.ts, a module generated from them (scripts/cv-font-module.ts)
// that every deploy bundles like any other import; nothing reads a file, under
// Node or in the edge function.
import fontkit from '@pdf-lib/fontkit'

export interface CvFonts {
  regular: Uint8Array
  bold: Uint8Array
  arabicRegular: Uint8Array
  arabicBold: Uint8Array
}

/** The font files' bytes as base64, as cv-font-data.ts exports them. */
export type CvFontSource = () => Promise<{
  interRegular: string
  interBold: string
  arabicRegular: string
  arabicBold: string
}>

/**
 * Imported with the first CV, not with the app: its 920 kB of text would
 * otherwise lengthen every edge worker's start.
 */
const bundled: CvFontSource = () => import('./cv-font-data.ts')

/** One decoding per source: a test's failing source never meets the bundle's. */
const decoded = new Map<CvFontSource, Promise<CvFonts>>()

/**
 * The fonts, decoded on first use and kept for the life of the process (or
 * the edge worker); a load that failed is tried again next time.
 */
export function loadCvFonts(source: CvFontSource = bundled): Promise<CvFonts> {
  let fonts = decoded.get(source)
  if (!fonts) {
    fonts = source()
      .then((data) => ({
        regular: evenGlyphs(fromBase64(data.interRegular)),
        bold: evenGlyphs(fromBase64(data.interBold)),
        arabicRegular: evenGlyphs(fromBase64(data.arabicRegular)),
        arabicBold: evenGlyphs(fromBase64(data.arabicBold)),
      }))
      .catch((error: unknown) => {
        decoded.delete(source)
        throw error
      })
    decoded.set(source, fonts)
  }
  return fonts
}

/** atob is in Node, Deno 2.1 and later alike (Uint8Array.fromBase64 is not yet). */
function fromBase64(text: string): Uint8Array {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/**
 * A glyph Inter draws for two characters reads back as the one that reached it
 * first: fontkit keeps each glyph's first characters, and pdf-lib's ToUnicode
 * map writes them. These go first, whatever the CV holds: Greek ι, Δ and Ω
 * over Latin ɩ and the increment and ohm signs, and the typographic ’ and ”
 * over the modifier letters ʼ and ˮ.
 */
const PREFERRED = [0x3b9, 0x394, 0x3a9, 0x2019, 0x201d]

export type FontkitFont = ReturnType<typeof fontkit.create>
type Layout = FontkitFont['layout']
type Glyph = FontkitFont['glyphsForString'] extends (text: string) => (infer G)[] ? G : never

/**
 * Glyphs shaped ahead (cv-shaping.ts), by the token pdf-lib is then asked to
 * encode: pdf-lib takes text, never glyphs, and its encoder lays the text out
 * through `layout` below.
 */
export const shapedGlyphs = new Map<string, Glyph[]>()
const openType = new WeakMap<FontkitFont, Layout>()

/** fontkit's own OpenType layout of `font` (what `layout` was before cvFontkit replaced it). */
export const openTypeLayout = (font: FontkitFont): Layout => openType.get(font)!

/**
 * pdf-lib's font engine, parsing each font once (pdf-lib asks for a parsed
 * font on every embedFont) and laying text out one glyph per character from
 * the font's cmap. fontkit's full OpenType shaping took about 2 ms a line with
 * Inter's feature tables, a second or more for a CV, for what these scripts do
 * not need: a composed letter is one glyph (the text is NFC), and pdf-lib
 * draws no kerning anyway. Arabic, which does need it, is shaped apart
 * (cv-shaping.ts) and handed over through `shapedGlyphs`.
 */
const parsed = new WeakMap<Uint8Array, FontkitFont>()
export const cvFontkit = {
  create(bytes: Uint8Array, postscriptName?: string) {
    let font = parsed.get(bytes)
    if (!font) {
      const parsedFont = fontkit.create(bytes, postscriptName)
      for (const code of PREFERRED) parsedFont.glyphForCodePoint(code)
      openType.set(parsedFont, parsedFont.layout.bind(parsedFont))
      parsedFont.layout = (text: string) =>
        ({
          glyphs: shapedGlyphs.get(text) ?? parsedFont.glyphsForString(text),
        }) as ReturnType<Layout>
      parsed.set(bytes, (font = parsedFont))
    }
    return font
  },
}

/**
 * The font with each glyph record of its glyf table padded to an even length.
 * @pdf-lib/fontkit 1.1.1 writes a small subset's loca table in the short
 * format (offsets halved) without padding the records it copies, so after one
 * record of odd length every later glyph starts a byte off and viewers draw it
 * blank or broken; Inter's records are not padded. (Fixed in fontkit 1.8,
 * foliojs/fontkit#191, never in pdf-lib's fork.) Only fontkit reads this copy:
 * the table checksums are left as they were.
 */
export function evenGlyphs(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength)
  const tables = new Map<string, { entry: number; offset: number; length: number }>()
  for (let i = 0, n = view.getUint16(4); i < n; i++) {
    const entry = 12 + 16 * i
    const tag = String.fromCharCode(...font.subarray(entry, entry + 4))
    tables.set(tag, {
      entry,
      offset: view.getUint32(entry + 8),
      length: view.getUint32(entry + 12),
    })
  }
  const head = tables.get('head')
  const loca = tables.get('loca')
  const glyf = tables.get('glyf')
  const maxp = tables.get('maxp')
  if (!head || !loca || !glyf || !maxp) return font // not TrueType outlines
  const glyphs = view.getUint16(maxp.offset + 4)
  const long = view.getInt16(head.offset + 50) === 1
  const at = (i: number) =>
    long ? view.getUint32(loca.offset + 4 * i) : 2 * view.getUint16(loca.offset + 2 * i)

  const starts: number[] = [0]
  for (let i = 0; i < glyphs; i++) {
    const size = at(i + 1) - at(i)
    starts.push(starts[i]! + size + (size % 2))
  }
  const newGlyf = new Uint8Array(starts[glyphs]!)
  const newLoca = new Uint8Array(4 * (glyphs + 1))
  const locaView = new DataView(newLoca.buffer)
  starts.forEach((start, i) => locaView.setUint32(4 * i, start))
  for (let i = 0; i < glyphs; i++)
    newGlyf.set(font.subarray(glyf.offset + at(i), glyf.offset + at(i + 1)), starts[i]!)

  // The same directory, each table's data after it in turn, 4-byte aligned.
  const data = new Map<string, Uint8Array>()
  for (const [tag, table] of tables)
    data.set(tag, font.subarray(table.offset, table.offset + table.length))
  data.set('glyf', newGlyf)
  data.set('loca', newLoca)
  const pad = (n: number) => (n + 3) & ~3
  let size = 12 + 16 * tables.size
  for (const bytes of data.values()) size += pad(bytes.length)
  const out = new Uint8Array(size)
  const outView = new DataView(out.buffer)
  out.set(font.subarray(0, 12 + 16 * tables.size))
  let offset = 12 + 16 * tables.size
  for (const [tag, table] of tables) {
    const bytes = data.get(tag)!
    out.set(bytes, offset)
    outView.setUint32(table.entry + 8, offset)
    outView.setUint32(table.entry + 12, bytes.length)
    offset += pad(bytes.length)
  }
  const headAt = outView.getUint32(head.entry + 8)
  outView.setInt16(headAt + 50, 1) // indexToLocFormat: long offsets
  return out
}
