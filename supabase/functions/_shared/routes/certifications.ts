// /certifications: newest first; visitors see active ones only (row-level security).
// Each names the technologies it certifies (docs/PRODUCT.md §19).
import { Hono } from 'hono'
import type { z } from 'zod'
import type { AppEnv } from '../context.ts'
import type { Queryable } from '../db.ts'
import { notFound } from '../errors.ts'
import {
  checkShownImages,
  deleteShowingImages,
  updateShowingImages,
  type ImageColumns,
} from '../images/image-writes.ts'
import { certificationSchema, certificationUpdateSchema } from '../schemas.ts'
import { requireSignedIn, setClause, type Assignment, type FieldColumns } from '../sql.ts'
import { insertLinkedRows, linkTechnologies, type LinkTable } from '../technology-links.ts'
import type { Certification } from '../contract/responses.ts'
import { idParam, readJson } from '../validate.ts'
import { versionedGet, type WithVersion } from '../versions.ts'

export const certificationRoutes = new Hono<AppEnv>()

type CertificationRow = Certification & Record<string, unknown>
/** One certification with its row version (docs/decisions/009-optimistic-concurrency.md). */

// The date leaves SQL as text so it reads the same from every driver and never shifts with a time zone.
const columns = `id, name, icon, to_char(obtained_date, 'YYYY-MM-DD') as "obtainedDate", is_active as "isActive"`

/** `columns` and the technologies it certifies, from `public.certifications c`. */
const answerColumns = `c.id, c.name, c.icon, to_char(c.obtained_date, 'YYYY-MM-DD') as "obtainedDate",
  c.is_active as "isActive",
  coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name, t.id)
      from public.certification_technologies ct join public.technologies t on t.id = ct.technology_id
     where ct.certification_id = c.id), '[]'::json) as technologies`

const links: LinkTable = { table: 'certification_technologies', owner: 'certification_id' }

const certificationFields: FieldColumns = {
  name: { column: 'name' },
  icon: { column: 'icon' },
  obtainedDate: { column: 'obtained_date', expression: '$::date' },
  isActive: { column: 'is_active', expression: '$::boolean' },
}

/**
 * Inserts checked certifications in their order (a POST's one, a restore's
 * all), each linked to the technologies it names (400 for an unknown one);
 * answers their new ids.
 */
export const insertCertifications = (
  tx: Queryable,
  rows: readonly z.output<typeof certificationSchema>[],
): Promise<number[]> => insertLinkedRows(tx, 'certifications', certificationFields, links, rows)

async function loadCertification(tx: Queryable, id: number): Promise<CertificationRow> {
  const [row] = await tx.query<CertificationRow>(
    `select ${answerColumns} from public.certifications c where c.id = $1`,
    [id],
  )
  if (!row) throw notFound('Certification not found')
  return row
}

const iconColumn: ImageColumns<CertificationRow> = {
  table: 'certifications',
  what: 'certification',
  columns,
  shown: (row) => ({ icon: [row.icon] }),
}

certificationRoutes.get('/', async (c) => {
  const { db } = c.get('deps')
  const rows = await db.as(
    c.get('principal'),
    (tx) =>
      tx.query<CertificationRow>(
        `select ${answerColumns} from public.certifications c order by c.obtained_date desc, c.id`,
      ),
    { readOnly: true },
  )
  return c.json(rows)
})

certificationRoutes.get(
  '/:id',
  versionedGet(async (tx, id) => {
    const [row] = await tx.query<WithVersion<CertificationRow>>(
      `select ${answerColumns}, c.version from public.certifications c where c.id = $1`,
      [id],
    )
    return row
  }, 'Certification not found'),
)

certificationRoutes.post('/', async (c) => {
  const principal = c.get('principal')
  requireSignedIn(principal)
  const input = await readJson(c, certificationSchema)
  const { db, images } = c.get('deps')
  const row = await db.as(principal, async (tx) => {
    await checkShownImages(tx, images, { icon: [input.icon] })
    const [id] = await insertCertifications(tx, [input])
    return loadCertification(tx, id!)
  })
  return c.json(row, 201)
})

certificationRoutes.patch('/:id', async (c) => {
  const id = idParam(c)
  const principal = c.get('principal')
  requireSignedIn(principal)
  const input = await readJson(c, certificationUpdateSchema)
  const assignments: Assignment[] = []
  if (input.name !== undefined) assignments.push({ column: 'name', value: input.name })
  if (input.icon !== undefined) assignments.push({ column: 'icon', value: input.icon })
  if (input.obtainedDate !== undefined)
    assignments.push({ column: 'obtained_date', value: input.obtainedDate, expression: '$::date' })
  if (input.isActive !== undefined) assignments.push({ column: 'is_active', value: input.isActive })
  const saved = await updateShowingImages(
    c,
    iconColumn,
    id,
    setClause(assignments, 'name'),
    async (tx) => {
      if (input.technologiesIds !== undefined)
        await linkTechnologies(tx, links, id, input.technologiesIds)
      return loadCertification(tx, id)
    },
  )
  return c.json(saved)
})

certificationRoutes.delete('/:id', async (c) => {
  const id = idParam(c)
  requireSignedIn(c.get('principal'))
  await deleteShowingImages(c, iconColumn, id)
  return c.body(null, 204)
})
