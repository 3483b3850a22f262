// /demo (docs/PRODUCT.md §28, docs/decisions/069-demo-content-by-fingerprint.md):
// how much of the demo portfolio the seed wrote is still as it wrote it, and
// its removal in one call. The database knows which rows those are
// (app.demo_rows(), supabase/schemas/17_demo_content.sql); the removal first
// keeps a backup of all content, which the Backup screen lists and restores,
// then deletes those rows as the caller, so row-level security, the history,
// the content version and the publish hook treat it as any other write.
import type { Context } from 'hono'
import { Api, ok } from '../../operation.ts'
import { asCaller, readAsCaller, type AppEnv } from '../../../context.ts'
import type { Queryable } from '../../../db/db.ts'
import {
  demoRemoval,
  demoStatus,
  errorBody,
  type DemoCounts,
  type DemoRemoval,
} from '../../../contract/responses.ts'
import { keptArchiveName, keptAt } from '../../../toolkit/archive-store.ts'
import { buildArchive, contentTexts, readContent } from '../../../toolkit/backup-export.ts'
import {
  lockImageReferences,
  removeUnreferencedImages,
  unreferencedImages,
} from '../../../images/unreferenced.ts'
import { archivesMissing } from '../backup/routes.ts'
import { DEMO_KINDS } from '../../registry.ts'

/** The kinds, in the order their rows are deleted (the registry's): what links to technologies first. */
const KINDS = DEMO_KINDS satisfies readonly (keyof DemoCounts)[]

type DemoRows = Record<keyof DemoCounts, number[]>

/** The ids of the demo's rows the caller would remove now, by kind. */
async function demoRows(tx: Queryable): Promise<DemoRows> {
  const byKind = Object.fromEntries(KINDS.map((kind) => [kind, [] as number[]])) as DemoRows
  // A site that started clean has no fingerprint: no need to compute every row's.
  const [seeded] = await tx.query<{ any: boolean }>(
    'select exists (select 1 from app.demo_content) as any',
  )
  if (!seeded?.any) return byKind
  const rows = await tx.query<{ entity: keyof DemoCounts; id: number }>(
    'select entity, id from app.demo_rows() order by entity, id',
  )
  for (const row of rows) byKind[row.entity]?.push(Number(row.id))
  return byKind
}

const countsOf = (rows: DemoRows): DemoCounts => ({
  projects: rows.projects.length,
  technologies: rows.technologies.length,
  certifications: rows.certifications.length,
  experiences: rows.experiences.length,
  education: rows.education.length,
  posts: rows.posts.length,
  configs: rows.configs.length,
})

const isEmpty = (counts: DemoCounts) => Object.values(counts).every((n) => n === 0)

/** Deletes the demo's rows in the caller's transaction; answers the counts and the files they freed. */
async function removeRows(c: Context<AppEnv>) {
  const { images } = c.get('deps')
  return asCaller(c, async (tx) => {
    await lockImageReferences(tx)
    const before = contentTexts(await readContent(tx, false))
    const rows = await demoRows(tx)
    // A configuration removed is a site text back to its default (site-config.ts).
    for (const kind of KINDS)
      if (rows[kind].length)
        await tx.query(`delete from public.${kind} where id = any($1::int[])`, [rows[kind]])
    return { counts: countsOf(rows), freed: await unreferencedImages(tx, images, before) }
  })
}

/** The backup of all content as it is now, kept in the archive store. */
async function keepBackup(c: Context<AppEnv>) {
  const { images, archives } = c.get('deps')
  if (!archives) throw archivesMissing()
  const content = await readAsCaller(c, (tx) => readContent(tx, true))
  const bytes = await buildArchive(content, images)
  const path = keptArchiveName()
  await archives.keep(path, bytes)
  return { path, createdAt: keptAt(path), size: bytes.length }
}

export const demoApi = new Api()
  .add(
    {
      method: 'get',
      path: '/demo',
      operationId: 'getDemoContent',
      summary: 'How much of the demo content is still as the seed wrote it',
      tag: 'Demo content',
      access: 'admin',
      confirmAdmin: true,
      answers: {
        200: ok('Whether the demo is there, and what removing it would take away', demoStatus),
      },
    },
    async (c) => {
      const counts = countsOf(await readAsCaller(c, demoRows))
      return c.json({ present: !isEmpty(counts), counts }, 200)
    },
  )
  .add(
    {
      method: 'delete',
      path: '/demo',
      operationId: 'removeDemoContent',
      summary:
        'Keep a backup, then remove the demo rows the owner has not changed and bring the site texts the seed wrote back to their defaults',
      tag: 'Demo content',
      access: 'admin',
      // The backup is written to storage before any row-level policy is asked.
      confirmAdmin: true,
      answers: {
        200: ok('What was removed, and the backup to restore it from', demoRemoval),
        503: ok('The backup could not be written; nothing was removed', errorBody),
      },
    },
    async (c) => {
      const { images, work } = c.get('deps')
      const run = async (): Promise<DemoRemoval> => {
        const found = countsOf(await readAsCaller(c, demoRows))
        if (isEmpty(found)) return { removed: found, backup: null }
        const backup = await keepBackup(c)
        const { counts, freed } = await removeRows(c)
        await removeUnreferencedImages((fn) => asCaller(c, fn), images, freed)
        return { removed: counts, backup }
      }
      // A backup is expensive work: it waits its turn (work-queue.ts).
      return c.json(await (work ? work.run(run) : run()), 200)
    },
  )
