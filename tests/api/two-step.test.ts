// Two-step sign-in (docs/decisions/039-two-step-sign-in.md): turning it on
// with a code, signing in with a code or a recovery code, wrong codes
// limited, a used code refused, turning it off. Codes are made here with the
// same library the API checks them with.
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let admin: { token: string; user: { id: number; username: string } }
beforeAll(async () => {
  t = await createTestContext()
  admin = await t.registerAdmin()
})
afterAll(() => t.close())

/** The app's code for the time step `offset` steps from now. */
const codeFor = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offset * 30_000,
  })

/** A code that is wrong for this secret now and in the steps either side. */
function wrongCode(secret: string): string {
  const right = new Set([-1, 0, 1].map((offset) => codeFor(secret, offset)))
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0')
    if (!right.has(code)) return code
  }
}

let address = 0
/** Each sign-in from its own address, so the password step's limits never answer first. */
const login = (username: string, password: string) =>
  t.request('POST', '/auth/login', {
    headers: { 'x-forwarded-for': `203.0.113.${++address}` },
    body: { username, password },
  })

const verify = (challenge: string, code: string) =>
  t.request('POST', '/auth/login/verify', { body: { challenge, code } })

/** A new account signed in with its password, as its owner would be on the account page. */
async function newAccount(username: string) {
  const created = await t.request('POST', '/users', {
    token: admin.token,
    // Any role may turn two-step on for itself.
    body: { username, password: 'pass-of-' + username, role: 'user' },
  })
  expect(created.status).toBe(201)
  const signedIn = await login(username, 'pass-of-' + username)
  expect(signedIn.status).toBe(200)
  const token = signedIn.body.accessToken as string
  passwords.set(token, 'pass-of-' + username)
  return { token, password: 'pass-of-' + username }
}

/** Each account's password by its token: setting two-step up asks for it. */
const passwords = new Map<string, string>()

/** A new secret for the account, confirmed with its password unless told otherwise. */
const setUp = (token: string, currentPassword = passwords.get(token)) =>
  t.request('POST', '/auth/two-step/setup', { token, body: { currentPassword } })

/** Turns two-step on for the account; answers its secret, the code it used and the recovery codes. */
async function enable(token: string) {
  const setup = await setUp(token)
  expect(setup.status).toBe(200)
  const secret: string = setup.body.secret
  const code = codeFor(secret)
  const on = await t.request('POST', '/auth/two-step/enable', { token, body: { code } })
  expect(on.status).toBe(200)
  return { secret, code, recoveryCodes: on.body.recoveryCodes as string[] }
}

describe('turning two-step sign-in on', () => {
  test('gives a base32 secret and its otpauth link, and stays off until a code confirms it', async () => {
    const { token, password } = await newAccount('enrolling')
    expect((await t.request('GET', '/auth/two-step', { token })).body).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    })
    const setup = await setUp(token)
    expect(setup.status).toBe(200)
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/)
    const url = new URL(setup.body.otpauthUrl)
    expect(url.protocol).toBe('otpauth:')
    expect(url.searchParams.get('secret')).toBe(setup.body.secret)
    expect(decodeURIComponent(url.pathname)).toContain('enrolling')

    // Not on yet: the password alone still signs in.
    const before = await login('enrolling', password)
    expect(before.body.accessToken).toEqual(expect.any(String))

    const wrong = await t.request('POST', '/auth/two-step/enable', {
      token,
      body: { code: wrongCode(setup.body.secret) },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors.code).toMatch(/not right/)
    expect((await t.request('GET', '/auth/two-step', { token })).body.enabled).toBe(false)

    const on = await t.request('POST', '/auth/two-step/enable', {
      token,
      body: { code: codeFor(setup.body.secret) },
    })
    expect(on.status).toBe(200)
    expect(on.body.recoveryCodes).toHaveLength(10)
    expect(new Set(on.body.recoveryCodes).size).toBe(10)
    for (const code of on.body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    expect((await t.request('GET', '/auth/two-step', { token })).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    })

    // On now: a second setup or enable is refused rather than replacing the secret.
    expect((await setUp(token)).status).toBe(409)
    const again = await t.request('POST', '/auth/two-step/enable', {
      token,
      body: { code: codeFor(setup.body.secret, 1) },
    })
    expect(again.status).toBe(409)
  })

  test('keeps the secret sealed in the database, and recovery codes only as hashes', async () => {
    const { token } = await newAccount('sealed')
    const { secret, recoveryCodes } = await enable(token)
    const rows = await t.sql<{ secret: string; pending_secret: string | null }>(
      `select secret, pending_secret from app.two_step t
       join public.users u on u.id = t.user_id where u.username = 'sealed'`,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]!.secret).toMatch(/^v1\./)
    expect(rows[0]!.secret).not.toContain(secret)
    expect(rows[0]!.pending_secret).toBeNull()
    const dump = JSON.stringify(
      await t.sql(`select r.* from app.two_step_recovery r
                   join public.users u on u.id = r.user_id where u.username = 'sealed'`),
    )
    for (const code of recoveryCodes) {
      expect(dump).not.toContain(code)
      expect(dump).not.toContain(code.replace('-', ''))
    }
  })

  test('is refused without a token', async () => {
    expect((await t.request('POST', '/auth/two-step/setup', { body: {} })).status).toBe(401)
    expect((await t.request('GET', '/auth/two-step')).status).toBe(401)
  })
})

