// The local store's signed uploads, shaped like Storage's: a link
// `/storage/v1/object/upload/sign/<bucket>/<name>?token=<JWT>` whose token names
// that one object of the bucket "images" (or "backups", the archives a restore
// reads: toolkit/archive-store.ts) and expires. The browser sends the bytes there with
// supabase-js's uploadToSignedUrl on every deployment (docs/operations.md,
// "How uploads flow"); locally the Node server answers it (server/signed-uploads.ts).
//
// The key is derived from the server's own secret (JWT_SECRET, or the one
// generated into the data folder), under a label of its own, so an upload
// token can never pass for a sign-in token nor the other way round.
import { createHmac } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'

export type UploadBucket = 'images' | 'backups'

/** Where the local server receives signed uploads to `bucket`, as Storage does under /storage/v1. */
export const signedUploadPrefix = <B extends UploadBucket>(bucket: B) =>
  `/storage/v1/object/upload/sign/${bucket}/` as const

export const SIGNED_UPLOAD_PREFIX = signedUploadPrefix('images')

/** As long as Storage's signed upload URLs last. */
export const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60

export function uploadSigningKey(serverSecret: string): Uint8Array {
  return new Uint8Array(
    createHmac('sha256', serverSecret).update('vitrine signed uploads').digest(),
  )
}

/** The token for one object of `bucket`, as Storage's: `url` names bucket and object. */
export function signUploadToken(
  key: Uint8Array,
  name: string,
  now = Date.now(),
  bucket: UploadBucket = 'images',
): Promise<string> {
  const issuedAt = Math.floor(now / 1000)
  return new SignJWT({ url: `${bucket}/${name}` })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + SIGNED_UPLOAD_SECONDS)
    .sign(key)
}

export type UploadTokenCheck = 'valid' | 'expired' | 'invalid'

/** Whether `token` was signed with `key` for this very object and is still valid. */
export async function checkUploadToken(
  key: Uint8Array,
  token: string,
  name: string,
  bucket: UploadBucket = 'images',
): Promise<UploadTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] })
    return payload.url === `${bucket}/${name}` ? 'valid' : 'invalid'
  } catch (error) {
    return error instanceof errors.JWTExpired ? 'expired' : 'invalid'
  }
}
