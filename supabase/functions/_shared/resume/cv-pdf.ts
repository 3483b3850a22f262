// GET /cv.pdf (docs/PRODUCT.md §21): the portfolio as a printable CV, built
// from the same reading as GET /resume.json (resume-export.ts) with pdf-lib,
// pure JavaScript that runs on Node and Deno alike. Text is drawn in Inter,
// embedded as a subset of the glyphs the CV uses (cv-fonts.ts,
// docs/decisions/032-cv-font.md), so it is selectable and reads back as it was
// written in Latin, Greek, Cyrillic and Vietnamese; what the font cannot draw
// (CJK, emoji) becomes '?'. A4, wrapped lines, as many pages as the content needs.
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib'
import { cvFontkit, type CvFonts } from './cv-fonts.ts'

type Json = Record<string, unknown>

const PAGE: [number, number] = [595.28, 841.89] // A4 in points
const MARGIN = 50
const WIDTH = PAGE[0] - 2 * MARGIN
const INK = rgb(0.1, 0.1, 0.12)
const MUTED = rgb(0.38, 0.38, 0.42)
const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' })
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
const list = (value: unknown) => (Array.isArray(value) ? (value as Json[]) : [])

/** "Mar 2021" from 2021-03, "2021" from 2021, '' from nothing. */
export function monthText(date: unknown): string {
  const [year, month] = str(date).split('-')
  if (!year) return ''
  const name = month ? MONTHS[Number(month) - 1] : undefined
  return name ? `${name} ${year}` : year
}

/** "Mar 2021 – Present", "2019 – 2020", "2022". */
function period(start: unknown, end: unknown, still = 'Present'): string {
  const from = monthText(start)
  const to = monthText(end)
  if (!from) return to
  if (to === from) return from
  return `${from} – ${to || still}`
}

/** The owner's name as a file name: "jordan-avery-cv.pdf". */
export function cvFileName(owner: string): string {
  const slug = owner
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return `${slug || 'portfolio'}-cv.pdf`
}