describe('a token alone turns nothing on (docs/decisions/064)', () => {
  test('setting up needs the current password; without it or with a wrong one, no secret', async () => {
    const { token } = await newAccount('stolen-two-step')
    for (const [body, message] of [
      [{}, 'Confirm with your current password to turn on two-step sign-in.'],
      [
        { currentPassword: null },
        'Confirm with your current password to turn on two-step sign-in.',
      ],
      [{ currentPassword: 'not-the-password' }, 'Your current password is not correct.'],
    ] as const) {
      const refused = await t.request('POST', '/auth/two-step/setup', { token, body })
      expect(refused.status, JSON.stringify(body)).toBe(403)
      expect(refused.body.errors).toEqual({ currentPassword: message })
      expect(refused.body.secret).toBeUndefined()
    }
    const [kept] = await t.sql<{ n: number }>(
      `select count(*)::int as n from app.two_step t
       join public.users u on u.id = t.user_id where u.username = 'stolen-two-step'`,
    )
    expect(kept?.n).toBe(0)
    // So no code can turn it on.
    const on = await t.request('POST', '/auth/two-step/enable', { token, body: { code: '123456' } })
    expect(on.status).toBe(409)
  })

  test('a wrong current password counts as one: past five, the right one waits too', async () => {
    const { token } = await newAccount('guessing-two-step')
    for (let i = 0; i < 5; i++) expect((await setUp(token, `guess-${i}`)).status).toBe(403)
    expect((await setUp(token)).status).toBe(429)
  })

  test('each setup replaces the secret before it: only the newest one turns it on', async () => {
    const { token } = await newAccount('set-up-twice')
    const first = await setUp(token)
    const second = await setUp(token)
    const stale = await t.request('POST', '/auth/two-step/enable', {
      token,
      body: { code: codeFor(first.body.secret) },
    })
    expect(stale.status).toBe(400)
    const on = await t.request('POST', '/auth/two-step/enable', {
      token,
      body: { code: codeFor(second.body.secret) },
    })
    expect(on.status).toBe(200)
  })
})

