// What our content can hold of a JSON Resume (docs/PRODUCT.md §20), read from
// a file that already passed the schema (resume-schema.ts), before anything is
// written. The schema requires nothing, so an entry may lack what our content
// needs (a work entry without a startDate): it is skipped, with a message
// saying why. An entry that has it but holds a value the database would
// refuse (a name too long, 2020-02-30, a certificate before 1970, a project
// year out of range, a link that is no http(s) URL) is a 400 naming the
// field: every rule of the tables' constraints is checked here, so that a dry
// run's plan is what the import does. Each entry then becomes the payload its
// POST route takes, checked by that route's schema.
import type { z } from 'zod'
import type { ResumeImportSkipped } from '../contract/responses.ts'
import { badRequest } from '../http/errors.ts'
import { isAbsoluteWebUrl } from '../contract/links.ts'
import { currentYear, MIN_YEAR } from '../contract/messages.ts'
import {
  certificationSchema,
  educationSchema,
  experienceSchema,
  projectSchema,
  technologySchema,
  type EducationPayload,
  type ExperiencePayload,
  type ProjectPayload,
} from '../contract/schemas.ts'
import type { Resume } from './resume-schema.ts'

export const KINDS = [
  'experiences',
  'education',
  'technologies',
  'certifications',
  'projects',
] as const
export type Kind = (typeof KINDS)[number]

/** An entry the import leaves out, and why: "work[1] has no startDate, which an experience needs". */
export type SkippedEntry = ResumeImportSkipped

export interface Entry<P> {
  path: string
  /**
   * What makes it the same as one already here (resume-import.ts): the
   * organization, role and start month of an experience, and so on; the bare
   * name of a technology or a project, which the database lowercases.
   */
  key: string
  payload: P
}

export interface Entries {
  technologies: Entry<z.output<typeof technologySchema>>[]
  experiences: Entry<ExperiencePayload>[]
  education: Entry<EducationPayload>[]
  certifications: Entry<z.output<typeof certificationSchema>>[]
  /** With the keywords that may name its technologies. */
  projects: (Entry<ProjectPayload> & { keywords: string[] })[]
  skipped: SkippedEntry[]
}

/** The earliest start our experience and education hold, and the earliest certification. */
const STORY_FROM = 1950
const CERTIFIED_FROM = 1970
const CERTIFICATION_ICON = '☁️'
const DESCRIPTION_MAX = 10000

/** A lone UTF-16 surrogate: JSON lets "\ud800" through, Postgres refuses to store it. */
const BROKEN_TEXT = /\p{Cs}/u
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const isLeap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)

/** True when a calendar has the date: the schema's pattern also lets 2020-13 and 2020-02-30 through. */
function exists(date: string): boolean {
  const [year, month = 1, day = 1] = date.split('-').map(Number) as [number, number?, number?]
  if (month < 1 || month > 12) return false
  return day >= 1 && day <= (month === 2 && isLeap(year) ? 29 : DAYS[month - 1]!)
}
const monthOf = (date: string) => (date.length === 4 ? `${date}-01` : date.slice(0, 7))
const dayOf = (date: string) =>
  date.length === 4 ? `${date}-01-01` : date.length === 7 ? `${date}-01` : date

/** `text` cut to `max` UTF-16 units without splitting a character in two. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]!) ? max - 1 : max
  return text.slice(0, end).trimEnd()
}

/** The fields of one entry at `path`, read as our content holds them; a 400 names a refused one. */
function fieldsOf(path: string, entry: object) {
  const values = entry as Record<string, unknown>
  const refuse = (field: string, message: string): never => {
    throw badRequest(`${path}.${field} ${message}`)
  }
  const stored = (field: string, value: string) =>
    BROKEN_TEXT.test(value) ? refuse(field, 'holds a character that cannot be stored') : value
  const raw = (field: string) => values[field] as string | undefined

  const read = {
    /** The fields among `required` that are absent or blank. */
    missing: (...required: string[]) => required.filter((field) => !raw(field)?.trim()),
    text(field: string, max: number): string {
      const value = stored(field, raw(field)?.trim() ?? '')
      return value.length > max ? refuse(field, `must be at most ${max} characters`) : value
    },
    /** A date that exists, from the year `from` (to `to`), or null when absent. */
    date(field: string, from: number, to?: number): string | null {
      const value = raw(field)
      if (value === undefined) return null
      if (!exists(value)) refuse(field, `must be a real date, not ${value}`)
      const year = Number(value.slice(0, 4))
      if (to !== undefined && (year < from || year > to))
        refuse(field, `must be in a year from ${from} to ${to}`)
      if (year < from) refuse(field, `must be ${from} or later`)
      return value
    },
    /** The start and end dates, the end not before the start. */
    period(from: number, toStart?: number, toEnd?: number) {
      const start = read.date('startDate', from, toStart)
      const end = read.date('endDate', from, toEnd)
      if (start && end && monthOf(end) < monthOf(start))
        refuse('endDate', 'cannot be before its startDate')
      return { start, end }
    },
    /** A link as the content keeps it: an http(s) URL (the schema also allows javascript: and mailto:). */
    url(field: string): string | null {
      const value = raw(field)
      if (value === undefined) return null
      if (value.length > 2048) refuse(field, 'must be at most 2048 characters')
      return isAbsoluteWebUrl(value)
        ? value
        : refuse(field, 'must be a web address starting with http:// or https://')
    },
    /** A list of text, each checked. */
    texts(field: string): string[] {
      const list = (values[field] as string[] | undefined) ?? []
      return list.map((text, i) => stored(`${field}[${i}]`, text.trim())).filter(Boolean)
    },
    /** A description from a text and a list (as "- " lines), cut to what the content holds. */
    description(textField: string, listField: string): string {
      const text = stored(textField, raw(textField)?.trim() ?? '')
      const list = read.texts(listField).map((line) => `- ${line}`)
      return cut([text, list.join('\n')].filter(Boolean).join('\n\n'), DESCRIPTION_MAX)
    },
  }
  return read
}

