// Which stored images content still uses, and removing those nothing uses any
// more (docs/ARCHITECTURE.md, "The contract's rules"). Every table that can hold an image
// URL counts: the registry's (api/registry.ts): projects (thumbnail, images, and the
// card copies in image_details), technologies and certifications (icon),
// configurations (anywhere in the value, which is free text) and posts (the cover,
// and anywhere in the Markdown body or its translations).
//
// A reference is found by the stored object's name (a UUID and an extension)
// anywhere in the column, so an absolute copy of a relative URL, or a URL
// inside a sentence, still keeps the file.
//
// A file goes only after the change that stopped using it has committed
// (docs/decisions/020-files-after-commit.md): the request's transaction only
// decides which files its change may have freed (unreferencedImages), and once
// it has committed, removeUnreferencedImages() removes them in a transaction of
// its own. Removing a file inside the request's transaction would lose it for
// good when that transaction then fails to commit, with rows still showing it.
//
// That second transaction looks again, under lockImageReferences(), because
// another request may have started using the file in between: the server
// picks every object's name, so no new upload can take that name, but the URL
// itself is known to clients (another tab's form, a stale copy, a value pasted
// into a configuration) and may be saved again meanwhile. Every write that
// starts using a file takes the same lock and checks the file is still there
// (useStoredImages), so deciding and removing under the lock keeps both orders
// safe: the write comes first and the file stays, or the removal comes first
// and the write is refused instead of pointing at nothing.
//
// A process that dies between the commit and the removal leaves only files
// nothing uses, which the sweep (images/sweep.ts) removes later.
import type { Queryable } from '../db/db.ts'
import { HttpError } from '../http/errors.ts'
import { messages } from '../contract/messages.ts'
import { jsonParam } from '../db/sql.ts'
import { WITH_IMAGES, type ImageHold } from '../api/registry.ts'
import { detectImageType } from './detect-image-type.ts'
import type { ImageStore } from './image-store.ts'

/** The tables that can show a stored image: the registry's, in its order. */
const IMAGE_TABLES = WITH_IMAGES.map((r) => r.table)

/**
 * Locks every table that can reference an image against writes until the
 * transaction ends. Taken before the transaction writes anything, always in
 * this order, so two callers queue instead of deadlocking; SHARE ROW EXCLUSIVE
 * lets visitors' reads through and holds back inserts, updates and deletes.
 */
export async function lockImageReferences(tx: Queryable): Promise<void> {
  await tx.query(
    `lock table ${IMAGE_TABLES.map((t) => `public.${t}`).join(', ')} in share row exclusive mode`,
  )
}

export const IMAGE_GONE = 'This image was deleted meanwhile; upload it again'

export const NOT_AN_IMAGE =
  'The uploaded file is not a JPEG, PNG, GIF or WEBP image, so it was not saved and has been deleted'

/**
 * A stored file content was about to show is no image. Storage keeps what a
 * signed upload sent under the Content-Type the browser declared, so this is
 * the API's own look at the bytes. The app's error handler removes the files
 * once the refused transaction is over, if nothing uses them (app.ts).
 */
export class NotAnImageError extends HttpError {
  constructor(
    readonly urls: string[],
    field: string,
  ) {
    super(415, NOT_AN_IMAGE, { [field]: messages.imageTypeSingle })
  }
}

/**
 * Before a write that starts using `urls`: when any is one of ours, takes
 * lockImageReferences() (a no-op when the transaction holds it already), then
 * reads the first bytes of each: 409 when its file is gone, 415 when it is not
 * a JPEG, PNG, GIF or WEBP. Other URLs are not ours to check.
 */
export async function useStoredImages(
  tx: Queryable,
  images: ImageStore,
  urls: (string | null | undefined)[],
  field: string,
): Promise<void> {
  const ours = [...new Set(urls)].filter((u): u is string => !!u && images.nameFromUrl(u) !== null)
  if (!ours.length) return
  await lockImageReferences(tx)
  const heads = await Promise.all(ours.map((url) => images.readStart(url)))
  if (heads.includes(null)) throw new HttpError(409, IMAGE_GONE, { [field]: IMAGE_GONE })
  const refused = ours.filter((_, i) => !detectImageType(heads[i]!))
  if (refused.length) throw new NotAnImageError(refused, field)
}

