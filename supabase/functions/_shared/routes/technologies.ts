// /technologies: the skills grid and the portfolio filter. Each lists the
// projects using it; row-level security hides inactive ones from visitors.
import { Hono } from 'hono'
import type { AppEnv } from '../context.ts'
import type { Queryable } from '../db.ts'
import { notFound } from '../errors.ts'
import { technologySchema, technologyUpdateSchema } from '../schemas.ts'
import { refusedOrMissing, requireSignedIn, setClause, type Assignment } from '../sql.ts'
import type { Technology } from '../types.ts'
import { idParam, readJson } from '../validate.ts'

export const technologyRoutes = new Hono<AppEnv>()

type TechnologyRow = Technology & Record<string, unknown>

const selectTechnologies = `
  select t.id, t.name, t.icon,
         coalesce((
           select json_agg(json_build_object('id', p.id, 'name', p.name) order by lower(p.name), p.id)
             from public.project_technologies pt
             join public.projects p on p.id = pt.project_id
            where pt.technology_id = t.id
         ), '[]'::json) as projects
    from public.technologies t`

async function loadTechnology(tx: Queryable, id: number): Promise<Technology> {
  const [technology] = await tx.query<TechnologyRow>(`${selectTechnologies} where t.id = $1`, [id])
  if (!technology) throw notFound('Technology not found')
  return technology
}

// As GET /projects: the database writes the list's JSON (issue 6).
const listTechnologies = `
  select coalesce(json_agg(t order by lower(t.name), t.id), '[]'::json)::text as body
    from (${selectTechnologies}) t`

technologyRoutes.get('/', async (c) => {
  const { db } = c.get('deps')
  const [row] = await db.as(
    c.get('principal'),
    (tx) => tx.query<{ body: string }>(listTechnologies),
    { readOnly: true },
  )
  return c.body(row?.body ?? '[]', 200, { 'Content-Type': 'application/json' })
})

technologyRoutes.get('/:id', async (c) => {
  const id = idParam(c)
  const { db } = c.get('deps')
  return c.json(await db.as(c.get('principal'), (tx) => loadTechnology(tx, id), { readOnly: true }))
})

technologyRoutes.post('/', async (c) => {
  const principal = c.get('principal')
  requireSignedIn(principal)
  const input = await readJson(c, technologySchema)
  const { db } = c.get('deps')
  const technology = await db.as(principal, async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      'insert into public.technologies (name, icon) values ($1, $2) returning id',
      [input.name, input.icon],
    )
    if (!row) throw new Error('insert returned no row')
    return loadTechnology(tx, row.id)
  })
  return c.json(technology, 201)
})

technologyRoutes.patch('/:id', async (c) => {
  const id = idParam(c)
  const principal = c.get('principal')
  requireSignedIn(principal)
  const input = await readJson(c, technologyUpdateSchema)
  const { db } = c.get('deps')
  const assignments: Assignment[] = []
  if (input.name !== undefined) assignments.push({ column: 'name', value: input.name })
  if (input.icon !== undefined) assignments.push({ column: 'icon', value: input.icon || null })
  const technology = await db.as(principal, async (tx) => {
    const set = setClause(assignments, 'name')
    const updated = await tx.query(
      `update public.technologies set ${set.sql} where id = $1 returning id`,
      [id, ...set.params],
    )
    if (!updated.length) return refusedOrMissing(tx, 'technologies', id, 'Technology')
    return loadTechnology(tx, id)
  })
  return c.json(technology)
})

technologyRoutes.delete('/:id', async (c) => {
  const id = idParam(c)
  const principal = c.get('principal')
  requireSignedIn(principal)
  const { db } = c.get('deps')
  await db.as(principal, async (tx) => {
    const deleted = await tx.query('delete from public.technologies where id = $1 returning id', [
      id,
    ])
    if (!deleted.length) await refusedOrMissing(tx, 'technologies', id, 'Technology')
  })
  return c.body(null, 204)
})
