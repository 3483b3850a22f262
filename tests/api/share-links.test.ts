// Share links (docs/PRODUCT.md §24): admins make a link per recipient, with
// chosen projects in a chosen order; the recipient reads it by its token,
// behind a passphrase when it has one; views count once per visitor and day;
// revoked and expired links answer 410, unknown tokens 404.
import { strFromU8, strToU8 } from 'fflate'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { archiveForm, unzip, zip } from '@test-support/backup-fixtures.ts'
import { createTestContext, target, type TestContext } from '@test-support/api-harness.ts'
import { TEST_PASSWORD_COST } from '@test-support/password-cost.ts'

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>
let shop: number
let draft: number
let maps: number
let lastAddress = 10

beforeAll(async () => {
  t = await createTestContext(undefined, undefined, { siteUrl: 'https://owner.example' })
  r = await t.roles()
  const project = async (body: Record<string, unknown>) =>
    (await t.request('POST', '/projects', { token: r.admin.token, body })).body.id as number
  const tech = (
    await t.request('POST', '/technologies', { token: r.admin.token, body: { name: 'Go' } })
  ).body.id as number
  shop = await project({ name: 'Shop', description: 'A shop', technologiesIds: [tech] })
  draft = await project({ name: 'Draft', description: 'Not public yet', isActive: false })
  maps = await project({ name: 'Maps', description: 'Harbor maps' })
  await t.request('POST', '/configs', {
    token: r.admin.token,
    body: { name: 'heroTitle1', value: 'BACKEND' },
  })
})
afterAll(() => t.close())

const create = (body: Record<string, unknown>, token: string | undefined = r.admin.token) =>
  t.request('POST', '/share-links', { token, body })
const read = (token: string, headers: Record<string, string> = {}) =>
  t.request('GET', `/shared/${token}`, { headers })
const newAddress = () => `198.51.100.${++lastAddress}`
const view = (token: string, address: string, headers: Record<string, string> = {}, body = {}) =>
  t.request('POST', `/shared/${token}/views`, {
    rawBody: JSON.stringify(body),
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': BROWSER,
      'x-forwarded-for': address,
      ...headers,
    },
  })
const listed = async (id: number) => {
  const res = await t.request('GET', '/share-links', { token: r.admin.token })
  expect(res.status).toBe(200)
  return res.body.find((l: { id: number }) => l.id === id)
}

