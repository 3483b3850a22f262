// /configs: site texts and links the public page merges over its defaults.
// Static paths are registered before /:id so that /all-as-object is never read as an id.
import { Hono, type Context } from 'hono'
import type { z } from 'zod'
import type { AppEnv } from '../context.ts'
import type { Queryable } from '../db.ts'
import { conflict, notFound } from '../errors.ts'
import { configSchema, configUpdateSchema } from '../schemas.ts'
import {
  JSON_ROWS,
  jsonParam,
  refusedOrMissing,
  requireSignedIn,
  setClause,
  type Assignment,
} from '../sql.ts'
import type { Config } from '../contract/responses.ts'
import { idParam, readJson } from '../validate.ts'
import { checkIfMatch, setVersionTag, versionedGet, type WithVersion } from '../versions.ts'

export const configRoutes = new Hono<AppEnv>()

type ConfigRow = Config & Record<string, unknown>
/** One configuration with its row version (docs/decisions/009-optimistic-concurrency.md). */
type VersionedRow = WithVersion<ConfigRow>
const columns = 'id, name, value, description'

/**
 * Inserts checked configurations in their order (a POST's one, a restore's
 * all); answers the rows inserted. Names are unique whatever their case
 * (supabase/schemas/05_content.sql): one already taken is skipped,
 * not an error, so that a POST can name the one already there.
 */
export const insertConfigs = (tx: Queryable, rows: readonly z.output<typeof configSchema>[]) =>
  tx.query<ConfigRow>(
    `insert into public.configs (name, value, description)
     select e.value ->> 'name', e.value ->> 'value', e.value ->> 'description'
       from ${JSON_ROWS} order by e.ord
     on conflict ((lower(name))) do nothing returning ${columns}`,
    [jsonParam(rows)],
  )

/** The 409 when a name is taken; one that differs only in case is named, or the clash would puzzle. */
export function configNameTaken(existing: string, requested: string): string {
  return existing === requested
    ? 'A configuration with this name already exists'
    : `A configuration named "${existing}" already exists; names are not case-sensitive`
}

configRoutes.get('/', async (c) => {
  const { db } = c.get('deps')
  const rows = await db.as(
    c.get('principal'),
    (tx) => tx.query<ConfigRow>(`select ${columns} from public.configs order by name, id`),
    {
      readOnly: true,
    },
  )
  return c.json(rows)
})

configRoutes.get('/all-as-object', async (c) => {
  const { db } = c.get('deps')
  const rows = await db.as(
    c.get('principal'),
    (tx) =>
      tx.query<{ name: string; value: string }>(
        'select name, value from public.configs order by name',
      ),
    { readOnly: true },
  )
  return c.json(Object.fromEntries(rows.map((r) => [r.name, r.value])))
})

async function byName(c: Context<AppEnv>): Promise<VersionedRow> {
  const { db } = c.get('deps')
  const name = c.req.param('name') ?? ''
  const [row] = await db.as(
    c.get('principal'),
    (tx) =>
      tx.query<VersionedRow>(`select ${columns}, version from public.configs where name = $1`, [
        name,
      ]),
    { readOnly: true },
  )
  if (!row) throw notFound('Configuration not found')
  return row
}

configRoutes.get('/name/:name', async (c) => {
  const { version, ...config } = await byName(c)
  setVersionTag(c, config.id, version)
  return c.json(config)
})

configRoutes.get('/value/:name', async (c) => c.json({ value: (await byName(c)).value }))

configRoutes.get(
  '/:id',
  versionedGet(async (tx, id) => {
    const [row] = await tx.query<VersionedRow>(
      `select ${columns}, version from public.configs where id = $1`,
      [id],
    )
    return row
  }, 'Configuration not found'),
)

configRoutes.post('/', async (c) => {
  const principal = c.get('principal')
  requireSignedIn(principal)
  const input = await readJson(c, configSchema)
  const { db } = c.get('deps')
  const row = await db.as(principal, async (tx) => {
    const [created] = await insertConfigs(tx, [input])
    if (created) return created
    const [existing] = await tx.query<{ name: string }>(
      'select name from public.configs where lower(name) = lower($1)',
      [input.name],
    )
    throw conflict(configNameTaken(existing?.name ?? input.name, input.name))
  })
  return c.json(row, 201)
})

configRoutes.patch('/:id', async (c) => {
  const id = idParam(c)
  const principal = c.get('principal')
  requireSignedIn(principal)
  const input = await readJson(c, configUpdateSchema)
  const { db } = c.get('deps')
  const assignments: Assignment[] = []
  if (input.value !== undefined) assignments.push({ column: 'value', value: input.value })
  if (input.description !== undefined)
    assignments.push({ column: 'description', value: input.description || null })
  const row = await db.as(principal, async (tx) => {
    await checkIfMatch(c, tx, 'configs', id, 'configuration')
    const set = setClause(assignments, 'value')
    const [updated] = await tx.query<ConfigRow>(
      `update public.configs set ${set.sql} where id = $1 returning ${columns}`,
      [id, ...set.params],
    )
    return updated ?? refusedOrMissing(tx, 'configs', id, 'Configuration')
  })
  return c.json(row)
})

configRoutes.delete('/:id', async (c) => {
  const id = idParam(c)
  const principal = c.get('principal')
  requireSignedIn(principal)
  const { db } = c.get('deps')
  await db.as(principal, async (tx) => {
    const deleted = await tx.query('delete from public.configs where id = $1 returning id', [id])
    if (!deleted.length) await refusedOrMissing(tx, 'configs', id, 'Configuration')
  })
  return c.body(null, 204)
})
