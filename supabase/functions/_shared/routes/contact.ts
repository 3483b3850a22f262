// POST /contact: the public contact form (spec section 1 leaves its submit
// open; DESIGN.md, "Contact form"). A filled honeypot is answered as a success
// and stored nowhere; the database limits how often one client may send.
import { Hono } from 'hono'
import { clientKey } from '../client-key.ts'
import type { AppEnv } from '../context.ts'
import { HttpError } from '../errors.ts'
import { contactSchema } from '../schemas.ts'
import { readJson } from '../validate.ts'

export const contactRoutes = new Hono<AppEnv>()

contactRoutes.post('/', async (c) => {
  const input = await readJson(c, contactSchema)
  if (input.website.trim() !== '') return c.json({ success: true }, 201)
  const { db } = c.get('deps')
  await db.as(c.get('principal'), async (tx) => {
    const [limit] = await tx.query<{ retry: number }>('select app.contact_allowed($1) as retry', [
      clientKey(c),
    ])
    const retry = Number(limit?.retry ?? 0)
    if (retry > 0) {
      throw new HttpError(429, 'Too many messages. Please try again later.', undefined, {
        'Retry-After': String(retry),
      })
    }
    // No RETURNING: visitors may send messages but never read them.
    await tx.query(
      'insert into public.contact_messages (name, email, message) values ($1, $2, $3)',
      [input.name, input.email, input.message],
    )
  })
  return c.json({ success: true }, 201)
})
