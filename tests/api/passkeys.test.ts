// Passkeys (docs/decisions/041-passkeys.md): adding, listing, renaming and
// removing one's own, signing in with one, and every way an answer is
// refused: a challenge used twice or run out, a counter gone back, another
// origin or relying party, no user verification, another account's passkey,
// junk. The answers come from a software authenticator
// (tests/support/soft-authenticator.ts), checked by the server for real.
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '@test-support/api-harness.ts'
import { SoftAuthenticator } from '@test-support/soft-authenticator.ts'

const SITE = { origin: 'https://owner.example', rpId: 'owner.example' }

let t: TestContext
let admin: { token: string; user: { id: number; username: string } }
/** Each signed-in account's password, by its token: adding or removing a passkey asks for it. */
const passwords = new Map<string, string>()
beforeAll(async () => {
  t = await createTestContext(undefined, undefined, { siteUrl: `${SITE.origin}/` })
  admin = await t.registerAdmin()
  passwords.set(admin.token, ADMIN_PASSWORD)
})
afterAll(() => t.close())

let address = 0
/** Each call from its own address, so no limit per address answers before the rule tested. */
const from = () => ({ 'x-forwarded-for': `198.51.100.${(++address % 250) + 1}` })

/** A new read-only account, signed in: any role keeps its own passkeys. */
async function newAccount(username: string) {
  const created = await t.request('POST', '/users', {
    token: admin.token,
    body: { username, password: 'password-of-' + username, role: 'user' },
  })
  expect(created.status).toBe(201)
  const token = await t.tokenFor(created.body.id)
  passwords.set(token, 'password-of-' + username)
  return { id: created.body.id as number, token, password: 'password-of-' + username }
}

/** The options for a new passkey, confirmed with the account's password unless told otherwise. */
const registrationOptions = (token: string, currentPassword = passwords.get(token)) =>
  t.request('POST', '/auth/passkeys/register/options', {
    token,
    headers: from(),
    body: { currentPassword },
  })

/** Removes a passkey, confirmed with the account's password unless told otherwise. */
const removePasskey = (token: string, id: string, currentPassword = passwords.get(token)) =>
  t.request('DELETE', `/auth/passkeys/${id}`, { token, body: { currentPassword } })

const addPasskey = (token: string, response: unknown, name?: string) =>
  t.request('POST', '/auth/passkeys/register/verify', {
    token,
    headers: from(),
    body: { ...(name === undefined ? {} : { name }), response },
  })

/** Adds a passkey for the account through the API; answers the authenticator holding it. */
async function withPasskey(token: string, name = 'Laptop') {
  const authenticator = new SoftAuthenticator(SITE)
  const options = await registrationOptions(token)
  expect(options.status).toBe(200)
  const added = await addPasskey(token, authenticator.register(options.body).response, name)
  expect(added.status).toBe(201)
  return { authenticator, passkey: added.body }
}

const signInOptions = async () => {
  const options = await t.request('POST', '/auth/passkeys/login/options', {
    headers: from(),
    body: {},
  })
  expect(options.status).toBe(200)
  return options.body
}

const signIn = (response: unknown) =>
  t.request('POST', '/auth/passkeys/login/verify', { headers: from(), body: { response } })

