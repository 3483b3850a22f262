// The technologies an item names (a project's, an experience's, a certification's): linked
// when items are created (many at once in a restore), and replaced as a whole
// on every save that carries `technologiesIds`. An id that does not exist is
// the client's mistake (400).
import type { Queryable } from '../db/db.ts'
import { badRequest } from '../http/errors.ts'
import { insertRows, jsonParam, type FieldColumns } from '../db/sql.ts'

/** The link tables, by the column naming their owner (names from this code, never from a request). */
export type LinkTable =
  | { table: 'project_technologies'; owner: 'project_id' }
  | { table: 'experience_technologies'; owner: 'experience_id' }
  | { table: 'certification_technologies'; owner: 'certification_id' }
  | { table: 'post_technologies'; owner: 'post_id' }

/** Replaces the item's technologies with `ids`. */
export async function linkTechnologies(
  tx: Queryable,
  link: LinkTable,
  ownerId: number,
  ids: number[],
): Promise<void> {
  await tx.query(`delete from public.${link.table} where ${link.owner} = $1`, [ownerId])
  await insertLinks(tx, link, [ownerId], [ids])
}

/** Links new items to their technologies in one statement: `ids[i]` are those of `owners[i]`. */
export async function insertLinks(
  tx: Queryable,
  link: LinkTable,
  owners: readonly number[],
  ids: readonly (readonly number[])[],
): Promise<void> {
  const pairs = owners.flatMap((owner, i) =>
    [...new Set(ids[i] ?? [])].map((id) => [owner, id] as const),
  )
  if (!pairs.length) return
  const unique = [...new Set(pairs.map(([, id]) => id))]
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
  await tx.query(
    `insert into public.${link.table} (${link.owner}, technology_id)
     select (value ->> 0)::int, (value ->> 1)::int from jsonb_array_elements($1::jsonb)`,
    [jsonParam(pairs)],
  )
}

/** Inserts checked items (sql.ts's insertRows), each linked to the technologies it names; answers their new ids. */
export async function insertLinkedRows(
  tx: Queryable,
  table: string,
  fields: FieldColumns,
  link: LinkTable,
  rows: readonly { technologiesIds?: readonly number[] }[],
): Promise<number[]> {
  const ids = await insertRows(tx, table, fields, rows)
  await insertLinks(
    tx,
    link,
    ids,
    rows.map((row) => row.technologiesIds ?? []),
  )
  return ids
}
