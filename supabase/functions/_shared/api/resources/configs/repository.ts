// A configuration: a site text or link the public page merges over its
// defaults. Names are unique whatever their case (supabase/schemas/05_content.sql).
import { config, type Config } from '../../../contract/responses.ts'
import type { Queryable } from '../../../db/db.ts'
import { configCreateSchema, configSchema, configUpdateSchema } from '../../../contract/schemas.ts'
import { JSON_ROWS, jsonParam } from '../../../db/sql.ts'
import { contentRepository } from '../../content-table.ts'
import { TRANSLATABLE } from '../../registry.ts'

const columns = 'c.id, c.name, c.value, c.description'

export const configs = contentRepository({
  table: 'configs',
  what: 'configuration',
  select: `select ${columns} from public.configs c`,
  alias: 'c',
  order: 'x.name, x.id',
  fields: {
    name: { column: 'name' },
    value: { column: 'value' },
    description: { column: 'description', stored: (text: string | null) => text || null },
  },
  translatable: TRANSLATABLE.configs,
  create: configCreateSchema,
  update: configUpdateSchema,
  item: config,
})

/**
 * Inserts checked configurations in their order (a POST's one, a restore's
 * all); answers the rows inserted. A name already taken is skipped, not an
 * error, so that a POST can name the one already there.
 */
export const insertConfigs = (tx: Queryable, rows: readonly (typeof configSchema._zod.output)[]) =>
  tx.query<Record<string, unknown> & { id: number }>(
    `insert into public.configs as c (name, value, description, translations)
     select e.value ->> 'name', e.value ->> 'value', e.value ->> 'description',
            jsonb_strip_nulls(coalesce(e.value -> 'translations', '{}'::jsonb))
       from ${JSON_ROWS} order by e.ord
     on conflict ((lower(name))) do nothing returning ${columns}`,
    [jsonParam(rows)],
  )

/** One configuration by its exact name, with its version, as the caller may see it. */
export async function configByName(tx: Queryable, name: string) {
  const [row] = await tx.query<Config & { version: number }>(
    `select ${columns}, c.version from public.configs c where c.name = $1`,
    [name],
  )
  return row
}

/** The 409 when a name is taken; one that differs only in case is named, or the clash would puzzle. */
export function configNameTaken(existing: string, requested: string): string {
  return existing === requested
    ? 'A configuration with this name already exists'
    : `A configuration named "${existing}" already exists; names are not case-sensitive`
}
