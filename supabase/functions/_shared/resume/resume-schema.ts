// The parts of a JSON Resume (https://jsonresume.org/schema, 1.x) that
// POST /resume/import reads (docs/PRODUCT.md §20), written by hand so the edge
// function does not ship the official schema and its validator. Every other
// field is allowed and ignored. A problem is named by its path, as
// "work[0].startDate must be a date like 2020-01 or 2020-01-15".
import { z } from 'zod'

const DATE = 'must be a date like 2020-01 or 2020-01-15'
const REQUIRED = 'is required'
const atMost = (max: number) => `must be at most ${max} characters`

/** YYYY, YYYY-MM or YYYY-MM-DD (the schema's iso8601), from 1950 on: the months we store. */
const date = z
  .string({ error: DATE })
  .regex(/^(19[5-9]\d|2\d{3})(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/, DATE)
/** An end date; absent or '' is "still going". */
const endDate = z.union([z.literal(''), date]).optional()
const required = (max: number) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, atMost(max))
const text = (max: number) => z.string({ error: 'must be text' }).max(max, atMost(max)).optional()
const list = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: 'must be a list' }).max(1000, 'must hold at most 1000 entries').optional()

export const resumeImportSchema = z.looseObject(
  {
    work: list(
      z.looseObject({
        name: required(200),
        position: required(200),
        location: text(200),
        url: text(2048),
        startDate: date,
        endDate,
        summary: text(10000),
        highlights: z
          .array(z.string().max(1000, atMost(1000)))
          .max(100)
          .optional(),
      }),
    ),
    education: list(
      z.looseObject({
        institution: required(200),
        studyType: required(200),
        area: text(200),
        url: text(2048),
        startDate: date,
        endDate,
      }),
    ),
    skills: list(z.looseObject({ name: required(100) })),
    certificates: list(
      z.looseObject({ name: required(200), date, url: text(2048), issuer: text(200) }),
    ),
    projects: list(
      z.looseObject({
        name: required(200),
        description: text(10000),
        highlights: z
          .array(z.string().max(1000, atMost(1000)))
          .max(100)
          .optional(),
        keywords: z
          .array(z.string().max(100, atMost(100)))
          .max(100)
          .optional(),
        url: text(2048),
        startDate: date.optional(),
        endDate,
      }),
    ),
  },
  { error: 'The résumé must be a JSON object' },
)
export type ResumeImport = z.output<typeof resumeImportSchema>

/** "work[0].startDate" from a zod path. */
export function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i ? '.' : ''}${String(key)}`))
    .join('')
}
