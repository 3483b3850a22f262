// /auth: first-admin registration, login with a database-backed limit on
// failures, logout, and who-am-I (docs/ARCHITECTURE.md, "Authentication and roles").
// Each sign-in opens a session in the database whose id the token carries;
// logout and password changes end sessions (migration ..._sessions.sql).
import { Hono } from 'hono'
import { signToken } from '../auth.ts'
import type { AppEnv } from '../context.ts'
import { HttpError, unauthorized } from '../errors.ts'
import { loginSchema, registerSchema } from '../schemas.ts'
import type { AuthResponse, User } from '../types.ts'
import { readJson } from '../validate.ts'
import { clientKey } from '../client-key.ts'

export const authRoutes = new Hono<AppEnv>()

authRoutes.post('/register', async (c) => {
  const { db, tokenKey } = c.get('deps')
  const input = await readJson(c, registerSchema)
  const [row] = await db.as({ kind: 'anon' }, (tx) =>
    tx.query<User & { session_id: string }>(
      'select id, username, role, session_id from app.register_first_admin($1, $2)',
      [input.username, input.password],
    ),
  )
  if (!row) throw new HttpError(409, 'Registration is closed')
  const { session_id: sessionId, ...user } = row
  const body: AuthResponse = {
    accessToken: await signToken(tokenKey, user.id, undefined, sessionId),
    user,
  }
  return c.json(body, 201)
})

/** Whether the register page is still useful: true until the first account exists. */
authRoutes.get('/register', async (c) => {
  const { db } = c.get('deps')
  const [row] = await db.as(
    { kind: 'anon' },
    (tx) => tx.query<{ open: boolean }>('select app.registration_open() as open'),
    {
      readOnly: true,
    },
  )
  return c.json({ open: row?.open === true })
})

authRoutes.post('/login', async (c) => {
  const { db, tokenKey } = c.get('deps')
  const input = await readJson(c, loginSchema)
  const [row] = await db.as({ kind: 'anon' }, (tx) =>
    tx.query<{
      result: { status: string; retryAfter?: number; user?: User; sessionId?: string }
    }>('select app.attempt_login($1, $2, $3) as result', [
      input.username,
      input.password,
      clientKey(c),
    ]),
  )
  const result = row?.result
  if (result?.status === 'locked') {
    const retryAfter = String(result.retryAfter ?? 60)
    throw new HttpError(429, 'Too many failed login attempts. Please try again later.', undefined, {
      'Retry-After': retryAfter,
    })
  }
  if (result?.status !== 'ok' || !result.user) throw unauthorized('Invalid username or password')
  const body: AuthResponse = {
    accessToken: await signToken(tokenKey, result.user.id, undefined, result.sessionId),
    user: result.user,
  }
  return c.json(body)
})

/**
 * Ends the caller's session: its token answers 401 from now on, here and on
 * every other route. A session that has already ended is not an error.
 */
authRoutes.post('/logout', async (c) => {
  const principal = c.get('principal')
  if (principal.kind === 'anon') throw unauthorized('Authentication required')
  const { db } = c.get('deps')
  try {
    await db.as(principal, (tx) => tx.query('select app.end_session()'))
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 401)) throw error
  }
  return c.body(null, 204)
})

authRoutes.get('/me', async (c) => {
  const principal = c.get('principal')
  if (principal.kind === 'anon') throw unauthorized('Authentication required')
  const { db } = c.get('deps')
  const [user] = await db.as(
    principal,
    (tx) =>
      tx.query<User>(
        'select id, username, role from public.users where id = (select app.current_user_id())',
      ),
    { readOnly: true },
  )
  if (!user) throw unauthorized('Your session is no longer valid')
  return c.json(user)
})
