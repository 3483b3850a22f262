// Arabic in the CV (docs/decisions/051-cv-right-to-left.md). Arabic letters
// join: each takes its initial, medial, final or isolated form, lam and alef
// make one glyph, and Noto Sans Arabic draws a dotted letter as its dotless
// skeleton and the dots, placed by the font's mark positioning. fontkit's
// OpenType layout does all of that; pdf-lib draws one glyph after another
// by their advance widths, so a shaped run is written here with its own
// positions (TJ for the advances and offsets, Ts to raise a mark).
//
// The text must read back as written: a PDF says which characters each glyph
// stands for once per font (its ToUnicode map), but one skeleton stands for
// several letters (ب ت ث ن ي begin alike). So the face is embedded as many
// times as one glyph needs different texts, and each glyph drawn in the copy
// where it means what it means here.
import {
  beginText,
  type Color,
  endText,
  moveText,
  type PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  setFillingColor,
  setFontAndSize,
  setTextRise,
} from 'pdf-lib'
import { unmirrored } from './cv-bidi.ts'
import { cvFontkit, type FontkitFont, openTypeLayout, shapedGlyphs } from './cv-fonts.ts'

type Glyph = FontkitFont['glyphsForString'] extends (text: string) => (infer G)[] ? G : never

/** A run of text laid out: glyphs in visual order (left to right) and their positions, in font units. */
export interface Shaped {
  glyphs: Glyph[]
  positions: { xAdvance: number; xOffset: number; yOffset: number }[]
  /** The run's width in font units. */
  advance: number
}

const shapes = new WeakMap<FontkitFont, Map<string, Shaped>>()

type Layout = (
  text: string,
  features: string[],
  script: string,
  language: undefined,
  direction: 'ltr' | 'rtl',
) => ReturnType<FontkitFont['layout']>

/**
 * fontkit's build gives each class its parent's static methods by assigning
 * `__proto__`, which Deno switches off: there the Arabic shaper lacks the
 * default shaper's `plan`, and shaping throws. Both shapers are reachable
 * once the font's engine has chosen them, so the first Arabic text links the
 * one to the other (on Node they are linked already). Private fields of
 * fontkit, pinned at 1.1.1 in package.json and deno.json.
 */
function linkShapers(font: FontkitFont, layout: Layout) {
  type Engine = { shaper?: object; cleanup: () => void }
  const engine = (font as unknown as { _layoutEngine: { engine?: Engine } })._layoutEngine.engine
  if (!engine) return
  // The engine forgets its shaper once a layout is done: catch it before.
  let base: object | undefined
  engine.cleanup = function (this: Engine) {
    base = this.shaper
    Object.getPrototypeOf(this).cleanup.call(this)
  }
  try {
    layout(' ', [], 'latn', undefined, 'ltr')
  } finally {
    delete (engine as Partial<Engine>).cleanup
  }
  try {
    layout('\u0628', [], 'arab', undefined, 'rtl')
  } catch {
    // The Arabic shaper without its parent's methods: linked below.
  }
  const arabic = engine.shaper
  if (base && arabic && arabic !== base && Object.getPrototypeOf(arabic) !== base)
    Object.setPrototypeOf(arabic, base)
}
const linked = new WeakSet<FontkitFont>()

/**
 * `text` (logical order, mirrored where right to left) shaped as Arabic in
 * `direction`, kept per font: a CV repeats its words. Each glyph knows the
 * characters it stands for here (fontkit keeps a glyph's first ones only):
 * a bracket mirrored to be drawn right to left stands for the one written,
 * `(` drawn for `)`, so that the text reads back as it was.
 */
