// Two-step sign-in (docs/decisions/039-two-step-sign-in.md, docs/PRODUCT.md
// §2.4 and §2.12): the second step of a sign-in, and turning it on and off
// on the account page. The database keeps the secret sealed and cannot check
// a code; here the code is checked, and the database is told which time step
// it was for, so it can refuse one already used (supabase/schemas/03_two_step_sign_in.sql).
import type { Context } from 'hono'
import { Api, ok, reauthentication } from '../../operation.ts'
import { withCurrentPassword } from '../../../accounts/reauthentication.ts'
import { asCaller, readAsCaller, type AppEnv } from '../../../context.ts'
import * as answers from '../../../contract/responses.ts'
import { badRequest, conflict, HttpError, unauthorized } from '../../../http/errors.ts'
import {
  loginVerifySchema,
  passwordConfirmationSchema,
  twoStepDisableSchema,
  twoStepEnableSchema,
} from '../../../contract/schemas.ts'
import {
  codeStep,
  hashRecoveryCode,
  isTotpCode,
  newRecoveryCodes,
  newSecret,
  openSecret,
  sealSecret,
} from '../../../accounts/two-step.ts'
import type { User } from '../../../contract/responses.ts'
import { selectResult } from '../../../db/sql.ts'
import { signedIn, signedInAnswer } from '../auth/routes.ts'

export const twoStepApi = new Api()

/** What the database answers before a code is checked (app.two_step_code_take). */
interface CodeTake {
  status: 'ok' | 'locked' | 'expired' | 'none'
  retryAfter?: number
  userId?: number
  secret?: string
  lastStep?: number | null
  enabled?: boolean
}

const tooMany = (retryAfter = 60) =>
  new HttpError(429, 'Too many wrong codes. Please try again later.', undefined, {
    'Retry-After': String(retryAfter),
  })

/**
 * What a typed code proves, for the database to accept or not: the time step
 * of a right app code, or a recovery code's hash. A wrong app code proves
 * nothing (both null).
 */
async function proof(
  c: Context<AppEnv>,
  take: CodeTake,
  code: string,
): Promise<{ step: number | null; recoveryHash: string | null }> {
  if (!isTotpCode(code)) return { step: null, recoveryHash: await hashRecoveryCode(code) }
  const secret =
    take.secret && take.userId
      ? await openSecret(c.get('deps').tokenKey, take.userId, take.secret)
      : null
  return { step: secret ? codeStep(secret, code) : null, recoveryHash: null }
}

/** The second step of a sign-in: the challenge from POST /auth/login and a code. */
twoStepApi.add(
  {
    method: 'post',
    path: '/auth/login/verify',
    operationId: 'verifyLogin',
    summary:
      "Second step of a sign-in: the login's challenge and a code from the authenticator app or a recovery code",
    tag: 'Authentication',
    access: 'public',
    fromThisSite: ['application/json'],
    body: loginVerifySchema,
    answers: {
      200: ok('Signed in', answers.authResponse),
      401: ok('Wrong code, or the challenge has expired or used its tries', answers.errorBody),
      429: ok('Too many wrong codes for this account', answers.errorBody),
    },
  },
  async (c, { body: input }) => {
    const { db } = c.get('deps')
    if (!UUID.test(input.challenge)) throw expired()
    // Counted and checked in one transaction, which commits either way: a
    // wrong code stays counted.
    const result = await db.as({ kind: 'anon' }, async (tx) => {
      const take = await selectResult<CodeTake>(
        tx,
        'select app.two_step_challenge_take($1) as result',
        [input.challenge],
      )
      if (take.status !== 'ok') return { take }
      const { step, recoveryHash } = await proof(c, take, input.code)
      const signIn = await selectResult<{ status: string; sessionId?: string; user?: User }>(
        tx,
        'select app.two_step_sign_in($1, $2, $3) as result',
        [input.challenge, step, recoveryHash],
      )
      return { take, signIn }
    })
    if (result.take.status === 'locked') throw tooMany(result.take.retryAfter)
    if (result.take.status !== 'ok') throw expired()
    const signIn = result.signIn
    if (signIn?.status !== 'ok' || !signIn.user || !signIn.sessionId)
      throw unauthorized('Invalid code')
    return c.json(await signedInAnswer(c, signIn.user, signIn.sessionId), 200)
  },
)

const expired = () => unauthorized('This sign-in has expired. Please sign in again.')

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Whether two-step is on for the caller, and how many recovery codes are left. */
twoStepApi.add(
  {
    method: 'get',
    path: '/auth/two-step',
    operationId: 'getTwoStep',
    summary: "Whether two-step sign-in is on for the caller's account",
    tag: 'Authentication',
    access: 'signedIn',
    answers: { 200: ok('On or off, and the recovery codes left', answers.twoStepStatus) },
  },
  async (c) => {
    const status = await readAsCaller(c, (tx) =>
      selectResult<object>(tx, 'select app.my_two_step() as result'),
    )
    return c.json(status, 200)
  },
)

/**
 * A new secret to add to an authenticator app, for the current password;
 * nothing changes until /enable confirms it with a code. The database keeps
 * the secret only in the transaction that confirmed the password, in place of
 * any earlier one (docs/decisions/064).
 */
