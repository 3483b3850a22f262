// What Storage answers to a signed upload, answered by the local server on
// the same path, so the back office sends files one way on every deployment
// (docs/operations.md, "How uploads flow"): supabase-js's uploadToSignedUrl PUTs
// /storage/v1/object/upload/sign/<bucket>/<name>?token=..., a multipart body
// whose first file is the image or the archive, and reads `{ Key }` back.
//
// Images: stricter than Storage, which trusts the declared type: the bytes
// must be a JPEG, PNG, GIF or WEBP of at most 5 MB, as through POST
// /uploads/image. Backups: a zip of at most 50 MB, as through POST /backup,
// kept in a folder nobody is served until POST /backup/restore reads it
// (docs/decisions/029-archives-through-storage.md). Either file is written
// whole or not at all.
import { Hono, type Context } from 'hono'
import { bodyEnds } from '../supabase/functions/_shared/http/body-limit.ts'
import type { AppEnv } from '../supabase/functions/_shared/context.ts'
import { badRequest, conflict } from '../supabase/functions/_shared/http/errors.ts'
import type { LocalFolderStore } from '../supabase/functions/_shared/images/local-folder-store.ts'
import {
  signedUploadPrefix,
  type UploadTokenCheck,
} from '../supabase/functions/_shared/images/upload-token.ts'
import { receiveArchive } from '../supabase/functions/_shared/api/resources/backup/routes.ts'
import { receiveImage } from '../supabase/functions/_shared/api/resources/uploads/routes.ts'
import type { LocalArchiveStore } from '../supabase/functions/_shared/toolkit/local-archive-store.ts'
import { errorResponse } from '../supabase/functions/_shared/app.ts'

/** Storage's words for a link that is not good for this object, with its status (400), and for a second upload (409). */
async function checkSigned(
  c: Context<AppEnv>,
  check: (token: string) => Promise<UploadTokenCheck>,
  exists: () => Promise<boolean>,
): Promise<void> {
  const verdict = await check(c.req.query('token') ?? '')
  if (verdict === 'expired')
    throw badRequest('The signature has expired; ask for a new upload link')
  if (verdict === 'invalid') throw badRequest('The upload link is not valid for this file')
  // The name is bound to one upload: a second one with the same link is refused, as Storage does without x-upsert.
  if (await exists()) throw conflict('The resource already exists')
}

export function signedUploads(
  store: LocalFolderStore,
  uploadsPrefix: string,
  archives: LocalArchiveStore,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  const images = signedUploadPrefix('images')
  const backups = signedUploadPrefix('backups')
  app.use(`${images}*`, bodyEnds())
  app.use(`${backups}*`, bodyEnds())
  app.put(`${images}:name`, async (c) => {
    const name = c.req.param('name')
    const url = `${uploadsPrefix}/${name}`
    await checkSigned(
      c,
      (token) => store.checkUploadToken(name, token),
      () => store.exists(url),
    )
    const { bytes, type } = await receiveImage(c)
    await store.save(name, bytes, type.mime)
    return c.json({ Key: `images/${name}` })
  })
  app.put(`${backups}:name`, async (c) => {
    const name = c.req.param('name')
    await checkSigned(
      c,
      (token) => archives.checkUploadToken(name, token),
      () => archives.exists(name),
    )
    await archives.save(name, await receiveArchive(c))
    return c.json({ Key: `backups/${name}` })
  })
  app.onError((error, c) => errorResponse(error, c))
  return app
}
