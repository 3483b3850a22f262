// /messages: the contact inbox. Any signed-in account reads it; admins mark
// messages read and delete them (row-level security).
import { z } from 'zod'
import { Api, ok } from '../../operation.ts'
import * as answers from '../../../contract/responses.ts'
import { messageUpdateSchema } from '../../../contract/schemas.ts'
import { deleteById, isoTimestamp, refusedOrMissing } from '../../../db/sql.ts'
import type { ContactMessage } from '../../../contract/responses.ts'
import { asCaller, readAsCaller } from '../../../context.ts'

type MessageRow = ContactMessage & Record<string, unknown>
const columns = `id, name, email, message, is_read as "isRead", ${isoTimestamp('created_at')} as "createdAt"`

export const messagesApi = new Api()
  .add(
    {
      method: 'get',
      path: '/messages',
      operationId: 'listMessages',
      summary: 'The inbox, newest first',
      tag: 'Contact',
      access: 'signedIn',
      answers: { 200: ok('The messages', z.array(answers.contactMessage)) },
    },
    async (c) => {
      const rows = await readAsCaller(c, (tx) =>
        tx.query<MessageRow>(
          `select ${columns} from public.contact_messages order by created_at desc, id desc`,
        ),
      )
      return c.json(rows)
    },
  )
  .add(
    {
      method: 'patch',
      path: '/messages/{id}',
      operationId: 'updateMessage',
      summary: 'Mark a message read or unread',
      tag: 'Contact',
      access: 'admin',
      body: messageUpdateSchema,
      answers: { 200: ok('The message', answers.contactMessage) },
    },
    async (c, { id, body }) => {
      const row = await asCaller(c, async (tx) => {
        const [updated] = await tx.query<MessageRow>(
          `update public.contact_messages set is_read = $2 where id = $1 returning ${columns}`,
          [id, body.isRead],
        )
        return updated ?? refusedOrMissing(tx, 'contact_messages', id, 'Message')
      })
      return c.json(row)
    },
  )
  .add(
    {
      method: 'delete',
      path: '/messages/{id}',
      operationId: 'deleteMessage',
      summary: 'Delete a message',
      tag: 'Contact',
      access: 'admin',
      answers: { 204: ok('Deleted') },
    },
    async (c, { id }) => {
      await asCaller(c, (tx) => deleteById(tx, 'contact_messages', id, 'Message'))
      return c.body(null, 204)
    },
  )
