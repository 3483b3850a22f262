// Optimistic concurrency for the items an owner edits in a form (docs/PRODUCT.md §11,
// item 9; docs/decisions/009-optimistic-concurrency.md). A signed-in GET of one
// item answers its row version as the ETag; a PATCH or PUT that sends it back
// in If-Match is applied only if nobody changed the row since, else 412. A
// write without If-Match goes ahead as before: the spec's clients send none.
import type { Context } from 'hono'
import { readAsCaller, type AppEnv } from '../context.ts'
import type { Queryable } from '../db/db.ts'
import { entityTag, listedTags } from './entity-tags.ts'
import { HttpError, notFound } from './errors.ts'
import { answer } from './json-answer.ts'

/** The tables with a `version` column (migration ..._row_versions.sql). */
export type VersionedTable =
  | 'projects'
  | 'technologies'
  | 'certifications'
  | 'configs'
  | 'users'
  | 'experiences'
  | 'education'
  | 'share_links'
  | 'posts'
  | 'appearance'

/** The id is part of the tag so that a tag sent to another item's URL never matches. */
export const etagOf = (id: number, version: number) => entityTag(`${id}.${version}`)

/**
 * Answers the item's version as its ETag, to signed-in callers only: a visitor's
 * read keeps the public-caching ETag of http-cache.ts, which serves 304s, and a
 * visitor cannot write anyway.
 */
export function setVersionTag(c: Context<AppEnv>, id: number, version: number): void {
  if (c.get('principal').kind === 'user') c.header('ETag', etagOf(id, version))
}

/** A row read with its `version` column. */
export type WithVersion<T> = T & { version: number }

/**
 * Answers the item `read` finds for `id`, its row with the `version` column as
 * the caller may see it, or 404 with `notFoundMessage`. The answer is the row
 * without the version, which goes in the ETag.
 */
export async function answerVersioned<T extends object>(
  c: Context<AppEnv>,
  id: number,
  read: (tx: Queryable, id: number) => Promise<WithVersion<T> | undefined>,
  notFoundMessage: string,
) {
  const row = await readAsCaller(c, (tx) => read(tx, id))
  if (!row) throw notFound(notFoundMessage)
  const { version, ...item } = row
  setVersionTag(c, id, version)
  return answer(c, item as T, 200)
}

export const staleVersion = (what: string) =>
  new HttpError(
    412,
    `This ${what} was changed by someone else after you loaded it. Load it again, then make your changes.`,
  )

/**
 * Checks If-Match before a write and locks the row until the transaction ends,
 * so no other write slips in between the check and this one. A row the caller
 * may not update or that does not exist is left to the write itself, which
 * answers 403 or 404 as without the header.
 */
export async function checkIfMatch(
  c: Context<AppEnv>,
  tx: Queryable,
  table: VersionedTable,
  id: number,
  what: string,
): Promise<void> {
  // Weak tags count (entity-tags.ts): ours name the row's version, not bytes.
  const tags = listedTags(c.req.header('if-match'))
  if (tags === null) return
  const [row] = await tx.query<{ version: number }>(
    `select version from public.${table} where id = $1 for update`,
    [id],
  )
  if (!row || tags.includes('*')) return
  if (!tags.includes(etagOf(id, row.version))) throw staleVersion(what)
}
