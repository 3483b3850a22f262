// /users: back-office accounts. Admins see and manage all; a `user` sees only
// itself (row-level security). password_hash never leaves the database: every
// query names its columns. The last admin and one's own account are protected
// by a trigger that answers 409 (supabase/schemas/02_accounts.sql). Creating
// an admin, changing a role, setting any account's password and deleting an
// account take the caller's current password in the body, `currentPassword`,
// checked in the same transaction as the write (reauthentication.ts); a new
// password may not be a common one (common-passwords.ts).
import { Hono } from 'hono'
import { refuseCommonPassword } from '../common-passwords.ts'
import type { AppEnv } from '../context.ts'
import { withCurrentPassword } from '../reauthentication.ts'
import { userCreateSchema, userDeleteSchema, userUpdateSchema } from '../schemas.ts'
import { refusedOrMissing, requireSignedIn, setClause, type Assignment } from '../sql.ts'
import type { User } from '../contract/responses.ts'
import { idParam, readJson } from '../validate.ts'
import { checkIfMatch, versionedGet, type WithVersion } from '../versions.ts'

export const userRoutes = new Hono<AppEnv>()

type UserRow = User & Record<string, unknown>
const columns = 'id, username, role'

userRoutes.get('/', async (c) => {
  const principal = c.get('principal')
  requireSignedIn(principal)
  const { db } = c.get('deps')
  const rows = await db.as(
    principal,
    (tx) => tx.query<UserRow>(`select ${columns} from public.users order by id`),
    { readOnly: true },
  )
  return c.json(rows)
})

userRoutes.get(
  '/:id',
  versionedGet(
    async (tx, id) => {
      const [row] = await tx.query<WithVersion<UserRow>>(
        `select ${columns}, version from public.users where id = $1`,
        [id],
      )
      return row
    },
    'User not found',
    { signedInOnly: true },
  ),
)

userRoutes.post('/', async (c) => {
  const principal = c.get('principal')
  requireSignedIn(principal)
  const input = await readJson(c, userCreateSchema)
  refuseCommonPassword(input.password)
  const { db } = c.get('deps')
  const [row] = await withCurrentPassword(db, principal, input.currentPassword, (tx) =>
    tx.query<UserRow>(
      `insert into public.users (username, password_hash, role) values (btrim($1), app.hash_password($2), $3) returning ${columns}`,
      [input.username, input.password, input.role],
    ),
  )
  return c.json(row, 201)
})

userRoutes.put('/:id', async (c) => {
  const id = idParam(c)
  const principal = c.get('principal')
  requireSignedIn(principal)
  const input = await readJson(c, userUpdateSchema)
  refuseCommonPassword(input.password)
  const { db } = c.get('deps')
  const assignments: Assignment[] = []
  if (input.username !== undefined)
    assignments.push({ column: 'username', value: input.username, expression: 'btrim($)' })
  if (input.password !== undefined)
    assignments.push({
      column: 'password_hash',
      value: input.password,
      expression: 'app.hash_password($)',
    })
  if (input.role !== undefined) assignments.push({ column: 'role', value: input.role })
  const row = await withCurrentPassword(db, principal, input.currentPassword, async (tx) => {
    await checkIfMatch(c, tx, 'users', id, 'user')
    const set = setClause(assignments, 'username')
    const [updated] = await tx.query<UserRow>(
      `update public.users set ${set.sql} where id = $1 returning ${columns}`,
      [id, ...set.params],
    )
    return updated ?? refusedOrMissing(tx, 'users', id, 'User')
  })
  return c.json(row)
})

userRoutes.delete('/:id', async (c) => {
  const id = idParam(c)
  const principal = c.get('principal')
  requireSignedIn(principal)
  const input = await readJson(c, userDeleteSchema, undefined, {})
  const { db } = c.get('deps')
  await withCurrentPassword(db, principal, input.currentPassword, async (tx) => {
    const deleted = await tx.query('delete from public.users where id = $1 returning id', [id])
    if (!deleted.length) await refusedOrMissing(tx, 'users', id, 'User')
  })
  return c.body(null, 204)
})