describe('making links', () => {
  test('an admin makes a link: 201 with its address and a token of 192 random bits', async () => {
    const res = await create({
      label: 'Acme — backend role',
      projectIds: [maps, draft],
      note: 'Hello Ada,\nthe two you asked about.',
      showCv: true,
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      label: 'Acme — backend role',
      projectIds: [maps, draft],
      note: 'Hello Ada,\nthe two you asked about.',
      showCv: true,
      showContact: false,
      lang: null,
      expiresAt: null,
      hasPassphrase: false,
      state: 'active',
      views: 0,
      lastViewedAt: null,
      revokedAt: null,
    })
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(res.body.url).toBe(`https://owner.example/s/${res.body.token}`)
    // Only its sha256 is stored.
    const [row] = await t.sql<{ hash: string }>(
      "select encode(token_hash, 'hex') as hash from public.share_links where id = $1",
      [res.body.id],
    )
    const { createHash } = await import('node:crypto')
    expect(row!.hash).toBe(createHash('sha256').update(res.body.token).digest('hex'))
    // No later answer holds the token.
    const one = await t.request('GET', `/share-links/${res.body.id}`, { token: r.admin.token })
    expect(one.status).toBe(200)
    expect(one.body.token).toBeUndefined()
    expect(one.body.url).toBeUndefined()
    expect(one.headers.get('etag')).toBeTruthy()
  })

  test('two links get different tokens', async () => {
    const a = await create({ label: 'A', projectIds: [shop] })
    const b = await create({ label: 'B', projectIds: [shop] })
    expect(a.body.token).not.toBe(b.body.token)
  })

  test('refuses bad input with clear messages, never a 500', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ projectIds: [shop] }, { label: 'Give the link a label, for you alone' }],
      [{ label: '   ', projectIds: [shop] }, { label: 'Give the link a label, for you alone' }],
      [{ label: 'x'.repeat(101), projectIds: [shop] }, { label: 'Must be at most 100 characters' }],
      [{ label: 'L', projectIds: [] }, { projectIds: 'Choose at least one project' }],
      [{ label: 'L' }, { projectIds: 'Choose the projects to show, as a list of ids' }],
      [
        { label: 'L', projectIds: [shop, shop] },
        { 'projectIds.1': 'This project is listed twice' },
      ],
      [
        { label: 'L', projectIds: ['1'] },
        { 'projectIds.0': 'Each project must be given by its id' },
      ],
      [
        { label: 'L', projectIds: [shop, 999999] },
        { 'projectIds.1': 'No project has the id 999999' },
      ],
      [
        { label: 'L', projectIds: [shop], note: 'n'.repeat(501) },
        { note: 'The note must be at most 500 characters' },
      ],
      [
        { label: 'L', projectIds: [shop], lang: 'klingon' },
        { lang: 'Not a language tag: klingon' },
      ],
      [
        { label: 'L', projectIds: [shop], lang: 'fr' },
        { lang: "fr is not one of the site's languages (en)" },
      ],
      [
        { label: 'L', projectIds: [shop], expiresAt: 'tomorrow' },
        { expiresAt: 'The expiry must be a date and time such as 2026-12-31T18:00:00Z' },
      ],
      [
        { label: 'L', projectIds: [shop], expiresAt: '2001-01-01T00:00:00Z' },
        { expiresAt: 'The expiry must be in the future' },
      ],
      [
        { label: 'L', projectIds: [shop], passphrase: 'abc' },
        { passphrase: 'The passphrase must be at least 4 characters' },
      ],
      [
        { label: 'L', projectIds: [shop], passphrase: 'é'.repeat(40) },
        {
          passphrase:
            'The passphrase must be at most 72 bytes (72 letters of the English alphabet, fewer with accents or emoji)',
        },
      ],
      [
        { label: 'L', projectIds: [shop], showCv: 'yes' },
        { showCv: 'showCv must be true or false' },
      ],
    ]
    for (const [body, errors] of cases) {
      const res = await create(body as Record<string, unknown>)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.errors, JSON.stringify(body)).toMatchObject(errors)
    }
    expect(
      (await t.request('POST', '/share-links', { token: r.admin.token, rawBody: '{' })).status,
    ).toBe(400)
  })

  test('visitors get 401 everywhere; the user role reads but gets 403 on writes', async () => {
    const { body: link } = await create({ label: 'Roles', projectIds: [shop] })
    for (const [method, url, body] of [
      ['GET', '/share-links'],
      ['GET', `/share-links/${link.id}`],
      ['POST', '/share-links', { label: 'X', projectIds: [shop] }],
      ['PATCH', `/share-links/${link.id}`, { label: 'X' }],
      ['DELETE', `/share-links/${link.id}`],
    ] as [string, string, unknown?][]) {
      expect((await t.request(method, url, { body })).status, `${method} ${url}`).toBe(401)
      const asUser = await t.request(method, url, { body, token: r.user.token })
      expect(asUser.status, `${method} ${url}`).toBe(method === 'GET' ? 200 : 403)
    }
    expect((await listed(link.id)).label).toBe('Roles')
  })

  test('an unknown id is 404', async () => {
    const token = r.admin.token
    expect((await t.request('GET', '/share-links/999999', { token })).status).toBe(404)
    expect(
      (await t.request('PATCH', '/share-links/999999', { token, body: { label: 'x' } })).status,
    ).toBe(404)
    expect((await t.request('DELETE', '/share-links/999999', { token })).status).toBe(404)
  })
})

