// The official JSON Resume schema (@jsonresume/schema 1.3.1, its schema.json;
// https://jsonresume.org/schema) ported to zod property by property, so that
// POST /resume/import judges a file as the schema does (docs/PRODUCT.md §20)
// on Node and in the edge function alike, without shipping ajv and its code
// generation: the same types, the same iso8601 pattern, the `email` and `uri`
// formats as ajv-formats checks them (json-formats.ts), and every object open
// to other properties (the schema's additionalProperties: true). Nothing is
// required. What our content cannot hold is not the schema's business but the
// planner's (resume-entries.ts). tests/api/resume-schema.test.ts runs this
// port and ajv with the official schema over the same files, valid and broken,
// and expects the same verdicts.
//
// A problem is named by its path, as "work[1].startDate must be a date like
// 2020, 2020-01 or 2020-01-15".
import { z } from 'zod'
import { isEmail, isUri } from './json-formats.ts'

// No code generation with `new Function` (schemas.ts says why); set before the
// first z.looseObject() below, which decides then.
z.config({ jitless: true })

/** The schema's definitions.iso8601, word for word. */
export const ISO8601 =
  /^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$/

const TEXT = 'must be text'
const LIST = 'must be a list'
const OBJECT = 'must be an object'
const DATE = 'must be a date like 2020, 2020-01 or 2020-01-15'
const EMAIL = 'must be an e-mail address'
const URL = 'must be a URL with its scheme, like https://example.com'

const text = z.string({ error: TEXT }).optional()
const texts = z.array(z.string({ error: TEXT }), { error: LIST }).optional()
const date = z.string({ error: DATE }).regex(ISO8601, DATE).optional()
const email = z.string({ error: EMAIL }).refine(isEmail, EMAIL).meta({ format: 'email' }).optional()
const uri = z.string({ error: URL }).refine(isUri, URL).meta({ format: 'uri' }).optional()
const object = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.looseObject(shape, { error: OBJECT })
const list = <T extends z.ZodType>(item: T) => z.array(item, { error: LIST }).optional()

export const resumeSchema = z.looseObject(
  {
    $schema: uri,
    basics: object({
      name: text,
      label: text,
      image: text,
      email,
      phone: text,
      url: uri,
      summary: text,
      location: object({
        address: text,
        postalCode: text,
        city: text,
        countryCode: text,
        region: text,
      }).optional(),
      profiles: list(object({ network: text, username: text, url: uri })),
    }).optional(),
    work: list(
      object({
        name: text,
        location: text,
        description: text,
        position: text,
        url: uri,
        startDate: date,
        endDate: date,
        summary: text,
        highlights: texts,
      }),
    ),
    volunteer: list(
      object({
        organization: text,
        position: text,
        url: uri,
        startDate: date,
        endDate: date,
        summary: text,
        highlights: texts,
      }),
    ),
    education: list(
      object({
        institution: text,
        url: uri,
        area: text,
        studyType: text,
        startDate: date,
        endDate: date,
        score: text,
        courses: texts,
      }),
    ),
    awards: list(object({ title: text, date, awarder: text, summary: text })),
    certificates: list(object({ name: text, date, url: uri, issuer: text })),
    publications: list(
      object({ name: text, publisher: text, releaseDate: date, url: uri, summary: text }),
    ),
    skills: list(object({ name: text, level: text, keywords: texts })),
    languages: list(object({ language: text, fluency: text })),
    interests: list(object({ name: text, keywords: texts })),
    references: list(object({ name: text, reference: text })),
    projects: list(
      object({
        name: text,
        description: text,
        highlights: texts,
        keywords: texts,
        startDate: date,
        endDate: date,
        url: uri,
        roles: texts,
        entity: text,
        type: text,
      }),
    ),
    meta: object({ canonical: uri, version: text, lastModified: text }).optional(),
  },
  { error: 'The résumé must be a JSON object' },
)
export type Resume = z.output<typeof resumeSchema>

/** "work[0].startDate" from a zod path. */
export function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i ? '.' : ''}${String(key)}`))
    .join('')
}

/** The file as the schema sees it, or the first problem, named by its path. */
export function checkResume(
  value: unknown,
): { resume: Resume; problem?: never } | { resume?: never; problem: string } {
  const parsed = resumeSchema.safeParse(value)
  if (parsed.success) return { resume: parsed.data }
  const issue = parsed.error.issues[0]!
  const path = pathText(issue.path)
  return { problem: path ? `${path} ${issue.message}` : issue.message }
}
