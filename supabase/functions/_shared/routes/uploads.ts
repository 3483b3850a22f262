// /uploads/image: admins upload images for projects, technologies and
// certifications. The database says who is an admin; the first bytes say what
// the file is; the server names the object (spec section 5, DESIGN.md "Uploads").
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../context.ts'
import { badRequest, forbidden, HttpError } from '../errors.ts'
import { detectImageType } from '../images/detect-image-type.ts'
import { MAX_IMAGE_BYTES, messages } from '../messages.ts'
import { deleteImageSchema } from '../schemas.ts'
import { requireSignedIn } from '../sql.ts'
import { readJson } from '../validate.ts'

export const uploadRoutes = new Hono<AppEnv>()

/** Room for the multipart boundaries and part headers around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024

const tooLarge = () =>
  new HttpError(413, messages.imageSizeSingle, { file: messages.imageSizeSingle })
const wrongType = () =>
  new HttpError(415, messages.imageTypeSingle, { file: messages.imageTypeSingle })

/** Visitors get 401; signed-in accounts that are not admins get 403, before any byte is stored. */
async function requireAdmin(c: Context<AppEnv>): Promise<void> {
  const principal = c.get('principal')
  requireSignedIn(principal)
  const { db } = c.get('deps')
  const [row] = await db.as(
    principal,
    (tx) => tx.query<{ admin: boolean }>('select app.is_admin() as admin'),
    { readOnly: true },
  )
  if (row?.admin !== true) throw forbidden()
}

uploadRoutes.post('/image', async (c) => {
  await requireAdmin(c)
  const declared = Number(c.req.header('content-length'))
  if (Number.isFinite(declared) && declared > MAX_IMAGE_BYTES + MULTIPART_OVERHEAD) throw tooLarge()

  let form: FormData
  try {
    form = await c.req.formData()
  } catch {
    throw badRequest('Send the image as multipart/form-data in the field "file"', {
      file: messages.imageTypeSingle,
    })
  }
  const file = form.get('file')
  if (file === null || typeof file === 'string') {
    throw badRequest('No image file was sent', { file: messages.imageTypeSingle })
  }
  if (file.size > MAX_IMAGE_BYTES) throw tooLarge()
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge()
  const type = detectImageType(bytes)
  if (!type) throw wrongType()

  const { images } = c.get('deps')
  const stored = await images.save(`${crypto.randomUUID()}.${type.extension}`, bytes, type.mime)
  return c.json({ url: stored.url }, 201)
})

uploadRoutes.delete('/image', async (c) => {
  await requireAdmin(c)
  const { url } = await readJson(c, deleteImageSchema)
  const { images } = c.get('deps')
  if (images.nameFromUrl(url) === null)
    throw badRequest('This image is not stored by this site', {
      url: 'This image is not stored by this site',
    })
  await images.remove(url)
  return c.json({ success: true })
})