describe('the recipient', () => {
  test('reads the note, the site texts and exactly the chosen projects in order, inactive included', async () => {
    const { body: link } = await create({
      label: 'Order',
      projectIds: [draft, shop],
      note: 'For you',
      showContact: true,
    })
    const res = await read(link.token)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      note: 'For you',
      showCv: false,
      showContact: true,
      lang: null,
      expiresAt: null,
    })
    expect(res.body.site.heroTitle1).toBe('BACKEND')
    expect(res.body.projects.map((p: { name: string }) => p.name)).toEqual(['Draft', 'Shop'])
    expect(res.body.projects[1].technologies.map((x: { name: string }) => x.name)).toEqual(['Go'])
    // Published fields only: nothing of the owner's bookkeeping, never the label.
    expect(Object.keys(res.body.projects[0]).sort()).toEqual(
      [
        'description',
        'endYear',
        'githubUrl',
        'id',
        'imageDetails',
        'images',
        'liveUrl',
        'name',
        'startYear',
        'technologies',
        'thumbnail',
      ].sort(),
    )
    expect(JSON.stringify(res.body)).not.toContain('Order')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
  })

  test('an unknown token is 404, a malformed one too, with the same private headers', async () => {
    for (const token of ['A'.repeat(32), 'short', 'a%2Fb']) {
      const res = await read(token)
      expect(res.status, token).toBe(404)
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    }
  })

  test('a revoked link answers 410 and stays listed as revoked; revoking again is 204', async () => {
    const { body: link } = await create({ label: 'Revoke me', projectIds: [shop] })
    expect((await read(link.token)).status).toBe(200)
    const res = await t.request('DELETE', `/share-links/${link.id}`, { token: r.admin.token })
    expect(res.status).toBe(204)
    const gone = await read(link.token)
    expect(gone.status).toBe(410)
    expect(gone.body.message).toBe('This link was revoked')
    expect(gone.headers.get('cache-control')).toBe('private, no-store')
    expect((await listed(link.id)).state).toBe('revoked')
    expect((await listed(link.id)).revokedAt).toBeTruthy()
    expect(
      (await t.request('DELETE', `/share-links/${link.id}`, { token: r.admin.token })).status,
    ).toBe(204)
    // A revoked link is not changed any more.
    const patched = await t.request('PATCH', `/share-links/${link.id}`, {
      token: r.admin.token,
      body: { label: 'Back' },
    })
    expect(patched.status).toBe(409)
  })

  test('an expired link answers 410; a later expiry brings it back', async () => {
    const { body: link } = await create({
      label: 'Expiring',
      projectIds: [shop],
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    })
    expect((await read(link.token)).status).toBe(200)
    await t.sql(
      `update public.share_links set expires_at = now() - interval '1 minute' where id = $1`,
      [link.id],
    )
    const gone = await read(link.token)
    expect(gone.status).toBe(410)
    expect(gone.body.message).toBe('This link has expired')
    expect((await listed(link.id)).state).toBe('expired')
    const later = await t.request('PATCH', `/share-links/${link.id}`, {
      token: r.admin.token,
      body: { expiresAt: '2099-01-01T00:00:00+02:00' },
    })
    expect(later.status).toBe(200)
    expect(later.body.expiresAt).toBe('2098-12-31T22:00:00.000Z')
    expect(later.body.state).toBe('active')
    expect((await read(link.token)).status).toBe(200)
  })

  test('the language picks the texts of projects and site', async () => {
    const token = r.admin.token
    expect(
      (
        await t.request('PUT', '/languages', {
          token,
          body: { default: 'en', languages: ['en', 'fr'] },
        })
      ).status,
    ).toBe(200)
    await t.request('PATCH', `/projects/${shop}`, {
      token,
      body: { translations: { fr: { name: 'Boutique' } } },
    })
    const { body: link } = await create({ label: 'Lang', projectIds: [shop], lang: 'fr' })
    expect(link.lang).toBe('fr')
    const res = await read(link.token)
    expect(res.body.lang).toBe('fr')
    expect(res.body.projects[0].name).toBe('Boutique')
    expect(res.body.projects[0].description).toBe('A shop')
  })
})

