// Sign-in calls sent by another site's page (docs/PRODUCT.md §2.14): a page
// anywhere may make the owner's browser post a "simple" request (text/plain,
// no preflight) to the API. Every call that signs in, claims the install,
// adds or removes a credential or opens a share link takes JSON only (415)
// and refuses another site (403) before anything is read or counted, so such
// a page can neither claim a fresh install nor use up the owner's limits.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '@test-support/api-harness.ts'

const ALLOWED = 'https://me.example.com'
let t: TestContext
beforeAll(async () => {
  t = await createTestContext(undefined, undefined, {
    allowedOrigins: [ALLOWED],
    siteUrl: 'https://owner.example/',
  })
})
afterAll(() => t.close())

/** Every call a sign-in, a credential or a share link's passphrase goes through. */
const calls: [string, string][] = [
  ['POST', '/auth/register'],
  ['POST', '/auth/login'],
  ['POST', '/auth/login/verify'],
  ['POST', '/auth/passkeys/login/options'],
  ['POST', '/auth/passkeys/login/verify'],
  ['POST', '/auth/passkeys/register/options'],
  ['POST', '/auth/passkeys/register/verify'],
  ['PATCH', '/auth/passkeys/AAAAAAAAAAAAAAAAAAAAAA'],
  ['DELETE', '/auth/passkeys/AAAAAAAAAAAAAAAAAAAAAA'],
  ['POST', '/auth/two-step/setup'],
  ['POST', '/auth/two-step/enable'],
  ['POST', '/auth/two-step/disable'],
  ['POST', '/shared/AAAAAAAAAAAAAAAAAAAAAA/unlock'],
]

const owner = { username: 'owner', password: ADMIN_PASSWORD }
const crossSite = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }

describe('a fresh install', () => {
  test("another site's text/plain register is refused and registration stays open", async () => {
    const sent = await t.request('POST', '/auth/register', {
      rawBody: JSON.stringify({ ...owner, setupToken: t.setupToken }),
      headers: { ...crossSite, 'content-type': 'text/plain;charset=UTF-8' },
    })
    expect(sent.status).toBe(403)
    const plain = await t.request('POST', '/auth/register', {
      rawBody: JSON.stringify({ ...owner, setupToken: t.setupToken }),
      headers: { 'content-type': 'text/plain' },
    })
    expect(plain.status).toBe(415)
    expect((await t.request('GET', '/auth/register')).body).toEqual({ open: true })
    // The page itself, as JSON, still claims it.
    const own = await t.request('POST', '/auth/register', {
      headers: { 'sec-fetch-site': 'same-origin', origin: 'http://api.test' },
      body: { ...owner, setupToken: t.setupToken },
    })
    expect(own.status).toBe(201)
    expect((await t.request('GET', '/auth/register')).body).toEqual({ open: false })
  })
})

describe('every sign-in call', () => {
  let token: string
  beforeAll(async () => {
    const signedIn = await t.request('POST', '/auth/login', { body: owner })
    expect(signedIn.status).toBe(200)
    token = signedIn.body.accessToken
  })

  test.each(calls)('%s %s takes JSON only (415)', async (method, path) => {
    const sent = await t.request(method, path, {
      token,
      rawBody: '{}',
      headers: { 'content-type': 'text/plain' },
    })
    expect(sent.status).toBe(415)
    const form = await t.request(method, path, {
      token,
      rawBody: 'a=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBe(415)
  })

  test.each(calls)(
    '%s %s refuses another site, by its browser or its Origin (403)',
    async (method, path) => {
      const bySite = await t.request(method, path, {
        token,
        body: {},
        headers: { 'sec-fetch-site': 'cross-site' },
      })
      expect(bySite.status).toBe(403)
      expect(bySite.body.message).toMatch(/other sites/)
      const byOrigin = await t.request(method, path, {
        token,
        body: {},
        headers: { origin: 'https://evil.example' },
      })
      expect(byOrigin.status).toBe(403)
    },
  )

  test('an origin in ALLOWED_ORIGINS is served as the site itself', async () => {
    const signedIn = await t.request('POST', '/auth/login', {
      body: owner,
      headers: { 'sec-fetch-site': 'cross-site', origin: ALLOWED },
    })
    expect(signedIn.status).toBe(200)
    const sameSite = await t.request('POST', '/auth/login', {
      body: owner,
      headers: { 'sec-fetch-site': 'same-site', origin: 'https://api.test' },
    })
    expect(sameSite.status).toBe(200)
  })

  test("SITE_URL's origin is the site's own, even when a proxy sent another Host", async () => {
    // An older browser (no Sec-Fetch-Site) on the public address, through a
    // proxy that passes the request on to the API's internal host name.
    const fromSite = await t.request('POST', '/auth/login', {
      body: owner,
      headers: { origin: 'https://owner.example', host: 'api.internal:3000' },
    })
    expect(fromSite.status).toBe(200)
    const fromElsewhere = await t.request('POST', '/auth/login', {
      body: owner,
      headers: { origin: 'https://owner.example.evil', host: 'api.internal:3000' },
    })
    expect(fromElsewhere.status).toBe(403)
  })

  test("another site's wrong guesses count for nothing: the owner still signs in", async () => {
    const from = { 'x-forwarded-for': '198.51.100.7' }
    for (let i = 0; i < 20; i++) {
      const guess = await t.request('POST', '/auth/login', {
        rawBody: JSON.stringify({ username: 'owner', password: `guess-${i}` }),
        headers: { ...from, ...crossSite, 'content-type': 'text/plain' },
      })
      expect(guess.status).toBe(403)
      const asJson = await t.request('POST', '/auth/login', {
        body: { username: 'owner', password: `guess-${i}` },
        headers: { ...from, ...crossSite },
      })
      expect(asJson.status).toBe(403)
    }
    const right = await t.request('POST', '/auth/login', { body: owner, headers: from })
    expect(right.status).toBe(200)
  })

  test("another site cannot use up the address's passkey challenges", async () => {
    const from = { 'x-forwarded-for': '198.51.100.8' }
    for (let i = 0; i < 70; i++) {
      const asked = await t.request('POST', '/auth/passkeys/login/options', {
        body: {},
        headers: { ...from, ...crossSite },
      })
      expect(asked.status).toBe(403)
    }
    const own = await t.request('POST', '/auth/passkeys/login/options', {
      body: {},
      headers: from,
    })
    expect(own.status).toBe(200)
  })
})
