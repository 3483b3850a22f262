// Passkeys (docs/decisions/041-passkeys.md, docs/PRODUCT.md §2.4): a signed-in
// account adds, lists, renames and removes its own; anyone signs in with one,
// no username needed (discoverable credentials) and no second step. The
// signatures are checked here by @simplewebauthn/server; the database keeps the
// keys, makes each challenge work once and not after five minutes, refuses a
// counter that went back, and opens the session (supabase/schemas/12_passkeys.sql).
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server'
import type { Context } from 'hono'
import { z } from 'zod'
import { Api, ok, reauthentication } from '../../operation.ts'
import { withCurrentPassword } from '../../../accounts/reauthentication.ts'
import { clientKey } from '../../../http/client-key.ts'
import { asCaller, readAsCaller, type AppEnv } from '../../../context.ts'
import * as answers from '../../../contract/responses.ts'
import type { Queryable } from '../../../db/db.ts'
import { describeDevice } from '../../../contract/device.ts'
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../../http/errors.ts'
import {
  CEREMONY_MS,
  fromBase64,
  newChallenge,
  relyingParty,
  signedChallenge,
  toBase64,
} from '../../../accounts/passkeys.ts'
import {
  passwordConfirmationSchema,
  passkeyRegisterSchema,
  passkeyRenameSchema,
  passkeySignInSchema,
} from '../../../contract/schemas.ts'
import type { Passkey, User } from '../../../contract/responses.ts'
import { selectResult } from '../../../db/sql.ts'
import { signedIn, signedInAnswer } from '../auth/routes.ts'

export const passkeyApi = new Api()

const tooMany = (retryAfter = 60) =>
  new HttpError(
    429,
    'Too many passkey attempts from this address. Please try again later.',
    undefined,
    {
      'Retry-After': String(retryAfter),
    },
  )

/** Stores a new challenge for the ceremony; 429 past the address's limit. */
async function keepChallenge(
  c: Context<AppEnv>,
  tx: Queryable,
  challenge: string,
  purpose: 'register' | 'sign-in',
) {
  const kept = await selectResult<{ status: string; retryAfter?: number }>(
    tx,
    'select app.passkey_challenge_new($1, $2, $3) as result',
    [challenge, purpose, clientKey(c)],
  )
  if (kept.status === 'locked') throw tooMany(kept.retryAfter)
  if (kept.status !== 'ok') throw unauthorized('Authentication required')
}

const TRANSPORTS = new Set(['ble', 'hybrid', 'internal', 'nfc', 'usb'])
const knownTransports = (list: readonly string[] | undefined) =>
  (list ?? []).filter((t): t is AuthenticatorTransport => TRANSPORTS.has(t))

interface PasskeyRow {
  id: string
  name: string
  created_at: Date | string
  last_used_at: Date | string | null
}

const passkeyColumns = 'id, name, created_at, last_used_at'
const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
})

/** The caller's passkeys, oldest first (row-level security shows only theirs). */
passkeyApi.add(
  {
    method: 'get',
    path: '/auth/passkeys',
    operationId: 'listPasskeys',
    summary: "The caller's passkeys",
    tag: 'Authentication',
    access: 'signedIn',
    answers: { 200: ok('Name, added, last used; never the key', z.array(answers.passkey)) },
  },
  async (c) => {
    const rows = await readAsCaller(c, (tx) =>
      tx.query<PasskeyRow>(`select ${passkeyColumns} from app.passkeys order by created_at, id`),
    )
    return c.json(rows.map(toPasskey), 200)
  },
)

/**
 * What the browser needs to create a passkey for the caller
 * (navigator.credentials.create), for the current password: the database
 * keeps the challenge only in the transaction that confirmed it, and it
 * replaces any the account asked for before (docs/decisions/064).
 */
