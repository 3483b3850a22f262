// /backup (docs/PRODUCT.md §14): admins download all content and its images as
// one zip, and restore such a zip on this instance. The `user` role gets 403,
// visitors 401; accounts are never exported nor replaced.
// A restore's archive comes two ways: in the request (POST /backup, multipart),
// or sent by the browser straight to storage with a link from POST
// /backup/sign and then named to POST /backup/restore, which reads it from
// there by ranges, one image at a time, within an Edge Function's memory
// (docs/decisions/029-archives-through-storage.md).
import type { Context } from 'hono'
import { z } from 'zod'
import { Api, ok } from '../../operation.ts'
import { MULTIPART_OVERHEAD, receiveFile } from '../../../http/body-limit.ts'
import { asCaller, readAsCaller, type AppEnv } from '../../../context.ts'
import {
  errorBody,
  keptBackup,
  restoreSummary,
  signedArchiveUpload,
} from '../../../contract/responses.ts'
import { badRequest, forbidden, HttpError, notFound } from '../../../http/errors.ts'
import type { Queryable } from '../../../db/db.ts'
import {
  KEPT_ARCHIVE_NAME,
  restoreBackupSchema,
  signBackupSchema,
} from '../../../contract/schemas.ts'
import { DEFAULT_STATS_SETTINGS } from '../../../visits/stats.ts'
import { archiveStream, readContent } from '../../../toolkit/backup-export.ts'
import { backupFileName, MAX_BACKUP_BYTES } from '../../../toolkit/backup-format.ts'
import { openArchive, tooLargeBackup, type ReadArchive } from '../../../toolkit/backup-read.ts'
import { restoreArchive } from '../../../toolkit/backup-restore.ts'
import { bytesSource } from '../../../toolkit/unzip-capped.ts'

async function assertAdmin(tx: Queryable): Promise<void> {
  const [row] = await tx.query<{ admin: boolean }>('select app.is_admin() as admin')
  if (row?.admin !== true) throw forbidden()
}

const chooseFile = { file: 'Choose a backup file (.zip)' }

/**
 * The archive a request carries, 50 MB at most: the multipart field `field`,
 * or without one (as Storage takes a signed upload) the first file of a
 * multipart body, else the raw body.
 */
export async function receiveArchive(c: Context<AppEnv>, field?: string): Promise<Uint8Array> {
  // An archive's size, with room for the multipart envelope (body-limit.ts).
  const file = await receiveFile(c, field, {
    max: MAX_BACKUP_BYTES + MULTIPART_OVERHEAD,
    tooLarge: tooLargeBackup,
    unreadable: () =>
      badRequest('Send the backup as multipart/form-data in the field "file"', chooseFile),
  })
  if (!file || typeof file === 'string') throw badRequest('No backup file was sent', chooseFile)
  if (file.size > MAX_BACKUP_BYTES) throw tooLargeBackup()
  return new Uint8Array(await file.arrayBuffer())
}

/** Restores a checked archive, in a transaction that checks the rights again. */
async function restore(c: Context<AppEnv>, archive: ReadArchive) {
  const { images, work } = c.get('deps')
  const run = () =>
    restoreArchive(
      (fn) =>
        asCaller(c, async (tx) => {
          await assertAdmin(tx)
          return fn(tx)
        }),
      images,
      archive,
    )
  // A restore is long and heavy: it waits its turn with the other expensive work (work-queue.ts).
  return work ? work.run(run) : run()
}

export const archivesMissing = () =>
  new HttpError(503, 'Backup uploads are not configured on this server')

/**
 * Admins only: the download's own read refuses other accounts (403); the
 * restores ask the database before a byte of the archive is read or stored.
 */
