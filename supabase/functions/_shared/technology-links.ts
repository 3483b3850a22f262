// The technologies an item names (a project's, an experience's, a certification's): replaced as a
// whole on every save that carries `technologiesIds`. An id that does not
// exist is the client's mistake (400).
import type { Queryable } from './db.ts'
import { badRequest } from './errors.ts'
import { jsonParam } from './sql.ts'

/** The link tables, by the column naming their owner (names from this code, never from a request). */
export type LinkTable =
  | { table: 'project_technologies'; owner: 'project_id' }
  | { table: 'experience_technologies'; owner: 'experience_id' }
  | { table: 'certification_technologies'; owner: 'certification_id' }

/** Replaces the item's technologies with `ids`. */
export async function linkTechnologies(
  tx: Queryable,
  link: LinkTable,
  ownerId: number,
  ids: number[],
): Promise<void> {
  const unique = [...new Set(ids)]
  if (unique.length) {
    const known = await tx.query<{ id: number }>(
      'select t.id from public.technologies t where t.id in (select value::int from jsonb_array_elements_text($1::jsonb))',
      [jsonParam(unique)],
    )
    const knownIds = new Set(known.map((r) => r.id))
    const missing = unique.filter((id) => !knownIds.has(id))
    if (missing.length) {
      const message = `Unknown technology id${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`
      throw badRequest(message, { technologiesIds: message })
    }
  }
  await tx.query(`delete from public.${link.table} where ${link.owner} = $1`, [ownerId])
  if (unique.length) {
    await tx.query(
      `insert into public.${link.table} (${link.owner}, technology_id)
       select $1, value::int from jsonb_array_elements_text($2::jsonb)`,
      [ownerId, jsonParam(unique)],
    )
  }
}