describe('signing in with two-step on', () => {
  test('answers a challenge instead of a token, and the code turns it into a session', async () => {
    const { token, password } = await newAccount('coded')
    const { secret } = await enable(token)

    const first = await login('coded', password)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ twoStep: true, challenge: expect.any(String) })

    // The step after the one enabling used: the same code would be a replay.
    // Worked out once: computed again later, a 30 s boundary crossed between
    // the calls would make it the next step's code, never used.
    const code = codeFor(secret, 1)
    const signedIn = await verify(first.body.challenge, code)
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.user.username).toBe('coded')
    expect((await t.request('GET', '/auth/me', { token: signedIn.body.accessToken })).status).toBe(
      200,
    )

    // The challenge is used up, and the code cannot be used again.
    expect((await verify(first.body.challenge, code)).status).toBe(401)
    const second = await login('coded', password)
    const replay = await verify(second.body.challenge, code)
    expect(replay.status).toBe(401)
    expect(replay.body.message).toBe('Invalid code')
  })

  test('a wrong password is still just a wrong password', async () => {
    const { token } = await newAccount('still-password')
    await enable(token)
    const wrong = await login('still-password', 'not-the-password')
    expect(wrong.status).toBe(401)
    expect(wrong.body.message).toBe('Invalid username or password')
  })

  test('a recovery code signs in once', async () => {
    const { token, password } = await newAccount('recovering')
    const { recoveryCodes } = await enable(token)
    const [code] = recoveryCodes
    const first = await login('recovering', password)
    // Typed in capitals and without the dash, as someone might.
    const signedIn = await verify(first.body.challenge, code!.replace('-', '').toUpperCase())
    expect(signedIn.status).toBe(200)
    expect(
      (await t.request('GET', '/auth/two-step', { token: signedIn.body.accessToken })).body,
    ).toEqual({ enabled: true, recoveryCodesLeft: 9 })

    const second = await login('recovering', password)
    expect((await verify(second.body.challenge, code!)).status).toBe(401)
    expect((await verify(second.body.challenge, recoveryCodes[1]!)).status).toBe(200)
  })

  test('five wrong codes end a challenge; ten for the account answer 429', async () => {
    const { token, password } = await newAccount('guessed')
    const { secret } = await enable(token)
    const wrong = wrongCode(secret)

    const first = await login('guessed', password)
    for (let i = 0; i < 5; i++) {
      const answer = await verify(first.body.challenge, wrong)
      expect(answer.status).toBe(401)
      expect(answer.body.message).toBe('Invalid code')
    }
    // Even the right code no longer works with this challenge.
    const spent = await verify(first.body.challenge, codeFor(secret, 1))
    expect(spent.status).toBe(401)
    expect(spent.body.message).toMatch(/expired/)

    // Five more on a new challenge fill the account's ten.
    const second = await login('guessed', password)
    for (let i = 0; i < 5; i++)
      expect((await verify(second.body.challenge, wrong)).status).toBe(401)
    const third = await login('guessed', password)
    const locked = await verify(third.body.challenge, codeFor(secret, 1))
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  test('one code sent twice at the same moment signs in once', async () => {
    const { token, password } = await newAccount('raced')
    const { secret } = await enable(token)
    const [a, b] = await Promise.all([login('raced', password), login('raced', password)])
    const code = codeFor(secret, 1)
    const answers = await Promise.all([
      verify(a!.body.challenge, code),
      verify(b!.body.challenge, code),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401])
  })

  test('a challenge lasts five minutes', async () => {
    const { token, password } = await newAccount('slow')
    const { secret } = await enable(token)
    const first = await login('slow', password)
    await t.sql(
      `update app.two_step_challenges set expires_at = now() - interval '1 second' where id = $1`,
      [first.body.challenge],
    )
    const late = await verify(first.body.challenge, codeFor(secret, 1))
    expect(late.status).toBe(401)
    expect(late.body.message).toMatch(/expired/)
  })

  test('a challenge that is not one is refused', async () => {
    expect((await verify('not-a-challenge', '123456')).status).toBe(401)
    expect((await verify('00000000-0000-4000-8000-000000000000', '123456')).status).toBe(401)
  })
})

describe('turning two-step sign-in off', () => {
  test('with a code; the password alone signs in again', async () => {
    const { token, password } = await newAccount('off-by-code')
    const { secret, code: used } = await enable(token)
    const wrong = await t.request('POST', '/auth/two-step/disable', {
      token,
      body: { code: wrongCode(secret) },
    })
    expect(wrong.status).toBe(400)
    // The code enabling used cannot turn it off either: it was used. (The
    // very code, not the current step's: a new 30 s step may have begun.)
    const reused = await t.request('POST', '/auth/two-step/disable', {
      token,
      body: { code: used },
    })
    expect(reused.status).toBe(400)
    const off = await t.request('POST', '/auth/two-step/disable', {
      token,
      body: { code: codeFor(secret, 1) },
    })
    expect(off.status).toBe(204)
    expect((await t.request('GET', '/auth/two-step', { token })).body).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    })
    expect((await login('off-by-code', password)).body.accessToken).toEqual(expect.any(String))
    const twice = await t.request('POST', '/auth/two-step/disable', {
      token,
      body: { code: codeFor(secret, 1) },
    })
    expect(twice.status).toBe(409)
  })

  test('with the password, and not with a wrong one', async () => {
    const { token, password } = await newAccount('off-by-password')
    await enable(token)
    const wrong = await t.request('POST', '/auth/two-step/disable', {
      token,
      body: { currentPassword: 'wrong-password' },
    })
    // Refused as every write that takes the password refuses a wrong one.
    expect(wrong.status).toBe(403)
    expect(wrong.body.errors.currentPassword).toBe('Your current password is not correct.')
    expect((await t.request('GET', '/auth/two-step', { token })).body.enabled).toBe(true)
    const off = await t.request('POST', '/auth/two-step/disable', {
      token,
      body: { currentPassword: password },
    })
    expect(off.status).toBe(204)
    expect((await login('off-by-password', password)).body.accessToken).toEqual(expect.any(String))
  })

  test('needs a code or the password', async () => {
    const { token } = await newAccount('off-by-nothing')
    await enable(token)
    const empty = await t.request('POST', '/auth/two-step/disable', { token, body: {} })
    expect(empty.status).toBe(400)
    expect((await t.request('GET', '/auth/two-step', { token })).body.enabled).toBe(true)
  })
})
