// /technologies: the skills grid and the portfolio filter. Each lists the
// projects using it; row-level security hides inactive ones from visitors.
import { Hono } from 'hono'
import type { AppEnv } from '../context.ts'
import type { Queryable } from '../db.ts'
import { notFound } from '../errors.ts'
import {
  lockImageReferences,
  removeUnreferencedImages,
  unreferencedImages,
  useStoredImages,
} from '../images/unreferenced.ts'
import { technologySchema, technologyUpdateSchema } from '../schemas.ts'
import { refusedOrMissing, requireSignedIn, setClause, type Assignment } from '../sql.ts'
import type { Technology } from '../types.ts'
import { idParam, readJson } from '../validate.ts'
import { checkIfMatch, setVersionTag } from '../versions.ts'

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

/** One technology and its row version, the ETag of docs/decisions/009-optimistic-concurrency.md. */
async function loadTechnology(
  tx: Queryable,
  id: number,
): Promise<{ technology: Technology; version: number }> {
  const [row] = await tx.query<TechnologyRow & { version: number }>(
    `select x.*, (select v.version from public.technologies v where v.id = x.id) as version
       from (${selectTechnologies} where t.id = $1) x`,
    [id],
  )
  if (!row) throw notFound('Technology not found')
  const { version, ...technology } = row
  return { technology, version }
}

// As GET /projects: the database writes the list's JSON (docs/decisions/006-http-caching-and-measured-speed.md).
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
  const { technology, version } = await db.as(c.get('principal'), (tx) => loadTechnology(tx, id), {
    readOnly: true,
  })
  setVersionTag(c, id, version)
  return c.json(technology)
})

technologyRoutes.post('/', async (c) => {
  const principal = c.get('principal')
  requireSignedIn(principal)
  const input = await readJson(c, technologySchema)
  const { db, images } = c.get('deps')
  const { technology } = await db.as(principal, async (tx) => {
    await useStoredImages(tx, images, [input.icon], 'icon')
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
  const { db, images } = c.get('deps')
  const assignments: Assignment[] = []
  if (input.name !== undefined) assignments.push({ column: 'name', value: input.name })
  if (input.icon !== undefined) assignments.push({ column: 'icon', value: input.icon || null })
  const { loaded, dropped } = await db.as(principal, async (tx) => {
    // Before any write (see lockImageReferences), then the row: the order every writer keeps.
    await lockImageReferences(tx)
    await checkIfMatch(c, tx, 'technologies', id, 'technology')
    const [before] = await tx.query<{ icon: string | null }>(
      'select icon from public.technologies where id = $1',
      [id],
    )
    const set = setClause(assignments, 'name')
    const [after] = await tx.query<{ icon: string | null }>(
      `update public.technologies set ${set.sql} where id = $1 returning icon`,
      [id, ...set.params],
    )
    if (!after || !before) return refusedOrMissing(tx, 'technologies', id, 'Technology')
    if (after.icon !== before.icon) await useStoredImages(tx, images, [after.icon], 'icon')
    const dropped =
      before.icon !== after.icon ? await unreferencedImages(tx, images, [before.icon]) : []
    return { loaded: await loadTechnology(tx, id), dropped }
  })
  // Only once the change has committed (images/unreferenced.ts).
  await removeUnreferencedImages((fn) => db.as(principal, fn), images, dropped)
  return c.json(loaded.technology)
})

technologyRoutes.delete('/:id', async (c) => {
  const id = idParam(c)
  const principal = c.get('principal')
  requireSignedIn(principal)
  const { db, images } = c.get('deps')
  const dropped = await db.as(principal, async (tx) => {
    await lockImageReferences(tx)
    const [deleted] = await tx.query<{ icon: string | null }>(
      'delete from public.technologies where id = $1 returning icon',
      [id],
    )
    if (!deleted) return refusedOrMissing(tx, 'technologies', id, 'Technology')
    return unreferencedImages(tx, images, [deleted.icon])
  })
  await removeUnreferencedImages((fn) => db.as(principal, fn), images, dropped)
  return c.body(null, 204)
})