/** A writer of wrapped lines that starts a new page when one is full. */
class Writer {
  private page: PDFPage
  private y: number

  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(PAGE)
    this.y = PAGE[1] - MARGIN
  }

  /** Code points both fonts draw. */
  private readonly known = new Set<number>()
  private writes(text: string): boolean {
    if (!this.known.size) {
      const bold = new Set(this.bold.getCharacterSet())
      for (const code of this.regular.getCharacterSet()) if (bold.has(code)) this.known.add(code)
    }
    for (const char of text) if (!this.known.has(char.codePointAt(0)!)) return false
    return true
  }

  /**
   * Text the fonts can draw: composed (NFC), a character they lack without its
   * accent where that is enough, and otherwise '?', one for each character as
   * a reader sees it (an emoji of several code points is one '?'), never the
   * font's empty box.
   */
  clean(text: string): string {
    let out = ''
    for (const { segment } of GRAPHEMES.segment(text.normalize('NFC').replace(/\s+/g, ' '))) {
      if (this.writes(segment)) {
        out += segment
        continue
      }
      const bare = segment.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
      out += bare && this.writes(bare) ? bare : '?'
    }
    return out.trim()
  }

  /**
   * Characters' widths at size 1000, per font. Text is laid out one glyph per
   * character (cv-fonts.ts), so a text's width is the sum of its characters':
   * measuring each candidate line through pdf-lib would lay it out again.
   */
  private readonly widths = new Map<PDFFont, Map<string, number>>()
  private widthOf(text: string, font: PDFFont, size: number): number {
    let known = this.widths.get(font)
    if (!known) this.widths.set(font, (known = new Map()))
    let sum = 0
    for (const char of text) {
      let width = known.get(char)
      if (width === undefined) known.set(char, (width = font.widthOfTextAtSize(char, 1000)))
      sum += width
    }
    return (sum * size) / 1000
  }

  /** The text as lines no wider than `width`; a word longer than a line is cut. */
  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = []
    let line = ''
    const fits = (s: string) => this.widthOf(s, font, size) <= width
    for (let word of text.split(' ')) {
      while (!fits(word)) {
        let cut = word.length - 1
        while (cut > 1 && !fits(word.slice(0, cut))) cut--
        if (line) lines.push(line)
        lines.push(word.slice(0, cut))
        line = ''
        word = word.slice(cut)
      }
      const next = line ? `${line} ${word}` : word
      if (fits(next)) line = next
      else {
        lines.push(line)
        line = word
      }
    }
    if (line) lines.push(line)
    return lines
  }

  /** Room for `height` more points on this page, or a new page. */
  private room(height: number) {
    if (this.y - height >= MARGIN) return
    this.page = this.doc.addPage(PAGE)
    this.y = PAGE[1] - MARGIN
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
    const font = bold ? this.bold : this.regular
    const leading = size * 1.3
    for (const line of parts.flatMap((part) => this.wrap(part, font, size, WIDTH - indent))) {
      this.room(leading)
      this.y -= size
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color })
      this.y -= leading - size
    }
    this.y -= after
  }

  /** A bold line on the left with a muted note (the dates) on the right. */
  entry(title: string, note: string) {
    const size = 10.5
    const right = this.clean(note)
    const noteWidth = right ? this.widthOf(right, this.regular, 9.5) : 0
    const left = this.clean(title)
    const lines = this.wrap(left, this.bold, size, WIDTH - noteWidth - 12)
    this.room(size * 1.3 * Math.max(lines.length, 1) + 14)
    lines.forEach((line, i) => {
      this.y -= size
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font: this.bold, color: INK })
      if (i === 0 && right)
        this.page.drawText(right, {
          x: MARGIN + WIDTH - noteWidth,
          y: this.y,
          size: 9.5,
          font: this.regular,
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
}

/**
 * Projects written out in full, newest first (readResume's order). A CV is read
 * in a minute; and past this the rendering of a large portfolio would approach
 * the Edge Function's 2 s of CPU (docs/PERFORMANCE.md, "The CV as a PDF").
 */
export const CV_PROJECTS = 40

/** The CV of a JSON Resume as readResume answers it, written in `fonts` (loadCvFonts). */
export async function cvPdf(resume: Json, fonts: CvFonts): Promise<Uint8Array> {
  const basics = (resume.basics ?? {}) as Json
  const name = str(basics.name) || 'Portfolio'
  const doc = await PDFDocument.create()
  doc.setTitle(`${name} – CV`)
  doc.setAuthor(name)
  doc.setCreator('Vitrine')
  doc.setProducer('Vitrine (pdf-lib)')
  doc.registerFontkit(cvFontkit)
  const w = new Writer(
    doc,
    await doc.embedFont(fonts.regular, { subset: true }),
    await doc.embedFont(fonts.bold, { subset: true }),
  )

  w.text(name, { size: 22, bold: true, after: 4 })
  w.text(str(basics.label), { size: 12, color: MUTED, after: 4 })
  const contacts = [str(basics.email), ...list(basics.profiles).map((p) => str(p.url))]
  w.text(contacts.filter(Boolean).join('  ·  '), { size: 9.5, color: MUTED, after: 6 })
  w.text(str(basics.summary), { size: 10, after: 2 })

  const work = list(resume.work)
  if (work.length) w.heading('Experience')
  for (const job of work) {
    w.entry(`${str(job.position)}, ${str(job.name)}`, period(job.startDate, job.endDate))
    w.text(str(job.location), { size: 9.5, color: MUTED, after: 1 })
    w.text(str(job.summary), { size: 9.5, after: 7 })
  }

  const education = list(resume.education)
  if (education.length) w.heading('Education')
  for (const study of education) {
    const what = [str(study.studyType), str(study.area)].filter(Boolean).join(', ')
    w.entry(`${what}, ${str(study.institution)}`, period(study.startDate, study.endDate))
    w.space(5)
  }

  const projects = list(resume.projects)
  if (projects.length) w.heading('Projects')
  for (const project of projects.slice(0, CV_PROJECTS)) {
    w.entry(str(project.name), period(project.startDate, project.endDate, 'now'))
    w.text(str(project.description), { size: 9.5, after: 1 })
    const uses = list(project.keywords).map(String).join(', ')
    if (uses) w.text(uses, { size: 9, color: MUTED, after: 1 })
    w.text(str(project.url), { size: 9, color: MUTED, after: 1 })
    w.space(5)
  }
  const more = projects.length - CV_PROJECTS
  if (more > 0)
    w.text(
      `And ${more.toLocaleString('en-US')} more ${more === 1 ? 'project' : 'projects'} in the portfolio.`,
      {
        size: 9.5,
        color: MUTED,
        after: 2,
      },
    )

  const skills = list(resume.skills).map((s) => str(s.name))
  if (skills.length) {
    w.heading('Skills')
    w.text(skills.filter(Boolean).join(', '), { size: 10 })
  }

  const certificates = list(resume.certificates)
  if (certificates.length) w.heading('Certifications')
  for (const cert of certificates) w.entry(str(cert.name), monthText(cert.date))

  return doc.save()
}
