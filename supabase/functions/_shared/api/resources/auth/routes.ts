// /auth: first-admin registration, login with a database-backed limit on
// failures, logout, and who-am-I (docs/ARCHITECTURE.md, "Authentication and roles").
// Each sign-in opens a session in the database whose id the token carries;
// logout and password changes end sessions (migration ..._sessions.sql).
import type { Context } from 'hono'
import { z } from 'zod'
import { Api, ok } from '../../operation.ts'
import { signToken } from '../../../accounts/auth.ts'
import { asCaller, readAsCaller, type AppEnv } from '../../../context.ts'
import * as answers from '../../../contract/responses.ts'
import { forbidden, HttpError, notFound, unauthorized } from '../../../http/errors.ts'
import { SESSION_IDLE_SECONDS } from '../../../db/db.ts'
import { describeDevice } from '../../../contract/device.ts'
import { loginSchema, registerSchema } from '../../../contract/schemas.ts'
import type { AuthResponse, SessionList, User } from '../../../contract/responses.ts'
import { requireSignedIn } from '../../../db/sql.ts'
import { clientAddress, clientKey } from '../../../http/client-key.ts'
import { refuseCommonPassword } from '../../../accounts/common-passwords.ts'
import { isLoopback, setupRefusal, VIA_PROXY_HEADER } from '../../../accounts/setup-code.ts'

export const authApi = new Api()

authApi.add(
  {
    method: 'post',
    path: '/auth/register',
    operationId: 'register',
    summary:
      'Create the first admin account (open until an account exists; from another machine than the server, with setupToken)',
    tag: 'Authentication',
    access: 'public',
    fromThisSite: ['application/json'],
    body: registerSchema,
    answers: {
      201: ok('Signed in as the new admin', answers.authResponse),
      403: ok('No valid setup code, or none is set on the server', answers.errorBody),
      409: ok('Registration is closed', answers.errorBody),
      429: ok('Too many attempts from this address', answers.errorBody),
    },
  },
  async (c, { body: input }) => {
    const { db } = c.get('deps')
    refuseCommonPassword(input.password)
    const { setup } = c.get('deps')
    if (setup) {
      // Once an account exists the answer is the spec's 409, whatever the code.
      if (!(await registrationOpen(c))) throw new HttpError(409, 'Registration is closed')
      // The Node server writes X-Forwarded-For on every request that came over
      // the network (server/http.ts): one without it was made in this process.
      const inProcess = c.req.header('x-forwarded-for') === undefined
      const address = clientAddress(c, c.get('deps').clientAddress)
      // A page on any site the owner opens can make their browser post here
      // from loopback too: only a request the browser calls same-origin (the
      // register page itself) or that no page made (curl, a typed address)
      // counts as this machine's.
      const fromThisMachine =
        ownPageOrNone(c.req.header('sec-fetch-site')) &&
        (inProcess || (isLoopback(address) && c.req.header(VIA_PROXY_HEADER) === undefined))
      const refusal = setupRefusal(setup, input.setupToken, fromThisMachine)
      if (refusal) throw forbidden(refusal)
    }
    const [row] = await db.as({ kind: 'anon' }, (tx) =>
      tx.query<User & { session_id: string }>(
        'select id, username, role, session_id from app.register_first_admin($1, $2)',
        [input.username, input.password],
      ),
    )
    if (!row) throw new HttpError(409, 'Registration is closed')
    const { session_id: sessionId, ...user } = row
    return c.json(await signedInAnswer(c, user, sessionId), 201)
  },
)

/** Sec-Fetch-Site absent (no browser page), `none` (typed, a bookmark) or `same-origin`. */
const ownPageOrNone = (fetchSite: string | undefined) =>
  fetchSite === undefined || ['none', 'same-origin'].includes(fetchSite.toLowerCase())

async function registrationOpen(c: Context<AppEnv>): Promise<boolean> {
  const [row] = await c
    .get('deps')
    .db.as(
      { kind: 'anon' },
      (tx) => tx.query<{ open: boolean }>('select app.registration_open() as open'),
      { readOnly: true },
    )
  return row?.open === true
}

/** Whether the register page is still useful: true until the first account exists. */
authApi.add(
  {
    method: 'get',
    path: '/auth/register',
    operationId: 'getRegistration',
    summary: 'Whether registration is still open',
    tag: 'Authentication',
    access: 'public',
    answers: { 200: ok('Open or not', z.object({ open: z.boolean() })) },
  },
  async (c) => c.json({ open: await registrationOpen(c) }, 200),
)

authApi.add(
  {
    method: 'post',
    path: '/auth/login',
    operationId: 'login',
    summary: 'Sign in with a username and password',
    tag: 'Authentication',
    access: 'public',
    fromThisSite: ['application/json'],
    body: loginSchema,
    answers: {
      200: ok(
        'Signed in; or, for an account with two-step sign-in on, a challenge to send with a code to /auth/login/verify',
        z.union([answers.authResponse, answers.twoStepChallenge]),
      ),
      401: ok('Wrong username or password', answers.errorBody),
      429: ok('Too many failed attempts', answers.errorBody),
    },
  },
  async (c, { body: input }) => {
    const { db } = c.get('deps')
    const [row] = await db.as({ kind: 'anon' }, (tx) =>
      tx.query<{
        result: {
          status: string
          retryAfter?: number
          user?: User
          sessionId?: string
          challenge?: string
        }
      }>('select app.attempt_login($1, $2, $3) as result', [
        input.username,
        input.password,
        clientKey(c),
      ]),
    )
    const result = row?.result
    if (result?.status === 'locked') {
      const retryAfter = String(result.retryAfter ?? 60)
      throw new HttpError(
        429,
        'Too many failed login attempts. Please try again later.',
        undefined,
        {
          'Retry-After': retryAfter,
        },
      )
    }
    // The password was right and the account has two-step on: no token yet,
    // the code comes next (routes/two-step.ts).
    if (result?.status === 'two-step' && result.challenge)
      return c.json({ twoStep: true as const, challenge: result.challenge }, 200)
    if (result?.status !== 'ok' || !result.user) throw unauthorized('Invalid username or password')
    return c.json(await signedInAnswer(c, result.user, result.sessionId), 200)
  },
)

