// POST /contact: the public contact form (docs/PRODUCT.md §1 leaves its submit
// open; docs/PRODUCT.md §10). A filled honeypot is answered as a success and
// stored nowhere; the database limits how often one client may send, and
// stores the message in the same call.
import { Hono } from 'hono'
import { clientKey } from '../client-key.ts'
import type { AppEnv } from '../context.ts'
import { sameSiteOnly } from '../cross-site.ts'
import { HttpError } from '../errors.ts'
import { contactSchema } from '../schemas.ts'
import { readJson } from '../validate.ts'

export const contactRoutes = new Hono<AppEnv>()

// The contact form sends JSON from the site's own pages (cross-site.ts).
contactRoutes.post('/', sameSiteOnly(['application/json']), async (c) => {
  const input = await readJson(c, contactSchema)
  if (input.website.trim() !== '') return c.json({ success: true }, 201)
  const { db } = c.get('deps')
  await db.as(c.get('principal'), async (tx) => {
    // The one way in: client roles cannot insert into contact_messages, so the
    // Data API cannot skip this limit (docs/decisions/013).
    const [sent] = await tx.query<{ retry: number }>(
      'select app.send_contact_message($1, $2, $3, $4) as retry',
      [clientKey(c), input.name, input.email, input.message],
    )
    const retry = Number(sent?.retry ?? 0)
    if (retry > 0) {
      throw new HttpError(429, 'Too many messages. Please try again later.', undefined, {
        'Retry-After': String(retry),
      })
    }
  })
  return c.json({ success: true }, 201)
})