export const backupApi = new Api()
  .add(
    {
      method: 'get',
      path: '/backup',
      operationId: 'downloadBackup',
      summary: 'All content and its images as one zip archive',
      tag: 'Backup',
      access: 'admin',
      query: z.object({
        messages: z
          .string()
          .optional()
          .transform((value) => value === '1' || value === 'true')
          .pipe(z.boolean())
          .describe('Include the inbox: 1 or true; anything else leaves it out'),
      }),
      answers: { 200: { description: 'The archive', media: 'application/zip' } },
    },
    async (c, { query }) => {
      const { images, stats = DEFAULT_STATS_SETTINGS } = c.get('deps')
      // Visits not rolled up yet go into the archive too: a restore replaces the
      // raw events with the archive's daily rows (docs/decisions/027).
      await asCaller(c, (tx) => tx.query('select app.visit_rollup_now($1)', [stats.retentionDays]))
      const content = await readAsCaller(c, async (tx) => {
        await assertAdmin(tx)
        return readContent(tx, query.messages)
      })
      // Sent as it is made, one image at a time; a store failing mid-way cuts the download short.
      return c.body(archiveStream(content, images), 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${backupFileName()}"`,
        'Cache-Control': 'no-store',
      })
    },
  )
  .add(
    {
      method: 'post',
      path: '/backup',
      operationId: 'restoreBackup',
      summary: "Replace this site's content with an archive's",
      tag: 'Backup',
      access: 'admin',
      confirmAdmin: true,
      multipart: { file: 'The archive (at most 50 MB)' },
      answers: { 200: ok('What was restored', restoreSummary) },
    },
    async (c) => {
      const archive = await openArchive(bytesSource(await receiveArchive(c, 'file')))
      return c.json(await restore(c, archive), 200)
    },
  )
  .add(
    {
      method: 'post',
      path: '/backup/sign',
      operationId: 'signBackupUpload',
      summary: 'Authorize one archive upload straight to storage, for a restore',
      tag: 'Backup',
      access: 'admin',
      confirmAdmin: true,
      body: signBackupSchema,
      answers: {
        200: ok('Where and how to send the archive', signedArchiveUpload),
        413: ok('Larger than 50 MB', errorBody),
      },
    },
    async (c, { body: { size } }) => {
      // The same refusal as POST /backup; Storage's bucket refuses more than 50 MB too.
      if (size > MAX_BACKUP_BYTES) throw tooLargeBackup()
      const { archives } = c.get('deps')
      if (!archives) throw archivesMissing()
      return c.json(await archives.signUpload(`${crypto.randomUUID()}.zip`), 200)
    },
  )
  .add(
    {
      method: 'post',
      path: '/backup/restore',
      operationId: 'restoreUploadedBackup',
      summary:
        "Replace this site's content with an archive sent to storage, or a kept backup; an uploaded archive is removed afterwards",
      tag: 'Backup',
      access: 'admin',
      confirmAdmin: true,
      body: restoreBackupSchema,
      answers: {
        200: ok('What was restored', restoreSummary),
        404: ok('No uploaded archive has this path', errorBody),
        413: ok('The uploaded archive is larger than 50 MB', errorBody),
      },
    },
    async (c, { body: { path } }) => {
      const { archives } = c.get('deps')
      if (!archives) throw archivesMissing()
      const source = await archives.open(path)
      if (!source) throw notFound('No uploaded backup has this path; upload it again')
      // An uploaded archive is used once, restored or not; a kept backup stays
      // until the owner has no more use for it.
      try {
        return c.json(await restore(c, await openArchive(source)), 200)
      } finally {
        if (!KEPT_ARCHIVE_NAME.test(path))
          await archives.remove(path).catch((error: unknown) => {
            console.warn(`Could not remove the uploaded backup ${path}`, error)
          })
      }
    },
  )
  .add(
    {
      method: 'get',
      path: '/backup/kept',
      operationId: 'listKeptBackups',
      summary:
        'The backups the server wrote itself (before removing the demo content), newest first, to restore with POST /backup/restore',
      tag: 'Backup',
      access: 'admin',
      confirmAdmin: true,
      answers: { 200: ok('The kept backups', keptBackup.array()) },
    },
    async (c) => {
      const { archives } = c.get('deps')
      return c.json(archives ? await archives.listKept() : [], 200)
    },
  )
