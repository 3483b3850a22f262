// The writes to content that shows images (projects, technologies,
// certifications), with their image bookkeeping in one place: which files a
// row shows, that a newly shown file is there and is an image, and which files
// a change freed, removed once it has committed (images/unreferenced.ts,
// docs/decisions/020-files-after-commit.md).
import type { Context } from 'hono'
import { asCaller, type AppEnv } from '../context.ts'
import type { Queryable } from '../db/db.ts'
import type { ImageStore } from './image-store.ts'
import { refusedOrMissing } from '../db/sql.ts'
import { checkIfMatch, type VersionedTable } from '../http/versions.ts'
import {
  lockImageReferences,
  removeUnreferencedImages,
  unreferencedImages,
  useStoredImages,
} from './unreferenced.ts'

/** The image URLs a row shows, by the request field a refusal should name. */
export type ShownImages = Record<string, (string | null | undefined)[]>

/** How one table shows images. */
export interface ImageColumns<Row> {
  table: VersionedTable
  /** 'project': in the 404 and 412 messages. */
  what: string
  /** The columns `shown` reads, as SQL (RETURNING and SELECT lists). */
  columns: string
  shown(row: Row): ShownImages
}

const flat = (shown: ShownImages) =>
  Object.values(shown)
    .flat()
    .filter((url): url is string => !!url)

const capitalized = (what: string) => what.charAt(0).toUpperCase() + what.slice(1)

/** Before an insert: every file `shown` names is there and is an image (409, 415). */
export async function checkShownImages(
  tx: Queryable,
  images: ImageStore,
  shown: ShownImages,
  except: Set<string> = new Set(),
): Promise<void> {
  for (const [field, urls] of Object.entries(shown))
    await useStoredImages(
      tx,
      images,
      urls.filter((url) => !url || !except.has(url)),
      field,
    )
}

/**
 * A PATCH of row `id`: the If-Match check, the UPDATE (`set`, from setClause),
 * the files it starts showing checked, `then` for the rest of the write (a
 * project's technologies, the answer; it gets the row as the UPDATE returned
 * `columns`), and the files it stopped showing
 * removed after the commit if nothing else shows them.
 */
export async function updateShowingImages<Row, T>(
  c: Context<AppEnv>,
  spec: ImageColumns<Row>,
  id: number,
  set: { sql: string; params: unknown[] },
  then: (tx: Queryable, after: Row) => Promise<T>,
): Promise<T> {
  const { images } = c.get('deps')
  const { result, dropped } = await asCaller(c, async (tx) => {
    // Before any write (see lockImageReferences), then the row: the order every writer keeps.
    await lockImageReferences(tx)
    await checkIfMatch(c, tx, spec.table, id, spec.what)
    const [before] = await tx.query<Row>(
      `select ${spec.columns} from public.${spec.table} where id = $1`,
      [id],
    )
    const [after] = await tx.query<Row>(
      `update public.${spec.table} set ${set.sql} where id = $1 returning ${spec.columns}`,
      [id, ...set.params],
    )
    if (!after || !before) return refusedOrMissing(tx, spec.table, id, capitalized(spec.what))
    const had = flat(spec.shown(before))
    await checkShownImages(tx, images, spec.shown(after), new Set(had))
    const result = await then(tx, after)
    const kept = new Set(flat(spec.shown(after)))
    const freed = had.filter((url) => !kept.has(url))
    return { result, dropped: await unreferencedImages(tx, images, freed) }
  })
  await removeUnreferencedImages((fn) => asCaller(c, fn), images, dropped)
  return result
}

/** A DELETE of row `id`, and the files only it showed, removed after the commit. */
export async function deleteShowingImages<Row>(
  c: Context<AppEnv>,
  spec: ImageColumns<Row>,
  id: number,
): Promise<void> {
  const { images } = c.get('deps')
  const dropped = await asCaller(c, async (tx) => {
    await lockImageReferences(tx)
    const [deleted] = await tx.query<Row>(
      `delete from public.${spec.table} where id = $1 returning ${spec.columns}`,
      [id],
    )
    if (!deleted) return refusedOrMissing(tx, spec.table, id, capitalized(spec.what))
    return unreferencedImages(tx, images, flat(spec.shown(deleted)))
  })
  await removeUnreferencedImages((fn) => asCaller(c, fn), images, dropped)
}
