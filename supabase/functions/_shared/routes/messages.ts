// /messages: the contact inbox. Any signed-in account reads it; admins mark
// messages read and delete them (row-level security).
import { Hono } from 'hono'
import type { AppEnv } from '../context.ts'
import { messageUpdateSchema } from '../schemas.ts'
import { isoTimestamp, refusedOrMissing, requireSignedIn } from '../sql.ts'
import type { ContactMessage } from '../contract/responses.ts'
import { idParam, readJson } from '../validate.ts'

export const messageRoutes = new Hono<AppEnv>()

type MessageRow = ContactMessage & Record<string, unknown>
const columns = `id, name, email, message, is_read as "isRead", ${isoTimestamp('created_at')} as "createdAt"`

messageRoutes.get('/', async (c) => {
  const principal = c.get('principal')
  requireSignedIn(principal)
  const { db } = c.get('deps')
  const rows = await db.as(
    principal,
    (tx) =>
      tx.query<MessageRow>(
        `select ${columns} from public.contact_messages order by created_at desc, id desc`,
      ),
    { readOnly: true },
  )
  return c.json(rows)
})

messageRoutes.patch('/:id', async (c) => {
  const id = idParam(c)
  const principal = c.get('principal')
  requireSignedIn(principal)
  const input = await readJson(c, messageUpdateSchema)
  const { db } = c.get('deps')
  const row = await db.as(principal, async (tx) => {
    const [updated] = await tx.query<MessageRow>(
      `update public.contact_messages set is_read = $2 where id = $1 returning ${columns}`,
      [id, input.isRead],
    )
    return updated ?? refusedOrMissing(tx, 'contact_messages', id, 'Message')
  })
  return c.json(row)
})

messageRoutes.delete('/:id', async (c) => {
  const id = idParam(c)
  const principal = c.get('principal')
  requireSignedIn(principal)
  const { db } = c.get('deps')
  await db.as(principal, async (tx) => {
    const deleted = await tx.query(
      'delete from public.contact_messages where id = $1 returning id',
      [id],
    )
    if (!deleted.length) await refusedOrMissing(tx, 'contact_messages', id, 'Message')
  })
  return c.body(null, 204)
})