describe('adding a passkey', () => {
  test('asks a discoverable, verified credential of SITE_URL’s host, and keeps it once checked', async () => {
    const { token } = await newAccount('adding')
    const options = await registrationOptions(token)
    expect(options.status).toBe(200)
    expect(options.body.rp).toEqual({ id: 'owner.example', name: 'Vitrine' })
    expect(options.body.user.name).toBe('adding')
    expect(options.body.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(options.body.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    })
    expect(options.body.excludeCredentials).toEqual([])

    const authenticator = new SoftAuthenticator(SITE)
    const { response, credential } = authenticator.register(options.body)
    const added = await addPasskey(token, response, '  Work laptop ')
    expect(added.status).toBe(201)
    expect(added.body).toEqual({
      id: credential.id,
      name: 'Work laptop',
      createdAt: expect.any(String),
      lastUsedAt: null,
    })
    const listed = await t.request('GET', '/auth/passkeys', { token })
    expect(listed.body).toEqual([added.body])

    // The next options name it, so the browser does not make a second one on that device.
    const again = await registrationOptions(token)
    expect(again.body.excludeCredentials).toEqual([
      expect.objectContaining({ id: credential.id, transports: ['internal'] }),
    ])
  })

  test('without a name, the passkey is named after the device that added it', async () => {
    const { token } = await newAccount('unnamed')
    const options = await registrationOptions(token)
    const response = new SoftAuthenticator(SITE).register(options.body).response
    const added = await t.request('POST', '/auth/passkeys/register/verify', {
      token,
      headers: {
        ...from(),
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
      },
      body: { response },
    })
    expect(added.status).toBe(201)
    expect(added.body.name).toBe('Chrome on Linux')
  })

  test('needs a signed-in account', async () => {
    expect((await t.request('POST', '/auth/passkeys/register/options', { body: {} })).status).toBe(
      401,
    )
    expect((await t.request('GET', '/auth/passkeys')).status).toBe(401)
    const response = new SoftAuthenticator(SITE).register({
      challenge: 'A'.repeat(43),
      rp: { id: SITE.rpId },
      user: { id: 'eA' },
    }).response
    expect(
      (await t.request('POST', '/auth/passkeys/register/verify', { body: { response } })).status,
    ).toBe(401)
  })

  test('a challenge adds one passkey once; one run out adds none', async () => {
    const { token } = await newAccount('once')
    const options = await registrationOptions(token)
    const authenticator = new SoftAuthenticator(SITE)
    const first = authenticator.register(options.body).response
    expect((await addPasskey(token, first, 'First')).status).toBe(201)
    const second = authenticator.register(options.body).response
    const reused = await addPasskey(token, second, 'Second')
    expect(reused.status).toBe(400)
    expect(reused.body.message).toMatch(/expired or was already used/)

    const late = await registrationOptions(token)
    await t.sql(
      `update app.passkey_challenges set expires_at = now() - interval '1 second' where challenge = $1`,
      [late.body.challenge],
    )
    const expired = await addPasskey(token, authenticator.register(late.body).response, 'Late')
    expect(expired.status).toBe(400)
    expect((await t.request('GET', '/auth/passkeys', { token })).body).toHaveLength(1)
  })

  test("another account's challenge does not add a passkey", async () => {
    const mine = await newAccount('challenger')
    const other = await newAccount('bystander')
    const options = await registrationOptions(other.token)
    const response = new SoftAuthenticator(SITE).register(options.body).response
    expect((await addPasskey(mine.token, response, 'Stolen')).status).toBe(400)
    // And the challenge stays good for the account it was made for.
    expect((await addPasskey(other.token, response, 'Mine')).status).toBe(201)
  })

  test('an answer made for another origin, relying party or without user verification is refused', async () => {
    const { token } = await newAccount('bent')
    for (const bend of [
      { origin: 'https://evil.example' },
      { origin: 'http://owner.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const options = await registrationOptions(token)
      const response = new SoftAuthenticator(SITE).register(options.body, bend).response
      const refused = await addPasskey(token, response, 'Bent')
      expect(refused.status, JSON.stringify(bend)).toBe(400)
      expect(refused.body.message).toMatch(/could not be verified/)
    }
    expect((await t.request('GET', '/auth/passkeys', { token })).body).toEqual([])
  })

  test('a passkey already registered is refused, for this account or another', async () => {
    const first = await newAccount('holder')
    const second = await newAccount('copier')
    const { authenticator } = await withPasskey(first.token)
    const credential = authenticator.credentials[0]!
    for (const token of [first.token, second.token]) {
      const options = await registrationOptions(token)
      // The same credential offered again, properly signed for this challenge.
      const { response } = authenticator.register(options.body, {}, credential)
      const copied = await addPasskey(token, response)
      expect(copied.status).toBe(409)
      expect(copied.body.message).toBe('This passkey is already registered.')
      // An answer whose id is not the one its signed data holds.
      const other = new SoftAuthenticator(SITE).register(
        (await registrationOptions(token)).body,
      ).response
      expect(
        (await addPasskey(token, { ...other, id: credential.id, rawId: credential.id })).status,
      ).toBe(400)
    }
    expect((await t.request('GET', '/auth/passkeys', { token: second.token })).body).toEqual([])
  })
})

describe('a token alone adds or removes no passkey (docs/decisions/064)', () => {
  const challengesOf = async (id: number) =>
    (
      await t.sql<{ n: number }>(
        'select count(*)::int as n from app.passkey_challenges where user_id = $1',
        [id],
      )
    )[0]?.n

  test('the options need the current password; without it or with a wrong one, no challenge', async () => {
    const account = await newAccount('stolen-token')
    for (const [currentPassword, message] of [
      [undefined, 'Confirm with your current password to add a passkey.'],
      ['', 'Confirm with your current password to add a passkey.'],
      ['not-the-password', 'Your current password is not correct.'],
    ] as const) {
      const refused = await t.request('POST', '/auth/passkeys/register/options', {
        token: account.token,
        headers: from(),
        body: currentPassword === undefined ? {} : { currentPassword },
      })
      expect(refused.status, String(currentPassword)).toBe(403)
      expect(refused.body.errors).toEqual({ currentPassword: message })
    }
    expect(await challengesOf(account.id)).toBe(0)
    expect((await t.request('GET', '/auth/passkeys', { token: account.token })).body).toEqual([])
  })

  test('a wrong current password counts as one: past five, the right one waits too', async () => {
    const account = await newAccount('guessing-token')
    for (let i = 0; i < 5; i++)
      expect((await registrationOptions(account.token, `guess-${i}`)).status).toBe(403)
    const locked = await registrationOptions(account.token)
    expect(locked.status).toBe(429)
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/)
  })

  test('a challenge is good for the confirmation that asked for it: a newer one replaces it', async () => {
    const account = await newAccount('two-asks')
    const first = await registrationOptions(account.token)
    const second = await registrationOptions(account.token)
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    const authenticator = new SoftAuthenticator(SITE)
    const stale = await addPasskey(account.token, authenticator.register(first.body).response)
    expect(stale.status).toBe(400)
    const fresh = await addPasskey(account.token, authenticator.register(second.body).response)
    expect(fresh.status).toBe(201)
  })

  test('removing one needs the current password too', async () => {
    const account = await newAccount('removing')
    const { passkey } = await withPasskey(account.token)
    const id = encodeURIComponent(passkey.id)
    const bare = await t.request('DELETE', `/auth/passkeys/${id}`, {
      token: account.token,
      body: {},
    })
    expect(bare.status).toBe(403)
    expect(bare.body.errors.currentPassword).toBe(
      'Confirm with your current password to remove a passkey.',
    )
    const wrong = await removePasskey(account.token, id, 'not-the-password')
    expect(wrong.status).toBe(403)
    expect(wrong.body.errors.currentPassword).toBe('Your current password is not correct.')
    expect((await t.request('GET', '/auth/passkeys', { token: account.token })).body).toHaveLength(
      1,
    )
    expect((await removePasskey(account.token, id)).status).toBe(204)
  })
})

describe('listing, renaming and removing', () => {
  test('an account renames and removes its own passkeys, and never sees or touches another’s', async () => {
    const owner = await newAccount('keeper')
    const other = await newAccount('meddler')
    const { passkey } = await withPasskey(owner.token, 'Phone')
    const id = encodeURIComponent(passkey.id)

    expect((await t.request('GET', '/auth/passkeys', { token: other.token })).body).toEqual([])
    expect(
      (
        await t.request('PATCH', `/auth/passkeys/${id}`, {
          token: other.token,
          body: { name: 'Mine' },
        })
      ).status,
    ).toBe(404)
    expect((await removePasskey(other.token, id)).status).toBe(404)
    // Not even an admin removes someone else's passkey.
    expect((await removePasskey(admin.token, id)).status).toBe(404)

    const renamed = await t.request('PATCH', `/auth/passkeys/${id}`, {
      token: owner.token,
      body: { name: 'Old phone' },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body.name).toBe('Old phone')
    for (const name of ['', '   ', 'x'.repeat(65), 'tab\there'])
      expect(
        (await t.request('PATCH', `/auth/passkeys/${id}`, { token: owner.token, body: { name } }))
          .status,
        JSON.stringify(name),
      ).toBe(400)

    expect((await removePasskey(owner.token, id)).status).toBe(204)
    expect((await t.request('GET', '/auth/passkeys', { token: owner.token })).body).toEqual([])
    expect((await removePasskey(owner.token, id)).status).toBe(404)
  })

  test('deleting an account removes its passkeys', async () => {
    const gone = await newAccount('leaving')
    await withPasskey(gone.token)
    // With the admin's password, which deleting an account may ask for.
    const deleted = await t.request('DELETE', `/users/${gone.id}`, {
      token: admin.token,
      body: { currentPassword: ADMIN_PASSWORD },
    })
    expect(deleted.status).toBe(204)
    const [left] = await t.sql<{ n: number }>(
      'select count(*)::int as n from app.passkeys where user_id = $1',
      [gone.id],
    )
    expect(left?.n).toBe(0)
  })
})

describe('signing in with a passkey', () => {
  test('needs no username and no second step, and opens a session like a password does', async () => {
    const account = await newAccount('passkeyed')
    // Two-step on: a password alone would answer a challenge for a code.
    const setup = await t.request('POST', '/auth/two-step/setup', {
      token: account.token,
      body: { currentPassword: account.password },
    })
    const code = new TOTP({ secret: Secret.fromBase32(setup.body.secret) }).generate()
    expect(
      (await t.request('POST', '/auth/two-step/enable', { token: account.token, body: { code } }))
        .status,
    ).toBe(200)
    const { authenticator, passkey } = await withPasskey(account.token)

    const options = await signInOptions()
    expect(options.rpId).toBe('owner.example')
    expect(options.allowCredentials).toEqual([])
    expect(options.userVerification).toBe('required')
    const signedIn = await signIn(authenticator.assert(options))
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.user).toEqual({ id: account.id, username: 'passkeyed', role: 'user' })
    const token = signedIn.body.accessToken as string
    expect((await t.request('GET', '/auth/me', { token })).body.username).toBe('passkeyed')
    const sessions = await t.request('GET', '/auth/sessions', { token })
    expect(sessions.body.sessions.find((s: { current: boolean }) => s.current)).toBeTruthy()

    const [listed] = (await t.request('GET', '/auth/passkeys', { token })).body
    expect(listed.id).toBe(passkey.id)
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000)

    // Signing out ends that session as any other.
    expect((await t.request('POST', '/auth/logout', { token })).status).toBe(204)
    expect((await t.request('GET', '/auth/me', { token })).status).toBe(401)
  })

  test('a challenge signs in once, and not once it has run out', async () => {
    const account = await newAccount('replayer')
    const { authenticator } = await withPasskey(account.token)
    const options = await signInOptions()
    const assertion = authenticator.assert(options)
    expect((await signIn(assertion)).status).toBe(200)
    const replayed = await signIn(assertion)
    expect(replayed.status).toBe(401)
    expect(replayed.body.message).toMatch(/expired or was already used/)
    // A new signature over the same challenge, counter higher: still used up.
    expect((await signIn(authenticator.assert(options))).status).toBe(401)

    const late = await signInOptions()
    await t.sql(
      `update app.passkey_challenges set expires_at = now() - interval '1 second' where challenge = $1`,
      [late.challenge],
    )
    expect((await signIn(authenticator.assert(late))).status).toBe(401)
    // A challenge made for adding a passkey does not sign in.
    const adding = await registrationOptions(account.token)
    expect((await signIn(authenticator.assert({ challenge: adding.body.challenge }))).status).toBe(
      401,
    )
    expect((await signIn(authenticator.assert(await signInOptions()))).status).toBe(200)
  })

  test('a counter that did not go up is refused (a cloned key), and then the challenge is spent', async () => {
    const account = await newAccount('cloned')
    const { authenticator } = await withPasskey(account.token)
    const credential = authenticator.credentials[0]!
    expect(
      (await signIn(authenticator.assert(await signInOptions(), credential, { counter: 5 })))
        .status,
    ).toBe(200)
    for (const counter of [5, 4, 0]) {
      const options = await signInOptions()
      const refused = await signIn(authenticator.assert(options, credential, { counter }))
      expect(refused.status, `counter ${counter}`).toBe(401)
      expect(
        (await signIn(authenticator.assert(options, credential, { counter: 50 }))).status,
      ).toBe(401)
    }
    expect(
      (await signIn(authenticator.assert(await signInOptions(), credential, { counter: 6 })))
        .status,
    ).toBe(200)
  })

  test('an answer for another origin or relying party, unverified or badly signed is refused', async () => {
    const account = await newAccount('phished')
    const { authenticator } = await withPasskey(account.token)
    for (const bend of [
      { origin: 'https://owner.example.evil.test' },
      { origin: 'https://owner.example:8443' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const refused = await signIn(authenticator.assert(await signInOptions(), undefined, bend))
      expect(refused.status, JSON.stringify(bend)).toBe(401)
    }
    // A signature by another key over the right data.
    const stranger = new SoftAuthenticator(SITE)
    stranger.register({ challenge: 'A'.repeat(43), rp: { id: SITE.rpId }, user: { id: 'eA' } })
    const options = await signInOptions()
    const forged = stranger.assert(options)
    const real = authenticator.credentials[0]!
    expect((await signIn({ ...forged, id: real.id, rawId: real.id })).status).toBe(401)
    // A passkey nobody added.
    expect((await signIn(stranger.assert(await signInOptions()))).status).toBe(401)
  })

  test('failed passkey sign-ins from one address are limited, and a good one gives its try back', async () => {
    const account = await newAccount('hammered')
    const { authenticator } = await withPasskey(account.token)
    const client = { 'x-forwarded-for': '192.0.2.77' }
    const options = () =>
      t
        .request('POST', '/auth/passkeys/login/options', { headers: from(), body: {} })
        .then((r) => r.body)
    const attempt = async (bend = {}) =>
      t.request('POST', '/auth/passkeys/login/verify', {
        headers: client,
        body: { response: authenticator.assert(await options(), undefined, bend) },
      })
    expect((await attempt()).status).toBe(200)
    for (let i = 0; i < 30; i++) expect((await attempt({ rpId: 'evil.example' })).status).toBe(401)
    const locked = await attempt()
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('bad input', () => {
  test('junk is a 400 (or 401/404), never a 500', async () => {
    const { token } = await newAccount('junk')
    const good = new SoftAuthenticator(SITE).register(
      (await registrationOptions(token)).body,
    ).response
    const notJson = Buffer.from('not json').toString('base64url')
    const noChallenge = Buffer.from('{"type":"webauthn.create"}').toString('base64url')
    const registrations: unknown[] = [
      null,
      {},
      { response: null },
      { response: 'x' },
      { response: { ...good, type: 'password' } },
      { response: { ...good, id: 'not base64url!' } },
      { response: { ...good, response: { ...good.response, clientDataJSON: notJson } } },
      { response: { ...good, response: { ...good.response, clientDataJSON: noChallenge } } },
      { response: { ...good, response: { ...good.response, clientDataJSON: '%%%' } } },
      { response: { ...good, response: { ...good.response, attestationObject: 'AAAA' } } },
      { response: { ...good, response: { ...good.response, transports: 'usb' } } },
      { name: 42, response: good },
      { name: 'x'.repeat(65), response: good },
    ]
    for (const body of registrations) {
      const answer = await t.request('POST', '/auth/passkeys/register/verify', {
        token,
        headers: from(),
        body,
      })
      expect(answer.status, JSON.stringify(body).slice(0, 200)).toBe(400)
    }
    const raw = await t.request('POST', '/auth/passkeys/register/verify', {
      token,
      rawBody: '{"response":',
      headers: { 'content-type': 'application/json' },
    })
    expect(raw.status).toBe(400)

    const options = await signInOptions()
    const stranger = new SoftAuthenticator(SITE)
    stranger.register({ challenge: 'A'.repeat(43), rp: { id: SITE.rpId }, user: { id: 'eA' } })
    const assertion = stranger.assert(options)
    const signIns: [unknown, number][] = [
      [{}, 400],
      [{ response: {} }, 400],
      [{ response: { ...assertion, response: { ...assertion.response, signature: '' } } }, 400],
      [
        {
          response: { ...assertion, response: { ...assertion.response, clientDataJSON: notJson } },
        },
        400,
      ],
      [
        {
          response: {
            ...assertion,
            response: { ...assertion.response, authenticatorData: 'AAAA' },
          },
        },
        401,
      ],
      [{ response: { ...assertion, response: { ...assertion.response, signature: 'AAAA' } } }, 401],
      [{ response: { ...assertion, response: { ...assertion.response, userHandle: null } } }, 401],
    ]
    for (const [body, status] of signIns) {
      const answer = await t.request('POST', '/auth/passkeys/login/verify', {
        headers: from(),
        body,
      })
      expect(answer.status, JSON.stringify(body).slice(0, 200)).toBe(status)
    }

    for (const id of ['x', 'not%20base64url%20at%20all', 'a'.repeat(1500)])
      expect((await removePasskey(token, id)).status).toBe(404)
  })
})

describe('without SITE_URL', () => {
  test('the passkey routes say it must be set, and nothing else changes', async () => {
    const bare = await createTestContext()
    try {
      const { token } = await bare.registerAdmin()
      for (const [method, url, body] of [
        ['POST', '/auth/passkeys/register/options', {}],
        ['POST', '/auth/passkeys/login/options', {}],
      ] as const) {
        const answer = await bare.request(method, url, { token, body })
        expect(answer.status).toBe(503)
        expect(answer.body.message).toMatch(/SITE_URL/)
      }
      expect((await bare.request('GET', '/auth/passkeys', { token })).status).toBe(200)
    } finally {
      await bare.close()
    }
  })
})
