// Every route of the contract against every kind of caller: broken tokens are
// always a 401 (never a visitor), visitors get 401 where an account is needed,
// and the read-only `user` role gets 403 on every write.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  createTestContext,
  imageForm,
  tinyPng,
  type TestContext,
} from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>
let ids: Record<'project' | 'technology' | 'certification' | 'config' | 'message', number>
/** A stored image's URL, in whatever form this target's image store answers. */
let imageUrl = ''

beforeAll(async () => {
  t = await createTestContext()
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
  }
  imageUrl = (
    await t.request('POST', '/uploads/image', { token: r.admin.token, rawBody: imageForm(tinyPng) })
  ).body.url
})
afterAll(() => t.close())

type Route = [method: string, url: () => string, body?: unknown]

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
]

const signedInReads: Route[] = [
  ['GET', () => '/users'],
  ['GET', () => `/users/${r.user.user.id}`],
  ['GET', () => '/messages'],
]

// Bodies are valid, so the only reason to refuse is who is asking.
const writes: Route[] = [
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
  ['POST', () => '/users', { username: 'someone', password: 'secret1', role: 'user' }],
  // The user role's own row: visible to it, so a refusal is 403, not 404.
  ['PUT', () => `/users/${r.user.user.id}`, { username: 'renamed' }],
  ['DELETE', () => `/users/${r.user.user.id}`],
  ['PATCH', () => `/messages/${ids.message}`, { isRead: true }],
  ['DELETE', () => `/messages/${ids.message}`],
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

const call = (route: Route, token?: string) =>
  t.request(route[0], route[1](), { token, body: route[2] })
const label = (route: Route) => `${route[0]} ${route[1]()}`

describe('who may call what', () => {
  test('expired, tampered and alg-none tokens get 401 on every route', async () => {
    for (const route of [...publicReads, ...signedInReads, ...writes]) {
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
    for (const route of [...signedInReads, ...writes])
      expect((await call(route)).status, label(route)).toBe(401)
  })

  test('the user role reads everything and gets 403 on every write', async () => {
    for (const route of [...publicReads, ...signedInReads])
      expect((await call(route, r.user.token)).status, label(route)).toBe(200)
    for (const route of writes)
      expect((await call(route, r.user.token)).status, label(route)).toBe(403)
  })

  test('admins may make every write (run last: it deletes the fixtures)', async () => {
    for (const route of writes)
      expect((await call(route, r.admin.token)).status, label(route)).toBeLessThan(300)
  })
})
