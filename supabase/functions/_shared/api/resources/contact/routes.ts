// POST /contact: the public contact form (docs/PRODUCT.md §1 leaves its submit
// open; docs/PRODUCT.md §10). A filled honeypot is answered as a success and
// stored nowhere; the database limits how often one client may send, and
// stores the message in the same call.
import { Api, ok } from '../../operation.ts'
import { clientKey } from '../../../http/client-key.ts'
import * as answers from '../../../contract/responses.ts'
import { HttpError } from '../../../http/errors.ts'
import { contactSchema } from '../../../contract/schemas.ts'
import { asCaller } from '../../../context.ts'

export const contactApi = new Api()

contactApi.add(
  {
    method: 'post',
    path: '/contact',
    operationId: 'sendContactMessage',
    summary: "Send a message to the portfolio's owner",
    tag: 'Contact',
    access: 'public',
    // The form sends JSON from the site's own pages: another site's post (403)
    // and a post of another type (415) are refused before the body is read.
    fromThisSite: ['application/json'],
    body: contactSchema,
    answers: {
      201: ok('Received', answers.success),
      429: ok('Too many messages from this address', answers.errorBody),
    },
  },
  async (c, { body }) => {
    if (body.website.trim() !== '') return c.json({ success: true as const }, 201)
    await asCaller(c, async (tx) => {
      // The one way in: client roles cannot insert into contact_messages, so the
      // Data API cannot skip this limit (docs/decisions/013).
      const [sent] = await tx.query<{ retry: number }>(
        'select app.send_contact_message($1, $2, $3, $4) as retry',
        [clientKey(c), body.name, body.email, body.message],
      )
      const retry = Number(sent?.retry ?? 0)
      if (retry > 0) {
        throw new HttpError(429, 'Too many messages. Please try again later.', undefined, {
          'Retry-After': String(retry),
        })
      }
    })
    return c.json({ success: true as const }, 201)
  },
)