describe('passphrases', () => {
  test('a link with a passphrase: 401 without a pass, 401 for a wrong one, a pass for the right one', async () => {
    const { body: link } = await create({
      label: 'Secret',
      projectIds: [shop],
      passphrase: 'open sesame',
    })
    expect(link.hasPassphrase).toBe(true)
    const [row] = await t.sql<{ hash: string }>(
      'select passphrase_hash as hash from public.share_links where id = $1',
      [link.id],
    )
    // A bcrypt hash at the cost passwords get: the database's setting, 10
    // unless changed (pgTAP checks that), lowered in test databases.
    const [setting] = await t.sql<{ cost: number }>('select cost from app.password_hashing')
    expect(setting!.cost).toBe(TEST_PASSWORD_COST)
    const cost = String(TEST_PASSWORD_COST).padStart(2, '0')
    expect(row!.hash).toMatch(new RegExp(`^\\$2[abxy]\\$${cost}\\$`))

    const locked = await read(link.token)
    expect(locked.status).toBe(401)
    expect(locked.body.message).toBe('This link needs its passphrase')
    expect(locked.body.errors).toEqual({ passphrase: 'This link needs its passphrase' })

    const address = newAddress()
    const unlock = (passphrase: string) =>
      t.request('POST', `/shared/${link.token}/unlock`, {
        body: { passphrase },
        headers: { 'x-forwarded-for': address },
      })
    const wrong = await unlock('open says me')
    expect(wrong.status).toBe(401)
    expect(wrong.body.errors).toEqual({ passphrase: 'Wrong passphrase' })

    const right = await unlock('open sesame')
    expect(right.status).toBe(200)
    const cookies = right.headers.getSetCookie()
    expect(cookies).toHaveLength(2)
    for (const cookie of cookies) {
      expect(cookie).toContain(`vitrine_share_pass=${right.body.pass}`)
      expect(cookie).toContain('HttpOnly')
      expect(cookie).toContain('SameSite=Lax')
      expect(cookie).toContain('Max-Age=7200')
      // SITE_URL is https.
      expect(cookie).toContain('Secure')
    }
    expect(cookies.some((c) => c.includes(`Path=/s/${link.token}`))).toBe(true)
    expect(cookies.some((c) => c.includes(`Path=/api/shared/${link.token};`))).toBe(true)

    expect((await read(link.token, { 'x-share-pass': right.body.pass })).status).toBe(200)
    expect(
      (await read(link.token, { cookie: `vitrine_share_pass=${right.body.pass}` })).status,
    ).toBe(200)
    expect((await read(link.token, { 'x-share-pass': `${right.body.pass}x` })).status).toBe(401)

    // A pass opens its own link only.
    const { body: other } = await create({
      label: 'Other',
      projectIds: [shop],
      passphrase: 'open sesame',
    })
    expect((await read(other.token, { 'x-share-pass': right.body.pass })).status).toBe(401)

    // A new passphrase ends the passes of the old one; removing it opens the link.
    await t.request('PATCH', `/share-links/${link.id}`, {
      token: r.admin.token,
      body: { passphrase: 'new words' },
    })
    expect((await read(link.token, { 'x-share-pass': right.body.pass })).status).toBe(401)
    const cleared = await t.request('PATCH', `/share-links/${link.id}`, {
      token: r.admin.token,
      body: { passphrase: null },
    })
    expect(cleared.body.hasPassphrase).toBe(false)
    expect((await read(link.token)).status).toBe(200)
  })

  test.runIf(target === 'deno')(
    "the edge function lets another site's page send the pass as a header",
    async () => {
      const res = await t.request('OPTIONS', `/shared/${'D'.repeat(32)}`, {
        headers: {
          origin: 'https://site.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-share-pass',
        },
        contract: false,
      })
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
        'x-share-pass',
      )
    },
  )

  test('wrong passphrases are limited per address and link: the sixth in 15 minutes is 429', async () => {
    const { body: link } = await create({
      label: 'Guess',
      projectIds: [shop],
      passphrase: 'right one',
    })
    const address = newAddress()
    const unlock = (passphrase: string, from = address) =>
      t.request('POST', `/shared/${link.token}/unlock`, {
        body: { passphrase },
        headers: { 'x-forwarded-for': from },
      })
    for (let i = 0; i < 5; i++) expect((await unlock(`guess ${i}`)).status).toBe(401)
    const sixth = await unlock('right one')
    expect(sixth.status).toBe(429)
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another address is not held back by these.
    expect((await unlock('right one', newAddress())).status).toBe(200)
  })

  test('unlocking an unknown, revoked or missing passphrase answers 404, 410 and 400', async () => {
    const { body: link } = await create({ label: 'U', projectIds: [shop], passphrase: 'pass word' })
    expect(
      (await t.request('POST', `/shared/${'B'.repeat(32)}/unlock`, { body: { passphrase: 'x' } }))
        .status,
    ).toBe(404)
    expect((await t.request('POST', `/shared/${link.token}/unlock`, { body: {} })).status).toBe(400)
    await t.request('DELETE', `/share-links/${link.id}`, { token: r.admin.token })
    expect(
      (
        await t.request('POST', `/shared/${link.token}/unlock`, {
          body: { passphrase: 'pass word' },
        })
      ).status,
    ).toBe(410)
  })
})

