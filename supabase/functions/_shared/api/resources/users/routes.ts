// /users: back-office accounts. Admins see and manage all; a `user` sees only
// itself (row-level security). password_hash never leaves the database: every
// query names its columns. The last admin and one's own account are protected
// by a trigger that answers 409 (supabase/schemas/02_accounts.sql). Creating
// an admin, changing a role, setting any account's password and deleting an
// account take the caller's current password in the body, `currentPassword`,
// checked in the same transaction as the write (reauthentication.ts); a new
// password may not be a common one (common-passwords.ts).
import { z } from 'zod'
import { Api, eTag, ok, reauthentication } from '../../operation.ts'
import { refuseCommonPassword } from '../../../accounts/common-passwords.ts'
import * as answers from '../../../contract/responses.ts'
import type { Queryable } from '../../../db/db.ts'
import { withCurrentPassword } from '../../../accounts/reauthentication.ts'
import { userCreateSchema, userDeleteSchema, userUpdateSchema } from '../../../contract/schemas.ts'
import { deleteById, refusedOrMissing, setClause, type Assignment } from '../../../db/sql.ts'
import type { User } from '../../../contract/responses.ts'
import { answerVersioned, checkIfMatch, type WithVersion } from '../../../http/versions.ts'
import { readAsCaller } from '../../../context.ts'

type UserRow = User
const columns = 'id, username, role'

async function readUser(tx: Queryable, id: number) {
  const [row] = await tx.query<WithVersion<UserRow>>(
    `select ${columns}, version from public.users where id = $1`,
    [id],
  )
  return row
}

export const usersApi = new Api()
  .add(
    {
      method: 'get',
      path: '/users',
      operationId: 'listUsers',
      summary: 'List accounts (a `user` sees itself only)',
      tag: 'Users',
      access: 'signedIn',
      answers: { 200: ok('The accounts', z.array(answers.user)) },
    },
    async (c) => {
      const rows = await readAsCaller(c, (tx) =>
        tx.query<UserRow>(`select ${columns} from public.users order by id`),
      )
      return c.json(rows)
    },
  )
  .add(
    {
      method: 'get',
      path: '/users/{id}',
      operationId: 'getUser',
      summary: 'Read one account',
      tag: 'Users',
      access: 'signedIn',
      answers: { 200: { ...ok('The account', answers.user), headers: eTag } },
    },
    (c, { id }) => answerVersioned(c, id, readUser, 'User not found'),
  )
  .add(
    {
      method: 'post',
      path: '/users',
      operationId: 'createUser',
      summary: 'Create an account; an admin (the default role) takes `currentPassword`',
      tag: 'Users',
      access: 'admin',
      body: userCreateSchema,
      answers: { 201: ok('The new account', answers.user), ...reauthentication },
    },
    async (c, { body }) => {
      refuseCommonPassword(body.password)
      const { db } = c.get('deps')
      const [row] = await withCurrentPassword(db, c.get('principal'), body.currentPassword, (tx) =>
        tx.query<UserRow>(
          `insert into public.users (username, password_hash, role) values (btrim($1), app.hash_password($2), $3) returning ${columns}`,
          [body.username, body.password, body.role],
        ),
      )
      return c.json(row, 201)
    },
  )
  .add(
    {
      method: 'put',
      path: '/users/{id}',
      operationId: 'updateUser',
      summary:
        'Change an account: any of username, password, role; a new role or password takes `currentPassword`',
      tag: 'Users',
      access: 'signedIn',
      body: userUpdateSchema,
      versioned: true,
      answers: { 200: ok('The account as saved', answers.user), ...reauthentication },
    },
    async (c, { id, body }) => {
      refuseCommonPassword(body.password)
      const { db } = c.get('deps')
      const assignments: Assignment[] = []
      if (body.username !== undefined)
        assignments.push({ column: 'username', value: body.username, expression: 'btrim($)' })
      if (body.password !== undefined)
        assignments.push({
          column: 'password_hash',
          value: body.password,
          expression: 'app.hash_password($)',
        })
      if (body.role !== undefined) assignments.push({ column: 'role', value: body.role })
      const row = await withCurrentPassword(
        db,
        c.get('principal'),
        body.currentPassword,
        async (tx) => {
          await checkIfMatch(c, tx, 'users', id, 'user')
          const set = setClause(assignments, 'username')
          const [updated] = await tx.query<UserRow>(
            `update public.users set ${set.sql} where id = $1 returning ${columns}`,
            [id, ...set.params],
          )
          return updated ?? refusedOrMissing(tx, 'users', id, 'User')
        },
      )
      return c.json(row)
    },
  )
  .add(
    {
      method: 'delete',
      path: '/users/{id}',
      operationId: 'deleteUser',
      summary: 'Delete an account; takes `currentPassword` in the body',
      tag: 'Users',
      access: 'admin',
      body: userDeleteSchema,
      emptyBody: {},
      answers: { 204: ok('Deleted'), ...reauthentication },
    },
    async (c, { id, body }) => {
      const { db } = c.get('deps')
      await withCurrentPassword(db, c.get('principal'), body.currentPassword, (tx) =>
        deleteById(tx, 'users', id, 'User'),
      )
      return c.body(null, 204)
    },
  )
