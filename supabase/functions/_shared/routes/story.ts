// The developer's story (docs/PRODUCT.md §18): /experiences and /education,
// one router shape for both. Every row is public; admins write. Lists put the
// current ones (no end) first, then the newest start. A signed-in read of one
// item answers its version as the ETag, and a PATCH with an older If-Match
// gets 412 (docs/decisions/009-optimistic-concurrency.md).
import { Hono } from 'hono'
import type { z } from 'zod'
import type { AppEnv } from '../context.ts'
import type { Queryable } from '../db.ts'
import { notFound } from '../errors.ts'
import {
  educationSchema,
  educationUpdateSchema,
  experienceSchema,
  experienceUpdateSchema,
  type EducationPayload,
  type ExperiencePayload,
} from '../schemas.ts'
import {
  insertRows,
  refusedOrMissing,
  requireSignedIn,
  setClause,
  type Assignment,
  type FieldColumns,
} from '../sql.ts'
import { insertLinkedRows, linkTechnologies, type LinkTable } from '../technology-links.ts'
import { idParam, readJson } from '../validate.ts'
import { checkIfMatch, versionedGet, type WithVersion } from '../versions.ts'

interface Story<C extends z.ZodType, U extends z.ZodType> {
  table: 'experiences' | 'education'
  /** 'experience', for messages. */
  what: string
  /** The item's columns as the API answers them, from `public.<table> s`. */
  columns: string
  fields: FieldColumns
  create: C
  update: U
  /** Inserts checked items in their order, with what lives outside the row; answers their new ids. */
  insert: (tx: Queryable, rows: readonly z.output<C>[]) => Promise<number[]>
  /** Updates what lives outside the row (an experience's technologies). */
  afterUpdate?: (tx: Queryable, id: number, input: Record<string, unknown>) => Promise<void>
}

const monthOut = (column: string) => `to_char(s.${column}, 'YYYY-MM')`
const MONTH_IN = "to_date($, 'YYYY-MM')"
/** Current ones first, then by start, newest first (docs/PRODUCT.md §18). */
export const STORY_ORDER = 's.end_date is null desc, s.start_date desc, s.end_date desc, s.id desc'

const common = `s.id, ${monthOut('start_date')} as "startDate", ${monthOut('end_date')} as "endDate",
  s.description, s.url`
const commonFields: FieldColumns = {
  startDate: { column: 'start_date', expression: MONTH_IN },
  endDate: { column: 'end_date', expression: MONTH_IN },
  description: { column: 'description' },
  url: { column: 'url' },
}

export const experienceColumns = `${common}, s.organization, s.role, s.location,
  coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name, t.id)
      from public.experience_technologies et join public.technologies t on t.id = et.technology_id
     where et.experience_id = s.id), '[]'::json) as technologies`
export const educationColumns = `${common}, s.institution, s.qualification, s.field`

const experienceLinks: LinkTable = { table: 'experience_technologies', owner: 'experience_id' }

const experienceFields: FieldColumns = {
  organization: { column: 'organization' },
  role: { column: 'role' },
  location: { column: 'location' },
  ...commonFields,
}
const educationFields: FieldColumns = {
  institution: { column: 'institution' },
  qualification: { column: 'qualification' },
  field: { column: 'field' },
  ...commonFields,
}

/**
 * Inserts checked experiences in their order (a POST's one, a restore's all),
 * each linked to the technologies it names (400 for an unknown one); answers
 * their new ids.
 */
export const insertExperiences = (
  tx: Queryable,
  rows: readonly ExperiencePayload[],
): Promise<number[]> => insertLinkedRows(tx, 'experiences', experienceFields, experienceLinks, rows)

/** Inserts checked education entries in their order; answers their new ids. */
export const insertEducation = (
  tx: Queryable,
  rows: readonly EducationPayload[],
): Promise<number[]> => insertRows(tx, 'education', educationFields, rows)

function storyRoutes<C extends z.ZodType, U extends z.ZodType>(story: Story<C, U>): Hono<AppEnv> {
  const routes = new Hono<AppEnv>()
  const { table, what } = story
  const What = what[0]!.toUpperCase() + what.slice(1)
  const select = `select ${story.columns} from public.${table} s`
  const load = async (tx: Queryable, id: number) => {
    const [row] = await tx.query<Record<string, unknown>>(`${select} where s.id = $1`, [id])
    if (!row) throw notFound(`${What} not found`)
    return row
  }
  /** The payload's fields that have a column, in the payload's order. */
  const assignments = (input: Record<string, unknown>): Assignment[] =>
    Object.entries(story.fields)
      .filter(([field]) => input[field] !== undefined)
      .map(([field, { column, expression }]) => ({ column, value: input[field], expression }))

  routes.get('/', async (c) => {
    const { db } = c.get('deps')
    const rows = await db.as(
      c.get('principal'),
      (tx) => tx.query<Record<string, unknown>>(`${select} order by ${STORY_ORDER}`),
      { readOnly: true },
    )
    return c.json(rows)
  })

  routes.get(
    '/:id',
    versionedGet(async (tx, id) => {
      const [row] = await tx.query<WithVersion<Record<string, unknown>>>(
        `select ${story.columns}, s.version from public.${table} s where s.id = $1`,
        [id],
      )
      return row
    }, `${What} not found`),
  )

  routes.post('/', async (c) => {
    const principal = c.get('principal')
    requireSignedIn(principal)
    const input = await readJson(c, story.create)
    const { db } = c.get('deps')
    const row = await db.as(principal, async (tx) => {
      const [id] = await story.insert(tx, [input])
      return load(tx, id!)
    })
    return c.json(row, 201)
  })

  routes.patch('/:id', async (c) => {
    const id = idParam(c)
    const principal = c.get('principal')
    requireSignedIn(principal)
    const input = (await readJson(c, story.update)) as Record<string, unknown>
    const { db } = c.get('deps')
    const row = await db.as(principal, async (tx) => {
      await checkIfMatch(c, tx, table, id, what)
      const set = setClause(assignments(input), 'start_date')
      const updated = await tx.query(
        `update public.${table} set ${set.sql} where id = $1 returning id`,
        [id, ...set.params],
      )
      if (!updated.length) await refusedOrMissing(tx, table, id, What)
      await story.afterUpdate?.(tx, id, input)
      return load(tx, id)
    })
    return c.json(row)
  })

  routes.delete('/:id', async (c) => {
    const id = idParam(c)
    const principal = c.get('principal')
    requireSignedIn(principal)
    const { db } = c.get('deps')
    await db.as(principal, async (tx) => {
      const deleted = await tx.query(`delete from public.${table} where id = $1 returning id`, [id])
      if (!deleted.length) await refusedOrMissing(tx, table, id, What)
    })
    return c.body(null, 204)
  })
  return routes
}

export const experienceRoutes = storyRoutes({
  table: 'experiences',
  what: 'experience',
  columns: experienceColumns,
  fields: experienceFields,
  create: experienceSchema,
  update: experienceUpdateSchema,
  insert: insertExperiences,
  afterUpdate: async (tx, id, input) => {
    if (input.technologiesIds !== undefined)
      await linkTechnologies(tx, experienceLinks, id, input.technologiesIds as number[])
  },
})

export const educationRoutes = storyRoutes({
  table: 'education',
  what: 'education entry',
  columns: educationColumns,
  fields: educationFields,
  create: educationSchema,
  update: educationUpdateSchema,
  insert: insertEducation,
})
