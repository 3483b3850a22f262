// /backup (docs/PRODUCT.md §14): admins download all content and its images as
// one zip, and restore such a zip on this instance. The `user` role gets 403,
// visitors 401; accounts are never exported nor replaced.
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../context.ts'
import { badRequest, forbidden } from '../errors.ts'
import type { Queryable } from '../db.ts'
import { requireSignedIn } from '../sql.ts'
import { buildArchive, readContent } from '../toolkit/backup-export.ts'
import { backupFileName, MAX_BACKUP_BYTES } from '../toolkit/backup-format.ts'
import { readArchive, tooLargeBackup } from '../toolkit/backup-read.ts'
import { restoreArchive } from '../toolkit/backup-restore.ts'

export const backupRoutes = new Hono<AppEnv>()

/** Room for the multipart boundaries and part headers around the archive. */
const MULTIPART_OVERHEAD = 64 * 1024

async function assertAdmin(tx: Queryable): Promise<void> {
  const [row] = await tx.query<{ admin: boolean }>('select app.is_admin() as admin')
  if (row?.admin !== true) throw forbidden()
}

backupRoutes.get('/', async (c) => {
  const principal = c.get('principal')
  requireSignedIn(principal)
  const withMessages = ['1', 'true'].includes(c.req.query('messages') ?? '')
  const { db, images } = c.get('deps')
  const content = await db.as(
    principal,
    async (tx) => {
      await assertAdmin(tx)
      return readContent(tx, withMessages)
    },
    { readOnly: true },
  )
  const archive = await buildArchive(content, images)
  return c.body(archive as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${backupFileName()}"`,
    'Cache-Control': 'no-store',
  })
})

/**
 * The ceiling the app's body-limit middleware (body-limit.ts) counts this
 * request's body against, when it is mounted: raised to an archive's size
 * before anything is read. Reached through the context by name, as that
 * middleware publishes it.
 */
function archiveBodyLimit(c: Context<AppEnv>): { max: number; exceeded: boolean } | undefined {
  const state = (c.var as Record<string, unknown>).bodyLimit as
    { max: number; exceeded: boolean } | undefined
  if (state) state.max = MAX_BACKUP_BYTES + MULTIPART_OVERHEAD
  return state
}

async function archiveFrom(c: Context<AppEnv>): Promise<Uint8Array> {
  const limit = archiveBodyLimit(c)
  const declared = Number(c.req.header('content-length'))
  if (Number.isFinite(declared) && declared > MAX_BACKUP_BYTES + MULTIPART_OVERHEAD)
    throw tooLargeBackup()
  let form: FormData
  try {
    form = await c.req.formData()
  } catch {
    if (limit?.exceeded) throw tooLargeBackup()
    throw badRequest('Send the backup as multipart/form-data in the field "file"', {
      file: 'Choose a backup file (.zip)',
    })
  }
  const file = form.get('file')
  if (file === null || typeof file === 'string')
    throw badRequest('No backup file was sent', { file: 'Choose a backup file (.zip)' })
  if (file.size > MAX_BACKUP_BYTES) throw tooLargeBackup()
  return new Uint8Array(await file.arrayBuffer())
}

backupRoutes.post('/', async (c) => {
  const principal = c.get('principal')
  requireSignedIn(principal)
  const { db, images } = c.get('deps')
  // Refused before a byte of the archive is read or stored.
  await db.as(principal, assertAdmin, { readOnly: true })
  const archive = await readArchive(await archiveFrom(c))
  const summary = await restoreArchive(
    (fn) =>
      db.as(principal, async (tx) => {
        await assertAdmin(tx)
        return fn(tx)
      }),
    images,
    archive,
  )
  return c.json(summary)
})