/** The route schema's payload; the checks above cover its rules, so this only guards against them drifting apart. */
function payload<S extends z.ZodType>(schema: S, path: string, input: z.input<S>): z.output<S> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  throw badRequest(`${path} cannot be imported: ${parsed.error.issues[0]!.message}`)
}

/** What the file holds for each kind, or a 400 naming the first value our content refuses. */
export function readEntries(resume: Resume): Entries {
  const entries: Entries = {
    technologies: [],
    experiences: [],
    education: [],
    certifications: [],
    projects: [],
    skipped: [],
  }
  const complete = (kind: Kind, what: string, path: string, missing: string[]) => {
    if (!missing.length) return true
    const message = `${path} has no ${missing.join(' or ')}, which ${what} needs`
    entries.skipped.push({ kind, path, message })
    return false
  }

  for (const [i, w] of (resume.work ?? []).entries()) {
    const path = `work[${i}]`
    const read = fieldsOf(path, w)
    if (
      !complete('experiences', 'an experience', path, read.missing('name', 'position', 'startDate'))
    )
      continue
    const organization = read.text('name', 200)
    const role = read.text('position', 200)
    const { start, end } = read.period(STORY_FROM)
    const experience = payload(experienceSchema, path, {
      organization,
      role,
      location: read.text('location', 200),
      startDate: monthOf(start!),
      endDate: end ? monthOf(end) : null,
      description: read.description('summary', 'highlights'),
      url: read.url('url'),
    })
    entries.experiences.push({
      path,
      key: `${organization}|${role}|${experience.startDate}`,
      payload: experience,
    })
  }

  for (const [i, e] of (resume.education ?? []).entries()) {
    const path = `education[${i}]`
    const read = fieldsOf(path, e)
    const needs = read.missing('institution', 'studyType', 'startDate')
    if (!complete('education', 'an education entry', path, needs)) continue
    const institution = read.text('institution', 200)
    const qualification = read.text('studyType', 200)
    const { start, end } = read.period(STORY_FROM)
    const education = payload(educationSchema, path, {
      institution,
      qualification,
      field: read.text('area', 200),
      startDate: monthOf(start!),
      endDate: end ? monthOf(end) : null,
      url: read.url('url'),
    })
    entries.education.push({
      path,
      key: `${institution}|${qualification}|${education.startDate}`,
      payload: education,
    })
  }

  for (const [i, s] of (resume.skills ?? []).entries()) {
    const path = `skills[${i}]`
    const read = fieldsOf(path, s)
    if (!complete('technologies', 'a technology', path, read.missing('name'))) continue
    const name = read.text('name', 100)
    entries.technologies.push({
      path,
      key: name,
      payload: payload(technologySchema, path, { name }),
    })
  }

  for (const [i, c] of (resume.certificates ?? []).entries()) {
    const path = `certificates[${i}]`
    const read = fieldsOf(path, c)
    if (!complete('certifications', 'a certification', path, read.missing('name', 'date'))) continue
    const name = read.text('name', 200)
    const obtainedDate = dayOf(read.date('date', CERTIFIED_FROM)!)
    entries.certifications.push({
      path,
      key: `${name}|${obtainedDate}`,
      payload: payload(certificationSchema, path, {
        name,
        icon: CERTIFICATION_ICON,
        obtainedDate,
        isActive: true,
      }),
    })
  }

  for (const [i, p] of (resume.projects ?? []).entries()) {
    const path = `projects[${i}]`
    const read = fieldsOf(path, p)
    if (!complete('projects', 'a project', path, read.missing('name'))) continue
    const name = read.text('name', 200)
    const now = currentYear()
    const { start, end } = read.period(MIN_YEAR, now, now + 10)
    const project = payload(projectSchema, path, {
      name,
      description: read.description('description', 'highlights') || name,
      startYear: start ? Number(start.slice(0, 4)) : null,
      endYear: end ? Number(end.slice(0, 4)) : null,
      liveUrl: read.url('url'),
      isActive: true,
    })
    entries.projects.push({ path, key: name, payload: project, keywords: read.texts('keywords') })
  }
  return entries
}
