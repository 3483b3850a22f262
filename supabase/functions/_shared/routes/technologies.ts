// /technologies: the skills grid and the portfolio filter. Each lists the
// projects using it; row-level security hides inactive ones from visitors.
// Its evidence (docs/PRODUCT.md §19) is computed in the same query, as the
// caller, from active projects, experiences and active certifications: never typed.
import { Hono } from 'hono'
import type { z } from 'zod'
import type { AppEnv } from '../context.ts'
import type { Queryable } from '../db.ts'
import { badRequest, notFound } from '../errors.ts'
import {
  checkShownImages,
  deleteShowingImages,
  updateShowingImages,
  type ImageColumns,
} from '../images/image-writes.ts'
import { technologySchema, technologyUpdateSchema } from '../schemas.ts'
import {
  insertRows,
  requireSignedIn,
  setClause,
  type Assignment,
  type FieldColumns,
} from '../sql.ts'
import type { Technology } from '../contract/responses.ts'
import { idParam, readJson } from '../validate.ts'
import { versionedGet, type WithVersion } from '../versions.ts'

export const technologyRoutes = new Hono<AppEnv>()

type TechnologyRow = Technology & Record<string, unknown>

const iconColumn: ImageColumns<{ icon: string | null }> = {
  table: 'technologies',
  what: 'technology',
  columns: 'icon',
  shown: (row) => ({ icon: [row.icon] }),
}

const technologyFields: FieldColumns = { name: { column: 'name' }, icon: { column: 'icon' } }

/** Inserts checked technologies in their order (a POST's one, a restore's all); answers their new ids. */
export const insertTechnologies = (
  tx: Queryable,
  rows: readonly z.output<typeof technologySchema>[],
): Promise<number[]> => insertRows(tx, 'technologies', technologyFields, rows)

/**
 * A skill's evidence as JSON: how many active projects, experiences and active
 * certifications name it, and the years they span (a project's start to end
 * year, an experience's start to end month, the current one to this year, a
 * certification's year), from `technologyId` (an SQL expression).
 */
export const evidenceOf = (technologyId: string) => `(
  select json_build_object(
           'projectCount', count(*) filter (where e.kind = 'p'),
           'experienceCount', count(*) filter (where e.kind = 'e'),
           'certificationCount', count(*) filter (where e.kind = 'c'),
           'firstYear', min(e.first_year), 'lastYear', max(e.last_year))
    from (
      select 'p' as kind, coalesce(p.start_year, p.end_year) as first_year,
             coalesce(p.end_year, p.start_year) as last_year
        from public.project_technologies pt join public.projects p on p.id = pt.project_id
       where pt.technology_id = ${technologyId} and p.is_active
      union all
      select 'e', extract(year from x.start_date)::int,
             coalesce(extract(year from x.end_date)::int, extract(year from current_date)::int)
        from public.experience_technologies xt join public.experiences x on x.id = xt.experience_id
       where xt.technology_id = ${technologyId}
      union all
      select 'c', extract(year from c.obtained_date)::int, extract(year from c.obtained_date)::int
        from public.certification_technologies ct join public.certifications c on c.id = ct.certification_id
       where ct.technology_id = ${technologyId} and c.is_active
    ) e)`

/** The list of projects using technology `t`, as JSON: `[{ id, name }]` by name. */
const projectsOfTechnology = `coalesce((
           select json_agg(json_build_object('id', p.id, 'name', p.name) order by lower(p.name), p.id)
             from public.project_technologies pt
             join public.projects p on p.id = pt.project_id
            where pt.technology_id = t.id
         ), '[]'::json)`

/** Technologies with their evidence, and with the projects using each unless `withProjects` is false. */
const selectTechnologiesWith = (withProjects: boolean) => `
  select t.id, t.name, t.icon,${withProjects ? `\n         ${projectsOfTechnology} as projects,` : ''}
         ${evidenceOf('t.id')} as evidence
    from public.technologies t`

const selectTechnologies = selectTechnologiesWith(true)

/** One technology with its row version (the ETag of docs/decisions/009-optimistic-concurrency.md), as the caller sees it. */
async function readTechnology(
  tx: Queryable,
  id: number,
): Promise<WithVersion<TechnologyRow> | undefined> {
  const [row] = await tx.query<WithVersion<TechnologyRow>>(
    `select x.*, (select v.version from public.technologies v where v.id = x.id) as version
       from (${selectTechnologies} where t.id = $1) x`,
    [id],
  )
  return row
}

/** The technology as a write answers it. */
async function loadTechnology(tx: Queryable, id: number): Promise<Technology> {
  const row = await readTechnology(tx, id)
  if (!row) throw notFound('Technology not found')
  const { version: _, ...technology } = row
  return technology
}

// As GET /projects: the database writes the list's JSON (docs/decisions/006-http-caching-and-measured-speed.md).
const listTechnologiesSql = (withProjects: boolean) => `
  select coalesce(json_agg(t order by lower(t.name), t.id), '[]'::json)::text as body
    from (${selectTechnologiesWith(withProjects)}) t`
/** Both forms of the list's query, written once at load rather than per request. */
const listTechnologies = { full: listTechnologiesSql(true), slim: listTechnologiesSql(false) }

/**
 * `?projects=false` leaves out each technology's list of projects: the public
 * page needs only the evidence's count, and with thousands of projects the
 * lists are most of the answer (docs/PERFORMANCE.md, "The first render after a write").
 */
function withProjectsQuery(raw: string | undefined): boolean {
  if (raw === undefined || raw === 'true') return true
  if (raw === 'false') return false
  const message = 'projects must be true or false'
  throw badRequest(message, { projects: message })
}

technologyRoutes.get('/', async (c) => {
  const sql = withProjectsQuery(c.req.query('projects'))
    ? listTechnologies.full
    : listTechnologies.slim
  const { db } = c.get('deps')
  const [row] = await db.as(c.get('principal'), (tx) => tx.query<{ body: string }>(sql), {
    readOnly: true,
  })
  return c.body(row?.body ?? '[]', 200, { 'Content-Type': 'application/json' })
})

technologyRoutes.get('/:id', versionedGet(readTechnology, 'Technology not found'))

technologyRoutes.post('/', async (c) => {
  const principal = c.get('principal')
  requireSignedIn(principal)
  const input = await readJson(c, technologySchema)
  const { db, images } = c.get('deps')
  const technology = await db.as(principal, async (tx) => {
    await checkShownImages(tx, images, iconColumn.shown(input))
    const [id] = await insertTechnologies(tx, [input])
    return loadTechnology(tx, id!)
  })
  return c.json(technology, 201)
})

technologyRoutes.patch('/:id', async (c) => {
  const id = idParam(c)
  const principal = c.get('principal')
  requireSignedIn(principal)
  const input = await readJson(c, technologyUpdateSchema)
  const assignments: Assignment[] = []
  if (input.name !== undefined) assignments.push({ column: 'name', value: input.name })
  if (input.icon !== undefined) assignments.push({ column: 'icon', value: input.icon || null })
  const technology = await updateShowingImages(
    c,
    iconColumn,
    id,
    setClause(assignments, 'name'),
    (tx) => loadTechnology(tx, id),
  )
  return c.json(technology)
})

technologyRoutes.delete('/:id', async (c) => {
  const id = idParam(c)
  requireSignedIn(c.get('principal'))
  await deleteShowingImages(c, iconColumn, id)
  return c.body(null, 204)
})