/**
 * Ends the caller's session: its token answers 401 from now on, here and on
 * every other route. A session that has already ended is not an error.
 */
authApi.add(
  {
    method: 'post',
    path: '/auth/logout',
    operationId: 'logout',
    summary: 'End the current session',
    tag: 'Authentication',
    access: 'signedIn',
    answers: { 204: ok('Signed out') },
  },
  async (c) => {
    try {
      await asCaller(c, (tx) => tx.query('select app.end_session()'))
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 401)) throw error
    }
    return c.body(null, 204)
  },
)

/** Notes what the new session was opened with ("Firefox on Linux"), for the list of sessions. */
export async function describeSession(c: Context<AppEnv>, sessionId: string): Promise<void> {
  await c
    .get('deps')
    .db.as({ kind: 'anon' }, (tx) =>
      tx.query('select app.describe_session($1, $2)', [
        sessionId,
        describeDevice(c.req.header('user-agent')),
      ]),
    )
}

/**
 * The answer of a finished sign-in, whichever way it went (password, second
 * step, passkey, the first admin's registration): the session named after the
 * device, and the token that carries it.
 */
export async function signedInAnswer(
  c: Context<AppEnv>,
  user: User,
  sessionId: string | undefined,
): Promise<AuthResponse> {
  if (sessionId) await describeSession(c, sessionId)
  return {
    accessToken: await signToken(c.get('deps').tokenKey, user.id, undefined, sessionId),
    user,
  }
}

/**
 * The caller of a call declared 'signedIn', typed as an account: the
 * declaration has already refused visitors (api/operation.ts), so this only
 * narrows the type, for the handlers that need the caller's user id.
 */
export function signedIn(c: Context<AppEnv>) {
  const principal = c.get('principal')
  requireSignedIn(principal)
  return principal
}

/**
 * The caller's open sessions (created, last used, device; never an address),
 * and how long one may go unused before it ends.
 */
authApi.add(
  {
    method: 'get',
    path: '/auth/sessions',
    operationId: 'listSessions',
    summary: "The caller's open sessions and the idle limit",
    tag: 'Authentication',
    access: 'signedIn',
    answers: { 200: ok('Open sessions, the current one marked', answers.sessionList) },
  },
  async (c) => {
    const { sessionIdleSeconds = SESSION_IDLE_SECONDS } = c.get('deps')
    const rows = await readAsCaller(c, (tx) =>
      tx.query<{
        id: string
        created_at: Date | string
        last_used_at: Date | string
        device: string | null
        current: boolean
      }>('select id, created_at, last_used_at, device, current from app.my_sessions()'),
    )
    const body: SessionList = {
      idleMinutes: Math.round(sessionIdleSeconds / 60),
      sessions: rows.map((row) => ({
        id: row.id,
        createdAt: new Date(row.created_at).toISOString(),
        lastUsedAt: new Date(row.last_used_at).toISOString(),
        device: row.device ?? 'Unknown device',
        current: row.current,
      })),
    }
    return c.json(body, 200)
  },
)

/** Ends every other session of the caller's account; this one stays. */
authApi.add(
  {
    method: 'post',
    path: '/auth/sessions/end-others',
    operationId: 'endOtherSessions',
    summary: "End every session of the caller's account but this one",
    tag: 'Authentication',
    access: 'signedIn',
    answers: {
      200: ok('How many ended', z.object({ ended: z.number().int().min(0) })),
    },
  },
  async (c) => {
    const [row] = await asCaller(c, (tx) =>
      tx.query<{ ended: number }>('select app.end_my_other_sessions() as ended'),
    )
    return c.json({ ended: Number(row?.ended ?? 0) }, 200)
  },
)

/** Ends one session of the caller's account (signing that device out). */
authApi.add(
  {
    method: 'delete',
    path: '/auth/sessions/{sessionId}',
    operationId: 'endSession',
    summary: "End one of the caller's sessions",
    tag: 'Authentication',
    access: 'signedIn',
    answers: { 204: ok('Ended'), 404: ok('No such session of this account', answers.errorBody) },
  },
  async (c) => {
    const id = c.req.param('sessionId') ?? ''
    if (!UUID.test(id)) throw notFound('Session not found')
    const [row] = await asCaller(c, (tx) =>
      tx.query<{ ended: boolean }>('select app.end_my_session($1) as ended', [id]),
    )
    if (!row?.ended) throw notFound('Session not found')
    return c.body(null, 204)
  },
)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

authApi.add(
  {
    method: 'get',
    path: '/auth/me',
    operationId: 'getMe',
    summary: 'The signed-in account',
    tag: 'Authentication',
    access: 'signedIn',
    answers: { 200: ok('The account', answers.user) },
  },
  async (c) => {
    const [user] = await readAsCaller(c, (tx) =>
      tx.query<User>(
        'select id, username, role from public.users where id = (select app.current_user_id())',
      ),
    )
    if (!user) throw unauthorized('Your session is no longer valid')
    return c.json(user, 200)
  },
)