passkeyApi.add(
  {
    method: 'post',
    path: '/auth/passkeys/register/options',
    operationId: 'passkeyRegistrationOptions',
    summary:
      'Options for navigator.credentials.create(): a new passkey for the caller, who confirms with `currentPassword`',
    tag: 'Authentication',
    access: 'signedIn',
    fromThisSite: ['application/json'],
    body: passwordConfirmationSchema,
    answers: {
      200: ok(
        'The options, with a challenge good once for five minutes',
        answers.passkeyRegistrationOptions,
      ),
      ...reauthentication,
      429: ok(
        'Too many passkey requests from this address, or too many wrong current passwords',
        answers.errorBody,
      ),
    },
  },
  async (c, { body }) => {
    const principal = signedIn(c)
    const rp = relyingParty(c)
    const { db } = c.get('deps')
    const options = await withCurrentPassword(db, principal, body.currentPassword, async (tx) => {
      const [me] = await tx.query<{ username: string }>(
        'select username from public.users where id = (select app.current_user_id())',
      )
      if (!me) throw unauthorized('Your session is no longer valid')
      const mine = await tx.query<{ id: string; transports: string[] }>(
        'select id, transports from app.passkeys',
      )
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: me.username,
        userDisplayName: me.username,
        // The same handle for every passkey of the account; an id, nothing personal.
        userID: new TextEncoder().encode(`vitrine-user-${principal.userId}`),
        challenge: newChallenge(),
        timeout: CEREMONY_MS,
        attestationType: 'none',
        // One passkey per authenticator and account: the browser skips those it holds.
        excludeCredentials: mine.map((key) => ({
          id: key.id,
          transports: knownTransports(key.transports),
        })),
        // Discoverable, so that signing in needs no username; verified (PIN,
        // fingerprint, face), so that it needs no second step.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      })
      await keepChallenge(c, tx, options.challenge, 'register')
      return options
    })
    // The library's type is wider than what it made: the relying party's id
    // is the one given, and every excluded credential a public key.
    const excluded = (options.excludeCredentials ?? []).map((key) => ({
      ...key,
      type: 'public-key' as const,
    }))
    return c.json(
      { ...options, rp: { ...options.rp, id: rp.id }, excludeCredentials: excluded },
      200,
    )
  },
)

/** Adds the passkey the browser created, once its answer checks out against the challenge. */
passkeyApi.add(
  {
    method: 'post',
    path: '/auth/passkeys/register/verify',
    operationId: 'addPasskey',
    summary: 'Add the passkey the browser created, once its answer checks out',
    tag: 'Authentication',
    access: 'signedIn',
    fromThisSite: ['application/json'],
    body: passkeyRegisterSchema,
    answers: {
      201: ok('Added', answers.passkey),
      409: ok('Already registered, or the account has 20 passkeys', answers.errorBody),
    },
  },
  async (c, { body: input }) => {
    const rp = relyingParty(c)
    const challenge = signedChallenge(input.response.response.clientDataJSON)
    const name = input.name ?? describeDevice(c.req.header('user-agent'))
    // Taken, checked and kept in one transaction that commits whatever the
    // check says: a challenge an answer was checked against is used up.
    const result = await asCaller(c, async (tx) => {
      const taken = await selectResult<boolean>(
        tx,
        'select app.passkey_register_take($1, $2) as result',
        [challenge, input.response.id],
      )
      if (!taken) return { status: 'expired' }
      let credential
      try {
        const verification = await verifyRegistrationResponse({
          response: input.response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: true,
        })
        credential = verification.verified ? verification.registrationInfo.credential : undefined
      } catch {
        credential = undefined
      }
      if (!credential || credential.id !== input.response.id) return { status: 'invalid' }
      const status = await selectResult<string>(
        tx,
        "select app.passkey_add($1, $2, decode($3, 'base64'), $4, $5, $6) as result",
        [
          challenge,
          credential.id,
          toBase64(credential.publicKey),
          credential.counter,
          knownTransports(credential.transports ?? input.response.response.transports),
          name,
        ],
      )
      if (status !== 'ok') return { status }
      const [row] = await tx.query<PasskeyRow>(
        `select ${passkeyColumns} from app.passkeys where id = $1`,
        [credential.id],
      )
      return { status, passkey: row }
    })
    if (result.status === 'expired')
      throw badRequest(
        'This request to add a passkey has expired or was already used. Please try again.',
      )
    if (result.status === 'invalid')
      throw badRequest(
        "The passkey's answer could not be verified for this site. Please try again.",
      )
    if (result.status === 'duplicate') throw conflict('This passkey is already registered.')
    if (result.status === 'full')
      throw conflict('An account can have 20 passkeys. Remove one first.')
    if (!result.passkey) throw new Error('A passkey added could not be read back')
    return c.json(toPasskey(result.passkey), 201)
  },
)

/** A credential id from the path: base64url, or 404 (no passkey can have it). */
function passkeyId(c: Context<AppEnv>): string {
  const id = c.req.param('passkeyId') ?? ''
  if (!/^[A-Za-z0-9_-]{16,1400}$/.test(id)) throw notFound('Passkey not found')
  return id
}

passkeyApi.add(
  {
    method: 'patch',
    path: '/auth/passkeys/{passkeyId}',
    operationId: 'renamePasskey',
    summary: "Rename one of the caller's passkeys",
    tag: 'Authentication',
    access: 'signedIn',
    fromThisSite: ['application/json'],
    body: passkeyRenameSchema,
    answers: { 200: ok('Renamed', answers.passkey) },
  },
  async (c, { body: input }) => {
    const id = passkeyId(c)
    const [row] = await asCaller(c, (tx) =>
      tx.query<PasskeyRow>(
        `update app.passkeys set name = $2 where id = $1 returning ${passkeyColumns}`,
        [id, input.name],
      ),
    )
    if (!row) throw notFound('Passkey not found')
    return c.json(toPasskey(row), 200)
  },
)

