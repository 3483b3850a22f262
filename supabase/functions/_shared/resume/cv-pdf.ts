// GET /cv.pdf (docs/PRODUCT.md §21): the portfolio as a printable CV, built
// from the same reading as GET /resume.json (resume-export.ts) with pdf-lib,
// pure JavaScript that runs on Node and Deno alike. Text is drawn in Inter,
// embedded as a subset of the glyphs the CV uses (cv-fonts.ts,
// docs/decisions/032-cv-font.md), so it is selectable and reads back as it was
// written in Latin, Greek, Cyrillic and Vietnamese; Arabic in Noto Sans
// Arabic, shaped and in visual order (cv-writer.ts, decision 051); what the
// fonts cannot draw (CJK, emoji) becomes '?'. A4, wrapped lines, as many pages
// as the content needs, from the right for a language written right to left.
import { PDFDocument } from 'pdf-lib'
import { cvFontkit, type CvFonts } from './cv-fonts.ts'
import { MUTED, Writer } from './cv-writer.ts'
import { type CvWords, cvWords } from './cv-words.ts'
import { textDirection } from '../contract/page-languages.ts'
import { markdownText } from '../markdown/render.ts'

type Json = Record<string, unknown>

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
const list = (value: unknown) => (Array.isArray(value) ? (value as Json[]) : [])

/** "Mar 2021" from 2021-03, "2021" from 2021, '' from nothing (in the words' language). */
function monthText(date: unknown, words: CvWords): string {
  const [year, month] = str(date).split('-')
  const y = Number(year)
  if (!year || !Number.isInteger(y)) return ''
  const m = Number(month)
  return m >= 1 && m <= 12 ? words.month(y, m) : words.year(y)
}

/** "Mar 2021 – Present", "2019 – 2020", "2022". */
function period(start: unknown, end: unknown, words: CvWords, still = words.present): string {
  const from = monthText(start, words)
  const to = monthText(end, words)
  if (!from) return to
  if (to === from) return from
  return `${from} – ${to || still}`
}

/** The owner's name as a file name: "jordan-avery-cv.pdf". */
export { cvFileName } from './cv-file-name.ts'

/**
 * Projects written out in full, newest first (readResume's order). A CV is read
 * in a minute; and past this the rendering of a large portfolio would approach
 * the Edge Function's 2 s of CPU (docs/PERFORMANCE.md, "The CV as a PDF").
 */
export const CV_PROJECTS = 40

/**
 * The CV of a JSON Resume as readResume answers it, written in `fonts`
 * (loadCvFonts), with the words of `lang` and from the right where it is
 * written right to left.
 */
export async function cvPdf(resume: Json, fonts: CvFonts, lang = 'en'): Promise<Uint8Array> {
  const words = cvWords(lang)
  const basics = (resume.basics ?? {}) as Json
  const name = str(basics.name) || 'Portfolio'
  const doc = await PDFDocument.create()
  doc.setTitle(`${name} – CV`)
  doc.setAuthor(name)
  doc.setCreator('Vitrine')
  doc.setProducer('Vitrine (pdf-lib)')
  doc.registerFontkit(cvFontkit)
  const latin = {
    regular: await doc.embedFont(fonts.regular, { subset: true }),
    bold: await doc.embedFont(fonts.bold, { subset: true }),
  }
  const w = new Writer(doc, latin, fonts, textDirection(lang) === 'rtl')

  w.text(name, { size: 22, bold: true, after: 4 })
  w.text(str(basics.label), { size: 12, color: MUTED, after: 4 })
  // The profile's place and website, as the CV page shows them (docs/PRODUCT.md §21).
  w.text(str((basics.location as Json | undefined)?.city), { size: 10, color: MUTED, after: 4 })
  const contacts = [
    str(basics.email),
    str(basics.url),
    ...list(basics.profiles).map((p) => str(p.url)),
  ]
  w.text(contacts.filter(Boolean).join('  ·  '), { size: 9.5, color: MUTED, after: 6 })
  w.text(str(basics.summary), { size: 10, after: 2 })

  const work = list(resume.work)
  if (work.length) w.heading(words.experience)
  for (const job of work) {
    w.entry(
      `${str(job.position)}${words.comma}${str(job.name)}`,
      period(job.startDate, job.endDate, words),
    )
    w.text(str(job.location), { size: 9.5, color: MUTED, after: 1 })
    w.text(markdownText(str(job.summary)), { size: 9.5, after: 7 })
  }

  const education = list(resume.education)
  if (education.length) w.heading(words.education)
  for (const study of education) {
    const what = [str(study.studyType), str(study.area)].filter(Boolean).join(words.comma)
    w.entry(
      `${what}${words.comma}${str(study.institution)}`,
      period(study.startDate, study.endDate, words),
    )
    w.space(5)
  }

  const projects = list(resume.projects)
  if (projects.length) w.heading(words.projects)
  for (const project of projects.slice(0, CV_PROJECTS)) {
    w.entry(str(project.name), period(project.startDate, project.endDate, words, words.now))
    w.text(markdownText(str(project.description)), { size: 9.5, after: 1 })
    const uses = list(project.keywords).map(String).join(', ')
    if (uses) w.text(uses, { size: 9, color: MUTED, after: 1 })
    w.text(str(project.url), { size: 9, color: MUTED, after: 1 })
    w.space(5)
  }
  const more = projects.length - CV_PROJECTS
  if (more > 0)
    w.text(words.more(more.toLocaleString(lang === 'en' ? 'en-US' : lang), more === 1), {
      size: 9.5,
      color: MUTED,
      after: 2,
    })

  const skills = list(resume.skills).map((s) => str(s.name))
  if (skills.length) {
    w.heading(words.skills)
    w.text(skills.filter(Boolean).join(', '), { size: 10 })
  }

  const certificates = list(resume.certificates)
  if (certificates.length) w.heading(words.certifications)
  for (const cert of certificates) w.entry(str(cert.name), monthText(cert.date, words))

  await w.finish()
  return doc.save()
}
