// /certifications: newest first; visitors see active ones only (row-level security).
import { Hono } from 'hono'
import type { AppEnv } from '../context.ts'
import { notFound } from '../errors.ts'
import {
  checkShownImages,
  deleteShowingImages,
  updateShowingImages,
  type ImageColumns,
} from '../images/image-writes.ts'
import { certificationSchema, certificationUpdateSchema } from '../schemas.ts'
import { requireSignedIn, setClause, type Assignment } from '../sql.ts'
import type { Certification } from '../types.ts'
import { idParam, readJson } from '../validate.ts'
import { setVersionTag } from '../versions.ts'

export const certificationRoutes = new Hono<AppEnv>()

type CertificationRow = Certification & Record<string, unknown>
/** One certification with its row version (docs/decisions/009-optimistic-concurrency.md). */
type VersionedRow = CertificationRow & { version: number }

// The date leaves SQL as text so it reads the same from every driver and never shifts with a time zone.
const columns = `id, name, icon, to_char(obtained_date, 'YYYY-MM-DD') as "obtainedDate", is_active as "isActive"`

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
        `select ${columns} from public.certifications order by obtained_date desc, id`,
      ),
    { readOnly: true },
  )
  return c.json(rows)
})

certificationRoutes.get('/:id', async (c) => {
  const id = idParam(c)
  const { db } = c.get('deps')
  const [row] = await db.as(
    c.get('principal'),
    (tx) =>
      tx.query<VersionedRow>(
        `select ${columns}, version from public.certifications where id = $1`,
        [id],
      ),
    { readOnly: true },
  )
  if (!row) throw notFound('Certification not found')
  const { version, ...certification } = row
  setVersionTag(c, id, version)
  return c.json(certification)
})

certificationRoutes.post('/', async (c) => {
  const principal = c.get('principal')
  requireSignedIn(principal)
  const input = await readJson(c, certificationSchema)
  const { db, images } = c.get('deps')
  const [row] = await db.as(principal, async (tx) => {
    await checkShownImages(tx, images, { icon: [input.icon] })
    return tx.query<CertificationRow>(
      `insert into public.certifications (name, icon, obtained_date, is_active) values ($1, $2, $3::date, $4) returning ${columns}`,
      [input.name, input.icon, input.obtainedDate, input.isActive],
    )
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
  // The answer is the row as the UPDATE returned it (`columns`).
  const saved = await updateShowingImages(
    c,
    iconColumn,
    id,
    setClause(assignments, 'name'),
    async (_tx, after) => after,
  )
  return c.json(saved)
})

certificationRoutes.delete('/:id', async (c) => {
  const id = idParam(c)
  requireSignedIn(c.get('principal'))
  await deleteShowingImages(c, iconColumn, id)
  return c.body(null, 204)
})