/** How many rows of each table that can show an image use it. */
export type ImageUse = Record<(typeof IMAGE_TABLES)[number], number>

const none = Object.fromEntries(IMAGE_TABLES.map((t) => [t, 0])) as ImageUse

/** SQL: whether `column` (over the alias x), holding images as `hold` says, names the object c.name. */
function shows(column: string, hold: ImageHold): string {
  switch (hold) {
    case 'url':
      return `strpos(coalesce(x.${column}, ''), c.name) > 0`
    case 'urls':
      return `exists (select 1 from unnest(x.${column}) i where strpos(i, c.name) > 0)`
    case 'text':
      return `strpos(x.${column}::text, c.name) > 0`
  }
}

/** For each registered table, how many of its rows name c.name in any of its image columns. */
const usesSql = WITH_IMAGES.map(
  (r) =>
    `(select count(*)::int from public.${r.table} x where ${Object.entries(r.images)
      .map(([column, hold]) => shows(column, hold as ImageHold))
      .join(' or ')}) as "${r.table}"`,
).join(',\n       ')

/** How many rows of each table use each of the stored objects `names`. */
async function uses(tx: Queryable, names: string[]): Promise<Map<string, ImageUse>> {
  const rows = await tx.query<ImageUse & { name: string }>(
    `select c.name, ${usesSql}
       from jsonb_array_elements_text($1::jsonb) as c(name)`,
    [jsonParam(names)],
  )
  return new Map(rows.map(({ name, ...use }) => [name, use as ImageUse]))
}

/** What uses the stored image behind `url` (call after lockImageReferences to act on it). */
export async function imageUse(tx: Queryable, images: ImageStore, url: string): Promise<ImageUse> {
  const name = images.nameFromUrl(url)
  if (!name) return none
  return (await uses(tx, [name])).get(name) ?? none
}

export const isUsed = (use: ImageUse) => IMAGE_TABLES.some((table) => use[table] > 0)

/**
 * Of `urls`, those that are ours and that nothing uses any more. The caller
 * holds lockImageReferences() and has already made its own change.
 */
export async function unreferencedImages(
  tx: Queryable,
  images: ImageStore,
  urls: (string | null | undefined)[],
): Promise<string[]> {
  const ours = new Map<string, string>()
  for (const url of urls) {
    const name = url ? images.nameFromUrl(url) : null
    if (url && name) ours.set(url, name)
  }
  if (!ours.size) return []
  const used = await uses(tx, [...new Set(ours.values())])
  return [...ours].filter(([, name]) => !isUsed(used.get(name) ?? none)).map(([url]) => url)
}

/** Runs a callback in a transaction of its own: `db.as` with the caller's principal, or a driver's. */
export type RunTransaction = <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>

/**
 * After the transaction that stopped using `urls` has committed: removes
 * those of ours that nothing uses now, deciding again under the lock (see the
 * top of this file). The change is saved already, so this never fails the
 * request: what it cannot remove is logged and left to the sweep.
 */
export async function removeUnreferencedImages(
  run: RunTransaction,
  images: ImageStore,
  urls: string[],
): Promise<void> {
  if (!urls.length) return
  try {
    await run(async (tx) => {
      await lockImageReferences(tx)
      await removeImages(images, await unreferencedImages(tx, images, urls))
    })
  } catch (error) {
    // The code alone: a driver's error carries the query's parameters (log.ts).
    const code = (error as { code?: unknown } | null)?.code
    console.warn(
      `Left ${urls.length} image file(s) that nothing may use any more to the sweep`,
      String(code ?? (error instanceof Error ? error.name : 'error')),
    )
  }
}

/** Removing a file never fails the request: a file left behind is logged. */
export async function removeImages(images: ImageStore, urls: string[]): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      try {
        await images.remove(url)
      } catch (error) {
        console.warn(`Could not remove the unreferenced image ${url}`, error)
      }
    }),
  )
}
