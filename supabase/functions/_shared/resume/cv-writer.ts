// The CV's lines on A4 pages (docs/PRODUCT.md §21): wrapped text in Inter,
// Arabic shaped in Noto Sans Arabic (cv-shaping.ts), both directions in visual
// order (cv-bidi.ts), aligned to the document's side: the left, or the right
// for a language written right to left (docs/decisions/051-cv-right-to-left.md).
import { type Color, type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib'
import { logicalPieces, type Paragraph, paragraph, type Piece, visualPieces } from './cv-bidi.ts'
import { cvFontkit, type CvFonts, type FontkitFont } from './cv-fonts.ts'
import { drawShaped, shape, type ShapedDraw } from './cv-shaping.ts'

export const PAGE: [number, number] = [595.28, 841.89] // A4 in points
const MARGIN = 50
const WIDTH = PAGE[0] - 2 * MARGIN
export const INK = rgb(0.1, 0.1, 0.12)
export const MUTED = rgb(0.38, 0.38, 0.42)
const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' })
/** Arabic presentation forms: old encodings of shaped letters, read as the letters (NFKC) and shaped again. */
const PRESENTATION_FORMS = /[\ufb50-\ufdff\ufe70-\ufefe]+/g

interface Weight {
  latin: PDFFont
  /** Parsed on the first Arabic text: an English CV never reads the face. */
  arabic: () => FontkitFont
  arabicBytes: Uint8Array
  shaped: ShapedDraw[]
}

interface Style {
  size: number
  bold: boolean
  color: Color
}

/** A writer of wrapped lines that starts a new page when one is full. */
export class Writer {
  private page: PDFPage
  private y: number
  private readonly weights: { regular: Weight; bold: Weight }

  constructor(
    private readonly doc: PDFDocument,
    latin: { regular: PDFFont; bold: PDFFont },
    fonts: CvFonts,
    /** The document is written right to left (its lines start on the right). */
    private readonly rtl: boolean,
  ) {
    const weight = (font: PDFFont, bytes: Uint8Array): Weight => ({
      latin: font,
      arabic: () => cvFontkit.create(bytes),
      arabicBytes: bytes,
      shaped: [],
    })
    this.weights = {
      regular: weight(latin.regular, fonts.arabicRegular),
      bold: weight(latin.bold, fonts.arabicBold),
    }
    this.page = doc.addPage(PAGE)
    this.y = PAGE[1] - MARGIN
  }

  /** Code points both weights of Inter draw; and, once a text needs them, both of Noto Sans Arabic's. */
  private latinKnown: Set<number> | null = null
  private arabicKnown: Set<number> | null = null
  private readonly arabicDraws = (code: number) => {
    if (!this.arabicKnown) {
      const bold = new Set(this.weights.bold.arabic().characterSet)
      this.arabicKnown = new Set(
        this.weights.regular.arabic().characterSet.filter((c) => bold.has(c)),
      )
    }
    return this.arabicKnown.has(code)
  }
  private writes(text: string): boolean {
    if (!this.latinKnown) {
      const bold = new Set(this.weights.bold.latin.getCharacterSet())
      this.latinKnown = new Set(
        this.weights.regular.latin.getCharacterSet().filter((c) => bold.has(c)),
      )
    }
    for (const char of text) {
      const code = char.codePointAt(0)!
      if (!this.latinKnown.has(code) && !this.arabicDraws(code)) return false
    }
    return true
  }

  /**
   * Text the fonts can draw: composed (NFC), a character they lack without its
   * accent where that is enough, and otherwise '?', one for each character as
   * a reader sees it (an emoji of several code points is one '?'), never the
   * font's empty box.
   */
  clean(text: string): string {
    const composed = text
      .normalize('NFC')
      .replace(PRESENTATION_FORMS, (forms) => forms.normalize('NFKC'))
      .replace(/\s+/g, ' ')
    let out = ''
    for (const { segment } of GRAPHEMES.segment(composed)) {
      if (this.writes(segment)) {
        out += segment
        continue
      }
      const bare = segment.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
      out += bare && this.writes(bare) ? bare : '?'
    }
    return out.trim()
  }

  /** Characters' widths at size 1000 in Inter, per font: laid out one glyph per character (cv-fonts.ts). */
  private readonly widths = new Map<PDFFont, Map<string, number>>()
  private latinWidth(text: string, font: PDFFont): number {
    let known = this.widths.get(font)
    if (!known) this.widths.set(font, (known = new Map()))
    let sum = 0
    for (const char of text) {
      let width = known.get(char)
      if (width === undefined) known.set(char, (width = font.widthOfTextAtSize(char, 1000)))
      sum += width
    }
    return sum / 1000
  }

  /** A piece's width at size 1. */
  private pieceWidth(piece: Piece, weight: Weight): number {
    if (piece.face === 'latin') return this.latinWidth(piece.text, weight.latin)
    const face = weight.arabic()
    return shape(face, piece.text, piece.rtl ? 'rtl' : 'ltr').advance / face.unitsPerEm
  }

  private rangeWidth(p: Paragraph, start: number, end: number, weight: Weight): number {
    let sum = 0
    for (const piece of logicalPieces(p, start, end)) sum += this.pieceWidth(piece, weight)
    return sum
  }

  /**
   * The paragraph as lines [start, end) no wider than `width` (at size 1): a
   * line breaks at spaces, a word longer than a line is cut. Words are
   * measured one by one (Arabic does not join across a space), so a CV
   * shapes each word once.
   */
  private wrap(p: Paragraph, weight: Weight, width: number): [number, number][] {
    const lines: [number, number][] = []
    const space = (at: number) => this.rangeWidth(p, at, at + 1, weight)
    let line: [number, number] | null = null
    let lineWidth = 0
    for (let start = 0; start < p.text.length;) {
      let end = p.text.indexOf(' ', start)
      if (end < 0) end = p.text.length
      let word = this.rangeWidth(p, start, end, weight)
      while (word > width && end - start > 1) {
        // A word longer than a line: as much of it as fits, on a line of its own.
        let cut = end - 1
        while (cut > start + 1 && this.rangeWidth(p, start, cut, weight) > width) cut--
        if (line) lines.push(line)
        lines.push([start, cut])
        line = null
        start = cut
        word = this.rangeWidth(p, start, end, weight)
      }
      const joined: number = line ? lineWidth + space(line[1]) + word : word
      if (line && joined <= width) {
        line = [line[0], end]
        lineWidth = joined
      } else {
        if (line) lines.push(line)
        line = [start, end]
        lineWidth = word
      }
      start = end + 1
    }
    if (line) lines.push(line)
    return lines
  }

  /** Draws the line p[start, end) with its start at `x` (its right end for a right-to-left document). */
  private drawLine(p: Paragraph, [start, end]: [number, number], x: number, style: Style) {
    const weight = style.bold ? this.weights.bold : this.weights.regular
    const pieces = visualPieces(p, start, end)
    const widths = pieces.map((piece) => this.pieceWidth(piece, weight) * style.size)
    let left = this.rtl ? x - widths.reduce((a, b) => a + b, 0) : x
    pieces.forEach((piece, i) => {
      if (piece.face === 'arabic') {
        const run = shape(weight.arabic(), piece.text, piece.rtl ? 'rtl' : 'ltr')
        weight.shaped.push({ page: this.page, x: left, y: this.y, ...style, run })
      } else {
        // A right-to-left piece in Inter (neutrals, mirrored) needs no shaping: its characters reversed.
        const text = piece.rtl ? Array.from(piece.text).reverse().join('') : piece.text
        this.page.drawText(text, {
          x: left,
          y: this.y,
          size: style.size,
          font: weight.latin,
          color: style.color,
        })
      }
      left += widths[i]!
    })
  }

  /** Room for `height` more points on this page, or a new page. */
  private room(height: number) {
    if (this.y - height >= MARGIN) return
    this.page = this.doc.addPage(PAGE)
    this.y = PAGE[1] - MARGIN
  }

  /** Where a line indented by `indent` starts: from the left margin, or the right one. */
  private start(indent = 0) {
    return this.rtl ? MARGIN + WIDTH - indent : MARGIN + indent
  }

  private paragraphOf(text: string) {
    return paragraph(text, this.rtl, this.arabicDraws)
  }

  space(points: number) {
    this.y -= points
  }

  text(raw: string, { size = 10, bold = false, color = INK, indent = 0, after = 2 } = {}): void {
    // Each line of the text (a description's paragraphs and "- " points) starts a line here too.
    const parts = raw
      .split('\n')
      .map((part) => this.clean(part))
      .filter(Boolean)
    if (!parts.length) return
    const weight = bold ? this.weights.bold : this.weights.regular
    const leading = size * 1.3
    for (const part of parts) {
      const p = this.paragraphOf(part)
      for (const line of this.wrap(p, weight, (WIDTH - indent) / size)) {
        this.room(leading)
        this.y -= size
        this.drawLine(p, line, this.start(indent), { size, bold, color })
        this.y -= leading - size
      }
    }
    this.y -= after
  }

  /** A bold line at the start with a muted note (the dates) at the end. */
  entry(title: string, note: string) {
    const size = 10.5
    const noteSize = 9.5
    const right = this.paragraphOf(this.clean(note))
    const noteWidth = right.text
      ? this.rangeWidth(right, 0, right.text.length, this.weights.regular) * noteSize
      : 0
    const left = this.paragraphOf(this.clean(title))
    const lines = left.text
      ? this.wrap(left, this.weights.bold, (WIDTH - noteWidth - 12) / size)
      : []
    this.room(size * 1.3 * Math.max(lines.length, 1) + 14)
    lines.forEach((line, i) => {
      this.y -= size
      this.drawLine(left, line, this.start(), { size, bold: true, color: INK })
      if (i === 0 && right.text)
        this.drawLine(right, [0, right.text.length], this.start(WIDTH - noteWidth), {
          size: noteSize,
          bold: false,
          color: MUTED,
        })
      this.y -= size * 0.3
    })
    this.y -= 1
  }

  heading(title: string) {
    this.room(40)
    this.y -= 12
    this.text(title.toUpperCase(), { size: 11.5, bold: true, after: 0 })
    this.y -= 2
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + WIDTH, y: this.y },
      thickness: 0.6,
      color: MUTED,
    })
    this.y -= 8
  }

  /** Draws the Arabic laid out so far, in as many copies of each weight as its glyphs need. */
  async finish(): Promise<void> {
    for (const weight of [this.weights.regular, this.weights.bold])
      await drawShaped(this.doc, weight.arabicBytes, weight.shaped)
  }
}