passkeyApi.add(
  {
    method: 'delete',
    path: '/auth/passkeys/{passkeyId}',
    operationId: 'removePasskey',
    summary: "Remove one of the caller's passkeys; takes `currentPassword` in the body",
    tag: 'Authentication',
    access: 'signedIn',
    fromThisSite: ['application/json'],
    body: passwordConfirmationSchema,
    emptyBody: {},
    answers: { 204: ok('Removed'), ...reauthentication },
  },
  async (c, { body }) => {
    const id = passkeyId(c)
    const { db } = c.get('deps')
    const [row] = await withCurrentPassword(db, c.get('principal'), body.currentPassword, (tx) =>
      tx.query<{ id: string }>('delete from app.passkeys where id = $1 returning id', [id]),
    )
    if (!row) throw notFound('Passkey not found')
    return c.body(null, 204)
  },
)

/** What the browser needs to sign in with any passkey of this site (navigator.credentials.get). */
passkeyApi.add(
  {
    method: 'post',
    path: '/auth/passkeys/login/options',
    operationId: 'passkeySignInOptions',
    summary: 'Options for navigator.credentials.get(): sign in with any passkey of this site',
    tag: 'Authentication',
    access: 'public',
    fromThisSite: ['application/json'],
    answers: {
      200: ok(
        'The options, with a challenge good once for five minutes',
        answers.passkeySignInOptions,
      ),
      429: ok('Too many passkey requests from this address', answers.errorBody),
    },
  },
  async (c) => {
    const rp = relyingParty(c)
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      challenge: newChallenge(),
      timeout: CEREMONY_MS,
      // No list of credentials: the browser offers the passkeys it holds for this site.
      allowCredentials: [],
      userVerification: 'required',
    })
    await c
      .get('deps')
      .db.as({ kind: 'anon' }, (tx) => keepChallenge(c, tx, options.challenge, 'sign-in'))
    // The library's type leaves these optional; they are the ones given.
    return c.json({ ...options, rpId: rp.id, userVerification: 'required' as const }, 200)
  },
)

const notSignedIn = () => unauthorized('That passkey could not sign you in. Please try again.')

/** Signs in with a passkey: a session and token, as a password sign-in gives. */
passkeyApi.add(
  {
    method: 'post',
    path: '/auth/passkeys/login/verify',
    operationId: 'passkeySignIn',
    summary: 'Sign in with a passkey: no username, no second step',
    tag: 'Authentication',
    access: 'public',
    fromThisSite: ['application/json'],
    body: passkeySignInSchema,
    answers: {
      200: ok('Signed in', answers.authResponse),
      401: ok(
        'The passkey is unknown, its signature or counter is wrong, or the challenge expired or was used',
        answers.errorBody,
      ),
      429: ok('Too many failed passkey sign-ins from this address', answers.errorBody),
    },
  },
  async (c, { body: input }) => {
    const { db } = c.get('deps')
    const rp = relyingParty(c)
    const challenge = signedChallenge(input.response.response.clientDataJSON)
    const client = clientKey(c)
    const result = await db.as({ kind: 'anon' }, async (tx) => {
      const take = await selectResult<{
        status: string
        retryAfter?: number
        publicKey?: string
        counter?: number
        transports?: string[]
      }>(tx, 'select app.passkey_sign_in_take($1, $2, $3) as result', [
        challenge,
        input.response.id,
        client,
      ])
      if (take.status !== 'ok' || take.publicKey === undefined) return { take }
      let newCounter: number | null = null
      try {
        const verification = await verifyAuthenticationResponse({
          response: {
            ...input.response,
            response: {
              ...input.response.response,
              userHandle: input.response.response.userHandle ?? undefined,
            },
          },
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: input.response.id,
            publicKey: fromBase64(take.publicKey),
            counter: Number(take.counter ?? 0),
            transports: knownTransports(take.transports),
          },
          requireUserVerification: true,
        })
        if (verification.verified) newCounter = verification.authenticationInfo.newCounter
      } catch {
        newCounter = null
      }
      if (newCounter === null) return { take }
      const signIn = await selectResult<{ status: string; sessionId?: string; user?: User }>(
        tx,
        'select app.passkey_sign_in($1, $2, $3, $4) as result',
        [challenge, input.response.id, newCounter, client],
      )
      return { take, signIn }
    })
    if (result.take.status === 'locked') throw tooMany(result.take.retryAfter)
    if (result.take.status === 'expired')
      throw unauthorized('This passkey sign-in has expired or was already used. Please try again.')
    const signIn = result.signIn
    if (signIn?.status !== 'ok' || !signIn.user || !signIn.sessionId) throw notSignedIn()
    return c.json(await signedInAnswer(c, signIn.user, signIn.sessionId), 200)
  },
)
