// What Storage answers to a signed upload, answered by the local server on
// the same path, so the back office sends files one way on every deployment
// (README, "How uploads flow"): supabase-js's uploadToSignedUrl PUTs
// /storage/v1/object/upload/sign/images/<name>?token=..., a multipart body
// whose first file is the image, and reads `{ Key }` back.
//
// Stricter than Storage, which trusts the declared type: the bytes must be a
// JPEG, PNG, GIF or WEBP of at most 5 MB, as through POST /uploads/image. The
// file is written whole or not at all (LocalFolderStore.save).
import { Hono } from 'hono'
import { bodyLimit } from '../supabase/functions/_shared/body-limit.ts'
import type { AppEnv } from '../supabase/functions/_shared/context.ts'
import { badRequest, conflict } from '../supabase/functions/_shared/errors.ts'
import type { LocalFolderStore } from '../supabase/functions/_shared/images/local-folder-store.ts'
import { SIGNED_UPLOAD_PREFIX } from '../supabase/functions/_shared/images/upload-token.ts'
import { receiveImage } from '../supabase/functions/_shared/routes/uploads.ts'
import { errorResponse } from '../supabase/functions/_shared/app.ts'

export function signedUploads(store: LocalFolderStore, uploadsPrefix: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use(`${SIGNED_UPLOAD_PREFIX}*`, bodyLimit())
  app.put(`${SIGNED_UPLOAD_PREFIX}:name`, async (c) => {
    const name = c.req.param('name')
    const check = await store.checkUploadToken(name, c.req.query('token') ?? '')
    // Storage's words for the same refusals, with its status (400).
    if (check === 'expired')
      throw badRequest('The signature has expired; ask for a new upload link')
    if (check === 'invalid') throw badRequest('The upload link is not valid for this file')
    const url = `${uploadsPrefix}/${name}`
    // The name is bound to one upload: a second one with the same link is refused, as Storage does without x-upsert.
    if (await store.exists(url)) throw conflict('The resource already exists')
    const { bytes, type } = await receiveImage(c)
    await store.save(name, bytes, type.mime)
    return c.json({ Key: `images/${name}` })
  })
  app.onError((error, c) => errorResponse(error, c))
  return app
}