describe('views', () => {
  test('a visitor counts once a day; another visitor counts too', async () => {
    const { body: link } = await create({ label: 'Views', projectIds: [shop] })
    const address = newAddress()
    expect((await view(link.token, address)).status).toBe(204)
    expect((await view(link.token, address)).status).toBe(204)
    let item = await listed(link.id)
    expect(item.views).toBe(1)
    expect(Date.parse(item.lastViewedAt)).toBeGreaterThan(Date.now() - 60_000)
    expect((await view(link.token, newAddress())).status).toBe(204)
    item = await listed(link.id)
    expect(item.views).toBe(2)
    // The Visitors statistics list the link's views in the period.
    const stats = await t.request('GET', '/stats?days=7', { token: r.user.token })
    expect(stats.body.shareLinks).toContainEqual({ id: link.id, label: 'Views', views: 2 })
    // No address is stored: the day's visitors are hashes.
    const stored = await t.sql<{ row: string }>(
      'select row_to_json(v)::text as row from app.share_link_visitors v',
    )
    expect(stored.map((s) => s.row).join()).not.toContain(address)
  })

  test('not counted: Do Not Track, GPC, robots, the owner signed in', async () => {
    const { body: link } = await create({ label: 'Quiet', projectIds: [shop] })
    expect((await view(link.token, newAddress(), { dnt: '1' })).status).toBe(204)
    expect((await view(link.token, newAddress(), { 'sec-gpc': '1' })).status).toBe(204)
    expect(
      (await view(link.token, newAddress(), { 'user-agent': 'Slackbot-LinkExpanding 1.0' })).status,
    ).toBe(204)
    expect(
      (await view(link.token, newAddress(), { authorization: `Bearer ${r.admin.token}` })).status,
    ).toBe(204)
    expect((await listed(link.id)).views).toBe(0)
  })

  test('a link with a passphrase counts a view only with its pass; revoked and unknown links refuse', async () => {
    const { body: link } = await create({
      label: 'Pass views',
      projectIds: [shop],
      passphrase: 'let me in',
    })
    const address = newAddress()
    expect((await view(link.token, address)).status).toBe(401)
    const { body: pass } = await t.request('POST', `/shared/${link.token}/unlock`, {
      body: { passphrase: 'let me in' },
      headers: { 'x-forwarded-for': address },
    })
    expect((await view(link.token, address, {}, { pass: pass.pass })).status).toBe(204)
    expect((await listed(link.id)).views).toBe(1)
    expect((await view('C'.repeat(32), address)).status).toBe(404)
    await t.request('DELETE', `/share-links/${link.id}`, { token: r.admin.token })
    expect((await view(link.token, address, {}, { pass: pass.pass })).status).toBe(410)
  })
})

