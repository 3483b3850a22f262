// Request bodies are counted while they are read, and reading stops at a
// ceiling (docs/PRODUCT.md §11): a 150 MB JSON to the public /contact used to be
// read and parsed whole. Content-Length, when sent, is only an early answer;
// a chunked body without one is counted all the same.
//
// The middleware wraps the body; nothing is read until a route reads it, so a
// route sets the ceiling it needs first (setBodyLimit): readJson asks for
// JSON_BODY_LIMIT, the image upload for UPLOAD_BODY_LIMIT. A route that sets
// nothing gets the default for the body's type.
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from './context.ts'
import { HttpError } from './errors.ts'
import { MAX_IMAGE_BYTES } from './messages.ts'

/** Room for any JSON payload of the contract but a project's (a 10,000-character value fits). */
export const JSON_BODY_LIMIT = 64 * 1024
/**
 * A project may carry a 10,000-character description and 33 URLs of up to
 * 2,048 characters each: past 64 kB once it holds non-ASCII text or long URLs.
 */
export const PROJECT_BODY_LIMIT = 512 * 1024
/** Room for the multipart boundaries and part headers around a file. */
export const MULTIPART_OVERHEAD = 64 * 1024
export const UPLOAD_BODY_LIMIT = MAX_IMAGE_BYTES + MULTIPART_OVERHEAD

export interface BodyLimitState {
  /** The ceiling in bytes; a route may change it until it starts reading. */
  max: number
  /** Set once the body was refused: more bytes than `max`, or a Content-Length above it. */
  exceeded: boolean
}

export const bodyTooLarge = (max: number) =>
  new HttpError(413, `Request body is too large (at most ${Math.round(max / 1024)} kB)`)

const isMultipart = (c: Context) =>
  (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')

export function bodyLimit(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = c.req.raw.body
    if (!body) return next()
    const state: BodyLimitState = {
      max: isMultipart(c) ? UPLOAD_BODY_LIMIT : JSON_BODY_LIMIT,
      exceeded: false,
    }
    const declared = Number(c.req.header('content-length'))
    let seen = 0
    const counted = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength
          if (seen > state.max || (Number.isFinite(declared) && declared > state.max)) {
            state.exceeded = true
            controller.error(bodyTooLarge(state.max))
            return
          }
          controller.enqueue(chunk)
        },
      }),
    )
    // duplex: 'half' is what fetch asks of a streamed request body (Node and Deno).
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit)
    c.set('bodyLimit', state)
    await next()
    // A body no route read (a refusal before reading: 401, 403) is read to its
    // end, within the ceiling, before the answer goes. Deno 2.1, which Supabase's
    // edge runtime is built on, otherwise closes the connection at once while
    // the client is still sending a form, and the client gets a reset instead
    // of the answer.
    if (!counted.locked) await counted.pipeTo(new WritableStream()).catch(() => {})
    // The rest of a refused body is still on its way. Keeping the connection
    // would leave the next request behind those bytes, so the answer says it
    // ends here; the Node server reads and drops what is left before closing
    // (server/http.ts), so the client can read the 413 and open a new one.
    if (c.res.status === 413) c.res.headers.set('Connection', 'close')
  }
}

/** The ceiling for this request's body; call before reading it. */
export function setBodyLimit(c: Context<AppEnv>, max: number): void {
  const state = c.get('bodyLimit')
  if (state) state.max = max
}

/** True when reading the body failed because it was too large (then answer 413, not 400). */
export function wasBodyTooLarge(c: Context<AppEnv>): boolean {
  return c.get('bodyLimit')?.exceeded === true
}
