// Text of both directions in the CV (docs/decisions/051-cv-right-to-left.md):
// the Unicode Bidirectional Algorithm (bidi-js) gives each character its
// level, a line is put in visual order from them, and each stretch of one
// face and one direction becomes a piece the writer draws (cv-pdf.ts):
// Arabic shaped (cv-shaping.ts), the rest one glyph per character.
import * as bidiJs from 'bidi-js'
import type { Bidi } from 'bidi-js'

// The package's one export is a factory: Node reads it from bidi-js's ES
// module, Deno from its CommonJS build, whose exports hold it as `default`.
type Factory = () => Bidi
const exported = bidiJs.default as unknown as Factory | { default: Factory }
const bidi = (typeof exported === 'function' ? exported : exported.default)()

/** The character a mirrored one was written as: `)` for a `(` drawn right to left. */
export const unmirrored = (code: number) =>
  bidi.getMirroredCharacter(String.fromCodePoint(code))?.codePointAt(0) ?? code

/** Arabic and its supplements: the letters, marks and digits Noto Sans Arabic joins and shapes. */
export const isArabic = (code: number) =>
  (code >= 0x600 && code <= 0x6ff) ||
  (code >= 0x750 && code <= 0x77f) ||
  (code >= 0x8a0 && code <= 0x8ff)
/**
 * What can make a text run right to left: the scripts written that way
 * (Hebrew to NKo and beyond, their presentation forms, those past the BMP)
 * and the explicit direction marks.
 */
const RIGHT_TO_LEFT =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u200f\u202a-\u202e\u2066-\u2069]|\ud802[\udc00-\udfff]|\ud803[\udc00-\ude7f]|\ud83a[\udc00-\udfff]|\ud83b[\udc00-\udeff]/

/** Characters that take the direction around them: spaces, punctuation, joiners. */
const NEUTRAL = new Set(['WS', 'ON', 'CS', 'ES', 'ET', 'NSM', 'BN', 'S'])

export type Face = 'latin' | 'arabic'

export interface Paragraph {
  text: string
  /** The paragraph's own direction: what its strong characters say, else the document's. */
  rtl: boolean
  levels: ReturnType<typeof bidi.getEmbeddingLevels>
  /** Each UTF-16 unit's face. */
  faces: Face[]
  mirrored: Map<number, string>
}

/**
 * `text` (one line of the source, cleaned) read in the document's direction.
 * A paragraph whose strong characters all go one way takes that way (an
 * English fallback text in an Arabic CV is left to right); a mixed one takes
 * the document's. `arabicDraws` says whether the Arabic face has a character,
 * so that punctuation between Arabic words is set in it too.
 */
export function paragraph(
  text: string,
  documentRtl: boolean,
  arabicDraws: (code: number) => boolean,
): Paragraph {
  if (!RIGHT_TO_LEFT.test(text)) {
    // Left to right alone, as most CVs are: no character to reorder or shape.
    const levels = new Uint8Array(text.length)
    return {
      text,
      rtl: false,
      levels: { levels, paragraphs: [{ start: 0, end: text.length - 1, level: 0 }] },
      faces: Array<Face>(text.length).fill('latin'),
      mirrored: new Map(),
    }
  }
  let left = false
  let right = false
  for (const char of text) {
    const type = bidi.getBidiCharTypeName(char)
    if (type === 'L') left = true
    else if (type === 'R' || type === 'AL') right = true
  }
  const rtl = right && (!left || documentRtl)
  const levels = bidi.getEmbeddingLevels(text, rtl ? 'rtl' : 'ltr')
  const faces: Face[] = []
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!
    const neutral = NEUTRAL.has(bidi.getBidiCharTypeName(text[i]!))
    faces.push(
      isArabic(code) || (neutral && levels.levels[i]! & 1 && arabicDraws(code))
        ? 'arabic'
        : 'latin',
    )
  }
  return { text, rtl, levels, faces, mirrored: bidi.getMirroredCharactersMap(text, levels.levels) }
}

/** A stretch of one face and one direction, its text in logical order (mirrored where right to left). */
export interface Piece {
  face: Face
  rtl: boolean
  text: string
}

/** The piece of the neighbouring units `indices`, in either order. */
const pieceOf = (p: Paragraph, indices: number[], rtl: boolean): Piece => {
  const logical = indices[0]! > indices.at(-1)! ? [...indices].reverse() : indices
  let text = ''
  for (const i of logical) text += p.mirrored.get(i) ?? p.text[i]
  return { face: p.faces[indices[0]!]!, rtl, text }
}

/** The units of `indices` cut where the face or the direction changes, or where they are not neighbours. */
function pieces(p: Paragraph, indices: number[]): Piece[] {
  const out: Piece[] = []
  let run: number[] = []
  const rtlAt = (i: number) => (p.levels.levels[i]! & 1) === 1
  for (const i of indices) {
    const last = run.at(-1)
    if (
      last !== undefined &&
      (p.faces[i] !== p.faces[last] || rtlAt(i) !== rtlAt(last) || Math.abs(i - last) !== 1)
    ) {
      out.push(pieceOf(p, run, rtlAt(last)))
      run = []
    }
    run.push(i)
  }
  if (run.length) out.push(pieceOf(p, run, rtlAt(run[0]!)))
  return out
}

const range = (start: number, end: number) =>
  Array.from({ length: end - start }, (_, i) => start + i)

/** text[start, end) as pieces in logical order: to measure. */
export const logicalPieces = (p: Paragraph, start: number, end: number) =>
  pieces(p, range(start, end))

/** The line text[start, end) as pieces from left to right: to draw. */
export function visualPieces(p: Paragraph, start: number, end: number): Piece[] {
  const order = range(start, end)
  // Each segment reverses the places from..to (the line's own, counted from the paragraph's start), in turn.
  for (const [from = 0, to = 0] of bidi.getReorderSegments(p.text, p.levels, start, end - 1))
    order.splice(
      from - start,
      to - from + 1,
      ...order.slice(from - start, to - start + 1).reverse(),
    )
  return pieces(p, order)
}