describe('changes', () => {
  test('PATCH changes what it shows, keeps the rest, and honours If-Match', async () => {
    const { body: link } = await create({ label: 'Edit', projectIds: [shop], note: 'Hi' })
    const first = await t.request('GET', `/share-links/${link.id}`, { token: r.admin.token })
    const etag = first.headers.get('etag')!
    const res = await t.request('PATCH', `/share-links/${link.id}`, {
      token: r.admin.token,
      body: { projectIds: [maps, shop], showCv: true, note: '' },
      headers: { 'if-match': etag },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      label: 'Edit',
      projectIds: [maps, shop],
      showCv: true,
      note: null,
    })
    const stale = await t.request('PATCH', `/share-links/${link.id}`, {
      token: r.admin.token,
      body: { label: 'Late' },
      headers: { 'if-match': etag },
    })
    expect(stale.status).toBe(412)
    expect(
      (
        await t.request('PATCH', `/share-links/${link.id}`, {
          token: r.admin.token,
          body: { projectIds: [] },
        })
      ).status,
    ).toBe(400)
  })

  test('a deleted project leaves the links that showed it', async () => {
    const tmp = (
      await t.request('POST', '/projects', {
        token: r.admin.token,
        body: { name: 'Temp', description: 'd' },
      })
    ).body.id as number
    const { body: link } = await create({ label: 'Temp link', projectIds: [tmp, shop] })
    expect((await t.request('DELETE', `/projects/${tmp}`, { token: r.admin.token })).status).toBe(
      204,
    )
    expect((await listed(link.id)).projectIds).toEqual([shop])
    expect((await read(link.token)).body.projects.map((p: { id: number }) => p.id)).toEqual([shop])
  })

  test('the activity history records create, update and revoke', async () => {
    const { body: link } = await create({
      label: 'Tracked',
      projectIds: [shop],
      passphrase: 'abcd',
    })
    await t.request('PATCH', `/share-links/${link.id}`, {
      token: r.admin.token,
      body: { label: 'Tracked 2', passphrase: 'efgh' },
    })
    await t.request('DELETE', `/share-links/${link.id}`, { token: r.admin.token })
    const res = await t.request('GET', '/activity?limit=100', { token: r.admin.token })
    const entries = res.body.filter(
      (e: { entity: string; entityId: number }) =>
        e.entity === 'share_links' && e.entityId === link.id,
    )
    expect(
      entries.map((e: { summary: string; changedFields: string[] }) => [
        e.summary,
        e.changedFields,
      ]),
    ).toEqual([
      ['Updated share link "Tracked 2"', ['revoked_at']],
      ['Updated share link "Tracked 2"', ['label', 'passphrase']],
      ['Created share link "Tracked"', []],
    ])
    expect(JSON.stringify(entries)).not.toContain('$2')
  })
})

describe('backups', () => {
  test('a restore brings the links back with their token and passphrase, not their views', async () => {
    const { body: open } = await create({ label: 'Kept', projectIds: [maps, shop], note: 'Hi' })
    const { body: locked } = await create({
      label: 'Kept locked',
      projectIds: [shop],
      passphrase: 'still works',
    })
    const { body: revoked } = await create({ label: 'Kept revoked', projectIds: [shop] })
    await t.request('DELETE', `/share-links/${revoked.id}`, { token: r.admin.token })
    expect((await view(open.token, newAddress())).status).toBe(204)

    const res = await t.request<Uint8Array>('GET', '/backup', {
      token: r.admin.token,
      binary: true,
    })
    expect(res.status).toBe(200)
    const files = unzip(res.body)
    const content = JSON.parse(strFromU8(files['content.json']!))
    const kept = content.shareLinks.find((l: { label: string }) => l.label === 'Kept')
    expect(kept.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(content)).not.toContain(open.token)

    const restore = await t.request('POST', '/backup', {
      token: r.admin.token,
      rawBody: archiveForm(res.body),
    })
    expect(restore.status).toBe(200)
    // Projects have new ids; the links follow them, in order.
    const page = await read(open.token)
    expect(page.status).toBe(200)
    expect(page.body.projects.map((p: { name: string }) => p.name)).toEqual(['Maps', 'Shop'])
    expect(page.body.note).toBe('Hi')
    expect((await read(revoked.token)).status).toBe(410)
    expect((await read(locked.token)).status).toBe(401)
    const unlocked = await t.request('POST', `/shared/${locked.token}/unlock`, {
      body: { passphrase: 'still works' },
      headers: { 'x-forwarded-for': newAddress() },
    })
    expect(unlocked.status).toBe(200)
    const all = (await t.request('GET', '/share-links', { token: r.admin.token })).body
    expect(all.find((l: { label: string }) => l.label === 'Kept').views).toBe(0)

    // An archive from before share links keeps the links here, their projects found by name.
    delete content.shareLinks
    const old = zip({ ...files, 'content.json': strToU8(JSON.stringify(content)) })
    const before = (await read(open.token)).body.projects.map((p: { name: string }) => p.name)
    expect(
      (await t.request('POST', '/backup', { token: r.admin.token, rawBody: archiveForm(old) }))
        .status,
    ).toBe(200)
    const after = await read(open.token)
    expect(after.status).toBe(200)
    expect(after.body.projects.map((p: { name: string }) => p.name)).toEqual(before)
  })
})