twoStepApi.add(
  {
    method: 'post',
    path: '/auth/two-step/setup',
    operationId: 'setUpTwoStep',
    summary:
      'A new secret for an authenticator app, for `currentPassword`; two-step stays off until it is confirmed',
    tag: 'Authentication',
    access: 'signedIn',
    fromThisSite: ['application/json'],
    body: passwordConfirmationSchema,
    answers: {
      200: ok('The secret (base32) and its otpauth:// link', answers.twoStepSetup),
      ...reauthentication,
      409: ok('Two-step sign-in is already on', answers.errorBody),
    },
  },
  async (c, { body }) => {
    const principal = signedIn(c)
    const { db, tokenKey } = c.get('deps')
    const answer = await withCurrentPassword(db, principal, body.currentPassword, async (tx) => {
      const [me] = await tx.query<{ username: string }>(
        'select username from public.users where id = (select app.current_user_id())',
      )
      if (!me) throw unauthorized('Your session is no longer valid')
      const { secret, otpauthUrl } = newSecret(me.username)
      const sealed = await sealSecret(tokenKey, principal.userId, secret)
      const kept = await selectResult<boolean>(tx, 'select app.two_step_prepare($1) as result', [
        sealed,
      ])
      return kept ? { secret, otpauthUrl } : null
    })
    if (!answer) throw conflict('Two-step sign-in is already on. Turn it off first.')
    return c.json(answer, 200)
  },
)

const wrongCode = () =>
  badRequest('Invalid code', { code: 'That code is not right. Check the app and try again.' })

/** Turns two-step on once a code from the new secret is right; answers the recovery codes, once. */
twoStepApi.add(
  {
    method: 'post',
    path: '/auth/two-step/enable',
    operationId: 'enableTwoStep',
    summary: 'Turn two-step sign-in on with a code from the secret being set up',
    tag: 'Authentication',
    access: 'signedIn',
    fromThisSite: ['application/json'],
    body: twoStepEnableSchema,
    answers: {
      200: ok('On; the ten recovery codes, shown this once', answers.recoveryCodes),
      409: ok('Already on, or nothing set up', answers.errorBody),
      429: ok('Too many wrong codes', answers.errorBody),
    },
  },
  async (c, { body: input }) => {
    const recoveryCodes = newRecoveryCodes()
    const hashes = await Promise.all(recoveryCodes.map(hashRecoveryCode))
    const result = await asCaller(c, async (tx) => {
      const take = await selectResult<CodeTake>(tx, 'select app.my_two_step_code_take() as result')
      if (take.status !== 'ok' || take.enabled) return { take, enabled: false }
      const { step } = await proof(c, take, input.code)
      const enabled =
        step !== null &&
        (await selectResult<boolean>(tx, 'select app.two_step_enable($1, $2) as result', [
          step,
          hashes,
        ]))
      return { take, enabled }
    })
    if (result.take.status === 'locked') throw tooMany(result.take.retryAfter)
    if (result.take.enabled) throw conflict('Two-step sign-in is already on.')
    if (result.take.status === 'none') throw conflict('Set up two-step sign-in first.')
    if (!result.enabled) throw wrongCode()
    return c.json({ recoveryCodes }, 200)
  },
)

/**
 * Turns two-step off, with a code or a recovery code (counted as at sign-in),
 * or the account's password (counted as the other writes that take it).
 */
twoStepApi.add(
  {
    method: 'post',
    path: '/auth/two-step/disable',
    operationId: 'disableTwoStep',
    summary: 'Turn two-step sign-in off with a code, a recovery code or `currentPassword`',
    tag: 'Authentication',
    access: 'signedIn',
    fromThisSite: ['application/json'],
    body: twoStepDisableSchema,
    answers: {
      204: ok('Off'),
      ...reauthentication,
      409: ok('Two-step sign-in is not on', answers.errorBody),
      429: ok('Too many wrong codes, or too many wrong current passwords', answers.errorBody),
    },
  },
  async (c, { body: input }) => {
    if (input.code === undefined) {
      const { db } = c.get('deps')
      const disabled = await withCurrentPassword(
        db,
        c.get('principal'),
        input.currentPassword,
        (tx) => selectResult<boolean>(tx, 'select app.two_step_disable(null, null) as result'),
      )
      if (!disabled) throw conflict('Two-step sign-in is not on.')
      return c.body(null, 204)
    }
    const code = input.code
    const result = await asCaller(c, async (tx) => {
      const take = await selectResult<CodeTake>(tx, 'select app.my_two_step_code_take() as result')
      if (take.status !== 'ok' || !take.enabled) return { take, disabled: false }
      const { step, recoveryHash } = await proof(c, take, code)
      const disabled = await selectResult<boolean>(
        tx,
        'select app.two_step_disable($1, $2) as result',
        [step, recoveryHash],
      )
      return { take, disabled }
    })
    if (result.take.status === 'locked') throw tooMany(result.take.retryAfter)
    if (result.take.status !== 'ok' || !result.take.enabled)
      throw conflict('Two-step sign-in is not on.')
    if (!result.disabled) throw wrongCode()
    return c.body(null, 204)
  },
)
