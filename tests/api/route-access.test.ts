// Every route of the contract against every kind of caller: broken tokens are
// always a 401 (never a visitor), visitors get 401 where an account is needed,
// and the read-only `user` role gets 403 on every write.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  ADMIN_PASSWORD,
  createTestContext,
  imageForm,
  tinyPng,
  type TestContext,
} from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>
let ids: Record<
  | 'project'
  | 'technology'
  | 'certification'
  | 'config'
  | 'message'
  | 'experience'
  | 'education'
  | 'shareLink',
  number
>
/** The token of the share link above, which its recipient reads by. */
let shareToken = ''
/** A stored image's URL, in whatever form this target's image store answers. */
let imageUrl = ''

beforeAll(async () => {
  // SITE_URL set, so the passkey routes answer (without it they are a 503).
  t = await createTestContext(undefined, undefined, { siteUrl: 'https://owner.example' })
  r = await t.roles()
  const post = async (url: string, body: unknown) =>
    (await t.request('POST', url, { token: r.admin.token, body })).body.id as number
  await t.request('POST', '/contact', {
    body: { name: 'A', email: 'a@example.com', message: 'hi' },
  })
  ids = {
    project: await post('/projects', { name: 'P', description: 'd' }),
    technology: await post('/technologies', { name: 'T' }),
    certification: await post('/certifications', {
      name: 'C',
      icon: '☁️',
      obtainedDate: '2024-01-01',
    }),
    config: await post('/configs', { name: 'heroTitle1', value: 'FULL STACK' }),
    message: (await t.request('GET', '/messages', { token: r.admin.token })).body[0].id,
    experience: await post('/experiences', { organization: 'O', role: 'R', startDate: '2020-01' }),
    education: await post('/education', {
      institution: 'I',
      qualification: 'Q',
      startDate: '2015-09',
    }),
    shareLink: 0,
  }
  const link = await t.request('POST', '/share-links', {
    token: r.admin.token,
    body: { label: 'Recipient', projectIds: [ids.project] },
  })
  ids.shareLink = link.body.id
  shareToken = link.body.token
  imageUrl = (
    await t.request('POST', '/uploads/image', { token: r.admin.token, rawBody: imageForm(tinyPng) })
  ).body.url
})
afterAll(() => t.close())

type Route = [method: string, url: () => string, body?: unknown, headers?: Record<string, string>]

const publicReads: Route[] = [
  ['GET', () => '/projects'],
  ['GET', () => `/projects/${ids.project}`],
  ['GET', () => '/technologies'],
  ['GET', () => `/technologies/${ids.technology}`],
  ['GET', () => '/certifications'],
  ['GET', () => `/certifications/${ids.certification}`],
  ['GET', () => '/configs'],
  ['GET', () => `/configs/${ids.config}`],
  ['GET', () => '/configs/name/heroTitle1'],
  ['GET', () => '/configs/value/heroTitle1'],
  ['GET', () => '/configs/all-as-object'],
  ['GET', () => '/experiences'],
  ['GET', () => `/experiences/${ids.experience}`],
  ['GET', () => '/education'],
  ['GET', () => `/education/${ids.education}`],
  ['GET', () => '/resume.json'],
  ['GET', () => '/cv.pdf'],
  ['GET', () => `/shared/${shareToken}`],
]

const signedInReads: Route[] = [
  ['GET', () => '/auth/passkeys'],
  ['GET', () => '/users'],
  ['GET', () => `/users/${r.user.user.id}`],
  ['GET', () => '/messages'],
  ['GET', () => '/stats'],
  ['GET', () => '/share-links'],
  ['GET', () => `/share-links/${ids.shareLink}`],
]

// Anyone may send these: a visitor, any account (a broken token is still a 401).
const publicWrites: Route[] = [
  [
    'POST',
    () => '/events',
    { type: 'view', path: '/' },
    // A browser's, so that the event is recorded as the caller, not dropped as a robot's.
    {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
    },
  ],
]

