// Request bodies are read with a ceiling (docs/PRODUCT.md §11): a 150 MB JSON
// to the public /contact used to be read and parsed whole. The code that reads
// a body applies Hono's bodyLimit first, with the ceiling it needs (limitBody):
// readJson JSON_BODY_LIMIT unless its route asks for more or less, the image
// upload UPLOAD_BODY_LIMIT, a backup its own. A declared Content-Length above
// it is refused at once; a chunked body is counted as it comes.
//
// One middleware stays for every request (bodyEnds): what a route left unread
// is read before the answer goes, and a 413 ends its connection.
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../context.ts'
import { HttpError } from './errors.ts'
import { MAX_IMAGE_BYTES } from '../contract/messages.ts'

/** Room for any JSON payload of the contract but a project's (a 10,000-character value fits). */
export const JSON_BODY_LIMIT = 64 * 1024
/**
 * A project may carry a 10,000-character description and 33 URLs of up to
 * 2,048 characters each: past 64 kB once it holds non-ASCII text or long URLs.
 */
export const PROJECT_BODY_LIMIT = 512 * 1024
/** A post: a body of 100,000 characters (up to 4 bytes each) and its translations. */
export const POST_BODY_LIMIT = 1024 * 1024
/** Room for the multipart boundaries and part headers around a file. */
export const MULTIPART_OVERHEAD = 64 * 1024
export const UPLOAD_BODY_LIMIT = MAX_IMAGE_BYTES + MULTIPART_OVERHEAD

export const bodyTooLarge = (max: number) =>
  new HttpError(413, `Request body is too large (at most ${Math.round(max / 1024)} kB)`)

/**
 * Hono's bodyLimit for the body `c` is about to read: at most `max` bytes,
 * else `refuse()` is thrown (a 413). Call it before reading.
 */
export async function limitBody(
  c: Context<AppEnv>,
  max: number,
  refuse: () => HttpError = () => bodyTooLarge(max),
): Promise<void> {
  const limit = bodyLimit({
    maxSize: max,
    onError: () => {
      throw refuse()
    },
  })
  await limit(c, async () => {})
}

/**
 * The file a request carries, its body within `limits.max` (else
 * `limits.tooLarge()`): the multipart field `field`, or without one (as
 * Storage takes a signed upload) the first file of a multipart body, else the
 * raw body. A body that is not such a form throws `limits.unreadable()`; a
 * form without the file answers null, a text field its string.
 */
export async function receiveFile(
  c: Context<AppEnv>,
  field: string | undefined,
  limits: { max: number; tooLarge: () => HttpError; unreadable: () => HttpError },
): Promise<Blob | string | null> {
  await limitBody(c, limits.max, limits.tooLarge)
  try {
    if (field === undefined && !isMultipart(c)) return await c.req.blob()
    const form = await c.req.formData()
    return (field ? form.get(field) : [...form.values()].find((v) => typeof v !== 'string')) ?? null
  } catch {
    throw limits.unreadable()
  }
}

const isMultipart = (c: Context) =>
  (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')

/** Reads and drops what is left of `body`, up to `max` bytes. */
async function drain(body: ReadableStream<Uint8Array>, max: number): Promise<void> {
  const reader = body.getReader()
  let seen = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      seen += value?.byteLength ?? 0
      if (done || seen > max) break
    }
  } catch {
    // The client went away: nothing left to read.
  } finally {
    await reader.cancel().catch(() => {})
  }
}

export function bodyEnds(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    // A body no route read (a refusal before reading: 401, 403) is read to its
    // end, up to the ceiling of its type, before the answer goes. Deno 2.1, which
    // Supabase's edge runtime is built on, otherwise closes the connection at
    // once while the client is still sending a form, and the client gets a
    // reset instead of the answer.
    const body = c.req.raw.body
    if (c.res.status !== 413 && body && !body.locked && !c.req.raw.bodyUsed)
      await drain(body, isMultipart(c) ? UPLOAD_BODY_LIMIT : JSON_BODY_LIMIT)
    // The rest of a refused body is still on its way. Keeping the connection
    // would leave the next request behind those bytes, so the answer says it
    // ends here; the Node server reads and drops what is left before closing
    // (server/http.ts), so the client can read the 413 and open a new one.
    // Deno ends such a connection, and says so, by itself.
    if (c.res.status === 413 && !('Deno' in globalThis)) c.res.headers.set('Connection', 'close')
  }
}