export function shape(font: FontkitFont, text: string, direction: 'ltr' | 'rtl'): Shaped {
  let kept = shapes.get(font)
  if (!kept) shapes.set(font, (kept = new Map()))
  const key = direction + text
  let shaped = kept.get(key)
  if (shaped) return shaped
  const getGlyph = font.getGlyph
  const meaning = (glyph: Glyph, codePoints: number[]): Glyph =>
    Object.create(glyph, { codePoints: { value: codePoints } })
  // Only the glyphs fontkit makes for the run carry characters; its lookups of metrics do not.
  font.getGlyph = (id: number, codePoints?: number[]) =>
    codePoints ? meaning(getGlyph.call(font, id, codePoints), codePoints) : getGlyph.call(font, id)
  try {
    // fontkit takes the script, language and direction after the features; its types omit them.
    const layout = openTypeLayout(font) as Layout
    if (!linked.has(font)) {
      linkShapers(font, layout)
      linked.add(font)
    }
    const run = layout(text, [], 'arab', undefined, direction)
    shaped = {
      // Right to left, every bracket of the text was mirrored (cv-bidi.ts): each reads back as written.
      glyphs:
        direction === 'rtl'
          ? run.glyphs.map((glyph) => meaning(glyph, glyph.codePoints.map(unmirrored)))
          : run.glyphs,
      positions: run.positions,
      advance: run.positions.reduce((sum, p) => sum + p.xAdvance, 0),
    }
  } finally {
    font.getGlyph = getGlyph
  }
  if (kept.size > 20_000) kept.clear()
  kept.set(key, shaped)
  return shaped
}

/** A shaped run to draw: its left end on the baseline at (x, y). */
export interface ShapedDraw {
  page: PDFPage
  x: number
  y: number
  size: number
  color: Color
  run: Shaped
}

/** Each copy of the face: what each of its glyphs stands for. */
type Copies = Map<number, string>[]

/** The copy where `glyph` stands for its own characters, claimed if new. */
function copyFor(copies: Copies, glyph: Glyph): number {
  const text = String.fromCodePoint(...glyph.codePoints)
  let index = copies.findIndex((claims) => (claims.get(glyph.id) ?? text) === text)
  if (index < 0) index = copies.push(new Map()) - 1
  copies[index]!.set(glyph.id, text)
  return index
}

let tokens = 0

/**
 * Draws `draws` in the face `bytes` (parsed as `font` by cvFontkit), embedded
 * as a subset once per meaning its glyphs need. Called once the pages are
 * laid out, since embedding is asynchronous and the layout is not.
 */
export async function drawShaped(
  doc: PDFDocument,
  bytes: Uint8Array,
  draws: ShapedDraw[],
): Promise<void> {
  if (!draws.length) return
  const font = cvFontkit.create(bytes)
  const scale = 1000 / font.unitsPerEm
  const copies: Copies = []
  const copyOf = draws.map(({ run }) => run.glyphs.map((glyph) => copyFor(copies, glyph)))
  const fonts: PDFFont[] = []
  for (let i = 0; i < copies.length; i++) fonts.push(await doc.embedFont(bytes, { subset: true }))

  draws.forEach(({ page, x, y, size, color, run }, d) => {
    const ops: PDFOperator[] = [beginText(), setFillingColor(color), moveText(x, y)]
    // Where the glyphs stand (pen) and where the PDF's text position is (at), in 1/1000 em.
    let pen = 0
    let at = 0
    let rise = 0
    let current = -1
    let shown: (PDFHexString | PDFNumber)[] = []
    const show = () => {
      if (shown.length)
        ops.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [doc.context.obj(shown)]))
      shown = []
    }
    run.glyphs.forEach((glyph, i) => {
      const copy = copyOf[d]![i]!
      if (copy !== current) {
        show()
        const pdfFont = fonts[copy]!
        ops.push(setFontAndSize(page.node.newFontDictionary(pdfFont.name, pdfFont.ref), size))
        current = copy
      }
      const { xAdvance, xOffset, yOffset } = run.positions[i]!
      const lift = (yOffset * scale * size) / 1000
      if (lift !== rise) {
        show()
        ops.push(setTextRise(lift))
        rise = lift
      }
      const want = (pen + xOffset) * scale
      if (Math.abs(want - at) > 0.001) shown.push(PDFNumber.of(at - want))
      const token = `\u{F0000}${tokens++}`
      shapedGlyphs.set(token, [glyph])
      try {
        shown.push(fonts[copy]!.encodeText(token))
      } finally {
        shapedGlyphs.delete(token)
      }
      at = want + glyph.advanceWidth * scale
      pen += xAdvance
    })
    show()
    if (rise) ops.push(setTextRise(0))
    ops.push(endText())
    page.pushOperators(...ops)
  })
}
