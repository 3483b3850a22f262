// GET /projects in pages (docs/decisions/010): `?limit=` answers the first
// `limit` projects in the spec's order (section 9: active first, then start
// year descending, none counting as 0; then id), `X-Total-Count` says how many
// there are, and `X-Next-Cursor` carries what to send as `?cursor=` for the
// next page (absent on the last). `?technologyId=` keeps the projects using
// that technology. Without parameters the answer is the whole list, as spec
// section 7 has it. The body stays an array either way.
import { z } from 'zod'
import type { Project } from '../../../contract/responses.ts'
import type { JsonText } from '../../../http/json-answer.ts'
import { languageQuery, wholeNumber } from '../../query.ts'

export const MAX_PAGE_SIZE = 100
const MAX_ID = 2_147_483_647
const CURSOR = /^([01])\.(\d{1,4})\.(\d{1,10})$/
const CURSOR_MESSAGE = 'cursor must be a value from X-Next-Cursor'

/** The query GET /projects reads; a bad value is the client's mistake (400), never a 500. */
export const projectListQuery = z
  .object({
    limit: wholeNumber(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`, 1, MAX_PAGE_SIZE)
      .optional()
      .describe(
        'A page of this many projects; X-Total-Count says how many there are, X-Next-Cursor what to send next',
      ),
    // Where a page ends: the sort key of its last project.
    cursor: z
      .string()
      .regex(CURSOR, CURSOR_MESSAGE)
      // The id within what an id can be (checked once the form is right).
      .refine((raw) => {
        const id = Number(CURSOR.exec(raw)?.[3] ?? 1)
        return id >= 1 && id <= MAX_ID
      }, CURSOR_MESSAGE)
      .transform((raw) => {
        const [, active, year, id] = CURSOR.exec(raw)!
        return { active: Number(active), year: Number(year), id: Number(id) }
      })
      .optional()
      .describe('The X-Next-Cursor of the previous page'),
    technologyId: wholeNumber('technologyId must be a positive whole number', 1, MAX_ID)
      .optional()
      .describe('Only the projects using this technology'),
    featured: z
      .enum(['true'], { message: 'featured must be true' })
      .optional()
      .describe("Only the featured projects (the home page's Featured row, docs/PRODUCT.md §15)"),
    lang: languageQuery.shape.lang,
  })
  .superRefine((query, ctx) => {
    if (query.cursor !== undefined && query.limit === undefined)
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'cursor needs limit' })
  })

export type ProjectListQuery = z.output<typeof projectListQuery>

/**
 * The portfolio's order (docs/PRODUCT.md §9), for a JSON aggregate over rows
 * of the project select named `alias`: active first, then start year
 * descending (none counts as 0), then id. The page's keys below are the same
 * three, as numbers.
 */
export const projectOrder = (alias: string) =>
  `${alias}."isActive" desc, coalesce(${alias}."startYear", 0) desc, ${alias}.id`

/**
 * One statement (so one round trip inside the read's transaction) answering
 * the page as JSON text, the total and the next cursor. Every number in it
 * was checked above, so they are written in as literals.
 */
export function projectPageSql(
  listJsonSql: (where: string, lang: string | null) => string,
  query: ProjectListQuery,
  lang: string | null,
): string {
  const { limit, cursor, technologyId } = query
  const uses = [
    technologyId === undefined
      ? 'true'
      : `exists (select 1 from public.project_technologies pt where pt.project_id = p.id and pt.technology_id = ${technologyId})`,
    query.featured ? 'p.featured' : 'true',
  ].join(' and ')
  // Descending (active, year, -id) is the spec's order; "after the cursor" is a smaller tuple.
  const after = cursor ? `(a, y, -id) < (${cursor.active}, ${cursor.year}, ${-cursor.id})` : 'true'
  return `
    with matching as (
      select p.id, p.is_active::int as a, coalesce(p.start_year, 0) as y
        from public.projects p
       where ${uses}
    ), page as (
      select id, a, y from matching where ${after}
       order by a desc, y desc, id
       limit ${limit === undefined ? 'all' : limit + 1}
    ), shown as (
      select id, a, y from page order by a desc, y desc, id limit ${limit === undefined ? 'all' : limit}
    )
    select (select count(*) from matching)::int as total,
           ${limit === undefined ? 'false' : `(select count(*) from page) > ${limit}`} as more,
           (select a || '.' || y || '.' || id from shown order by a, y, id desc limit 1) as last,
           (${listJsonSql('p.id in (select id from shown)', lang)})::text as body`
}

export interface ProjectPageRow {
  total: number
  more: boolean
  last: string | null
  body: JsonText<Project[]>
}

/** The paging headers of a page's answer. */
export function pageHeaders(row: Omit<ProjectPageRow, 'body'>): Record<string, string> {
  const headers: Record<string, string> = { 'X-Total-Count': String(row.total) }
  if (row.more && row.last) headers['X-Next-Cursor'] = row.last
  return headers
}