// Bodies are valid, so the only reason to refuse is who is asking.
const writes: Route[] = [
  // First: the project they name is deleted below.
  [
    'POST',
    () => '/share-links',
    {
      label: 'Another',
      get projectIds() {
        return [ids.project]
      },
    },
  ],
  ['PATCH', () => `/share-links/${ids.shareLink}`, { note: 'Hello' }],
  ['DELETE', () => `/share-links/${ids.shareLink}`],
  ['POST', () => '/projects', { name: 'New', description: 'd' }],
  ['PATCH', () => `/projects/${ids.project}`, { name: 'Changed' }],
  ['DELETE', () => `/projects/${ids.project}`],
  ['POST', () => '/technologies', { name: 'New tech' }],
  ['PATCH', () => `/technologies/${ids.technology}`, { name: 'Changed' }],
  ['DELETE', () => `/technologies/${ids.technology}`],
  ['POST', () => '/certifications', { name: 'New', icon: '⭐', obtainedDate: '2024-01-02' }],
  ['PATCH', () => `/certifications/${ids.certification}`, { isActive: false }],
  ['DELETE', () => `/certifications/${ids.certification}`],
  ['POST', () => '/configs', { name: 'newConfig', value: 'v' }],
  ['PATCH', () => `/configs/${ids.config}`, { value: 'v' }],
  ['DELETE', () => `/configs/${ids.config}`],
  ['POST', () => '/users', { username: 'someone', password: 'secret-sauce-1', role: 'user' }],
  // The user role's own row: visible to it, so a refusal is 403, not 404.
  ['PUT', () => `/users/${r.user.user.id}`, { username: 'renamed' }],
  // The admin's current password: deleting an account takes it (the user role's is refused anyway).
  ['DELETE', () => `/users/${r.user.user.id}`, { currentPassword: ADMIN_PASSWORD }],
  ['PATCH', () => `/messages/${ids.message}`, { isRead: true }],
  ['DELETE', () => `/messages/${ids.message}`],
  ['POST', () => '/experiences', { organization: 'New', role: 'R', startDate: '2021-01' }],
  ['PATCH', () => `/experiences/${ids.experience}`, { role: 'Changed' }],
  ['DELETE', () => `/experiences/${ids.experience}`],
  ['POST', () => '/education', { institution: 'New', qualification: 'Q', startDate: '2016-09' }],
  ['PATCH', () => `/education/${ids.education}`, { field: 'Changed' }],
  ['DELETE', () => `/education/${ids.education}`],
  // Nothing of the demo here: an admin's removal answers zero counts.
  ['DELETE', () => '/demo'],
  ['POST', () => '/resume/import?dryRun=true', { skills: [{ name: 'Planned skill' }] }],
  ['POST', () => '/resume/import', { skills: [{ name: 'Imported skill' }] }],
  [
    'DELETE',
    () => '/uploads/image',
    {
      get url() {
        return imageUrl
      },
    },
  ],
]

// Any account may call these for itself, the read-only role too: its own
// passkeys (a passkey id no account has: 404 once the caller is known), with
// its own password where adding or removing one asks for it.
const ownAccountWrites = (currentPassword?: string): [route: Route, status: number][] => [
  [['POST', () => '/auth/passkeys/register/options', { currentPassword }], 200],
  [['PATCH', () => '/auth/passkeys/bm8tc3VjaC1wYXNza2V5', { name: 'Renamed' }], 404],
  [['DELETE', () => '/auth/passkeys/bm8tc3VjaC1wYXNza2V5', { currentPassword }], 404],
]
/** The read-only account's password (createUser in the harness). */
const USER_PASSWORD = 'pass-word-1'

const call = (route: Route, token?: string) =>
  t.request(route[0], route[1](), { token, body: route[2], headers: route[3] })
const label = (route: Route) => `${route[0]} ${route[1]()}`

describe('who may call what', () => {
  test('expired, tampered and alg-none tokens get 401 on every route', async () => {
    const own = ownAccountWrites().map(([route]) => route)
    for (const route of [...publicReads, ...signedInReads, ...publicWrites, ...writes, ...own]) {
      for (const [kind, token] of Object.entries({
        expired: r.expiredToken,
        tampered: r.tamperedToken,
        algNone: r.algNoneToken,
      })) {
        expect((await call(route, token)).status, `${kind} ${label(route)}`).toBe(401)
      }
    }
  })

  test('visitors read public content, get 401 on account-only reads and every write', async () => {
    for (const route of publicReads) expect((await call(route)).status, label(route)).toBe(200)
    for (const route of publicWrites) expect((await call(route)).status, label(route)).toBe(204)
    for (const route of [
      ...signedInReads,
      ...writes,
      ...ownAccountWrites().map(([route]) => route),
    ])
      expect((await call(route)).status, label(route)).toBe(401)
  })

  test('every account, the user role too, manages its own passkeys', async () => {
    for (const [token, password] of [
      [r.user.token, USER_PASSWORD],
      [r.admin.token, ADMIN_PASSWORD],
    ])
      for (const [route, status] of ownAccountWrites(password))
        expect((await call(route, token)).status, label(route)).toBe(status)
  })

  test('the user role reads everything and gets 403 on every write', async () => {
    for (const route of [...publicReads, ...signedInReads])
      expect((await call(route, r.user.token)).status, label(route)).toBe(200)
    for (const route of publicWrites)
      expect((await call(route, r.user.token)).status, label(route)).toBe(204)
    for (const route of writes)
      expect((await call(route, r.user.token)).status, label(route)).toBe(403)
  })

  test('admins may make every write (run last: it deletes the fixtures)', async () => {
    for (const route of [...publicWrites, ...writes])
      expect((await call(route, r.admin.token)).status, label(route)).toBeLessThan(300)
  })
})
