// /uploads: admins upload images for projects, technologies and
// certifications. The database says who is an admin; the first bytes say what
// the file is; the server names the object (docs/PRODUCT.md §5, docs/ARCHITECTURE.md, "The contract's rules").
// Two ways in: POST /uploads/image carries the bytes through the API, and
// POST /uploads/sign lets the browser send them straight to storage (docs/operations.md,
// "How uploads flow"), where the API checks them once content uses the file
// (useStoredImages in images/unreferenced.ts).
import type { Context } from 'hono'
import { z } from 'zod'
import { Api, ok } from '../../operation.ts'
import { receiveFile, UPLOAD_BODY_LIMIT } from '../../../http/body-limit.ts'
import { asCaller, type AppEnv } from '../../../context.ts'
import { errorBody, signedUpload, success } from '../../../contract/responses.ts'
import { badRequest, conflict, HttpError } from '../../../http/errors.ts'
import { detectImageType, type DetectedImage } from '../../../images/detect-image-type.ts'
import {
  imageUse,
  isUsed,
  lockImageReferences,
  type ImageUse,
} from '../../../images/unreferenced.ts'
import { WITH_IMAGES } from '../../registry.ts'
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, messages } from '../../../contract/messages.ts'
import { deleteImageSchema, signUploadSchema } from '../../../contract/schemas.ts'

const tooLarge = () =>
  new HttpError(413, messages.imageSizeSingle, { file: messages.imageSizeSingle })
const wrongType = () =>
  new HttpError(415, messages.imageTypeSingle, { file: messages.imageTypeSingle })

/**
 * The image a request carries, 5 MB at most, its type decided by its first
 * bytes: the multipart field `field`, or without one (as Storage takes a
 * signed upload) the first file of a multipart body, else the raw body.
 */
export async function receiveImage(
  c: Context<AppEnv>,
  field?: string,
): Promise<{ bytes: Uint8Array; type: DetectedImage }> {
  // A larger Content-Length is refused at once, a chunked body once it grows past the limit.
  const file = await receiveFile(c, field, {
    max: UPLOAD_BODY_LIMIT,
    tooLarge,
    unreadable: () =>
      badRequest('Send the image as multipart/form-data in the field "file"', {
        file: messages.imageTypeSingle,
      }),
  })
  if (!file || typeof file === 'string') {
    throw badRequest('No image file was sent', { file: messages.imageTypeSingle })
  }
  if (file.size > MAX_IMAGE_BYTES) throw tooLarge()
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge()
  const type = detectImageType(bytes)
  if (!type) throw wrongType()
  return { bytes, type }
}

/** A Map, so a declared type such as "constructor" finds nothing. */
const extensions = new Map<string, DetectedImage['extension']>([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
] satisfies [(typeof IMAGE_MIME_TYPES)[number], DetectedImage['extension']][])

const counted = (n: number, one: string, many: string) =>
  n ? [`${n} ${n === 1 ? one : many}`] : []

/** 'This image is still used by 2 projects and 1 configuration, so it was not deleted'. */
function inUseMessage(use: ImageUse): string {
  const parts = WITH_IMAGES.flatMap(({ table, noun: [one, many] }) =>
    counted(use[table], one, many),
  )
  const last = parts.pop()
  const list = parts.length ? `${parts.join(', ')} and ${last}` : last
  return `This image is still used by ${list}, so it was not deleted`
}

const notAnImage = ok('Not an image of an accepted type', errorBody)

/** Admins only: the database is asked before a byte of the request is read. */
export const uploadsApi = new Api()
  .add(
    {
      method: 'post',
      path: '/uploads/image',
      operationId: 'uploadImage',
      summary: 'Upload an image (JPEG, PNG, GIF or WEBP, at most 5 MB)',
      tag: 'Uploads',
      access: 'admin',
      confirmAdmin: true,
      multipart: { file: 'The image' },
      answers: {
        201: ok('Stored', z.object({ url: z.string() })),
        415: notAnImage,
      },
    },
    async (c) => {
      const { bytes, type } = await receiveImage(c, 'file')
      const { images } = c.get('deps')
      const stored = await images.save(`${crypto.randomUUID()}.${type.extension}`, bytes, type.mime)
      return c.json({ url: stored.url }, 201)
    },
  )
  .add(
    {
      method: 'post',
      path: '/uploads/sign',
      operationId: 'signUpload',
      summary: 'Authorize one image upload straight to storage',
      tag: 'Uploads',
      access: 'admin',
      confirmAdmin: true,
      body: signUploadSchema,
      answers: {
        200: ok('Where and how to send the bytes', signedUpload),
        413: ok('Larger than 5 MB', errorBody),
        415: notAnImage,
      },
    },
    async (c, { body: { contentType, size } }) => {
      // The same refusals as /image, from what the browser declares; the bytes
      // themselves are checked by whoever receives them and again before content
      // may show them.
      const extension = extensions.get(contentType)
      if (!extension) throw wrongType()
      if (size > MAX_IMAGE_BYTES) throw tooLarge()
      const { images } = c.get('deps')
      if (!images.signUpload)
        throw new HttpError(503, 'Image uploads are not configured on this server')
      return c.json(await images.signUpload(`${crypto.randomUUID()}.${extension}`), 200)
    },
  )
  .add(
    {
      method: 'delete',
      path: '/uploads/image',
      operationId: 'deleteImage',
      summary: 'Delete a stored image that no content uses',
      tag: 'Uploads',
      access: 'admin',
      confirmAdmin: true,
      body: deleteImageSchema,
      answers: { 200: ok('Deleted', success) },
    },
    async (c, { body: { url } }) => {
      const { images } = c.get('deps')
      if (images.nameFromUrl(url) === null)
        throw badRequest('This image is not stored by this site', {
          url: 'This image is not stored by this site',
        })
      // A file content still shows is never removed (409). The lock keeps any write
      // from starting to use it until it is gone, so the check cannot go stale.
      // Removed inside the transaction, unlike a file an edit frees: this one
      // writes nothing, so whether it commits changes no row that could show the
      // file (docs/decisions/020-files-after-commit.md).
      await asCaller(c, async (tx) => {
        await lockImageReferences(tx)
        const use = await imageUse(tx, images, url)
        if (isUsed(use)) throw conflict(inUseMessage(use))
        await images.remove(url)
      })
      return c.json({ success: true as const }, 200)
    },
  )
