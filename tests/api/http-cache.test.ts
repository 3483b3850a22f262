import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../../supabase/functions/_shared/app.ts'
import { tokenKey } from '../../supabase/functions/_shared/auth.ts'
import { createTestContext, inProcess, TEST_SECRET, type TestContext } from './harness.ts'

let t: TestContext
let admin: Awaited<ReturnType<TestContext['registerAdmin']>>
let projectId: number

beforeAll(async () => {
  t = await createTestContext()
  admin = await t.registerAdmin()
  const created = await t.request('POST', '/projects', {
    token: admin.token,
    body: {
      name: 'Vitrine',
      description: 'A portfolio',
      startYear: 2024,
      endYear: null,
      technologiesIds: [],
      images: [],
      isActive: true,
    },
  })
  if (created.status !== 201)
    throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`)
  projectId = created.body.id
  await t.request('POST', '/configs', {
    token: admin.token,
    body: { name: 'heroTitle1', value: 'FULL STACK', description: '' },
  })
})
afterAll(() => t.close())

const publicReads = [
  '/projects',
  '/technologies',
  '/certifications',
  '/configs',
  '/configs/all-as-object',
]

describe('HTTP caching of public reads', () => {
  test.each(publicReads)(
    'gives a visitor GET %s a strong ETag and a short public lifetime',
    async (path) => {
      const res = await t.request('GET', path)
      expect(res.status).toBe(200)
      expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/)
      expect(res.headers.get('cache-control')).toBe('public, max-age=10, stale-while-revalidate=60')
      expect(res.headers.get('vary')).toMatch(/authorization/i)
    },
  )

  test('answers the same ETag for the same content', async () => {
    const first = await t.request('GET', '/projects')
    const second = await t.request('GET', '/projects')
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
  })

  test('answers 304 with no body when If-None-Match holds the current ETag', async () => {
    const first = await t.request('GET', '/projects')
    const etag = first.headers.get('etag')!
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.request('GET', '/projects', { headers: { 'if-none-match': header } })
      expect(again.status).toBe(304)
      expect(again.body).toBeNull()
      expect(again.headers.get('etag')).toBe(etag)
      expect(again.headers.get('cache-control')).toBe(
        'public, max-age=10, stale-while-revalidate=60',
      )
    }
  })

  test('answers 200 with the full body when If-None-Match holds another ETag', async () => {
    const res = await t.request('GET', '/projects', {
      headers: { 'if-none-match': '"0000000000000000000000000000000000000000"' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(1)
  })

  test('makes the next read fresh after a write: 200 with a new ETag', async () => {
    const before = await t.request('GET', '/projects')
    const oldEtag = before.headers.get('etag')!
    const patched = await t.request('PATCH', `/projects/${projectId}`, {
      token: admin.token,
      body: { name: 'Vitrine 2' },
    })
    expect(patched.status).toBe(200)

    const after = await t.request('GET', '/projects', { headers: { 'if-none-match': oldEtag } })
    expect(after.status).toBe(200)
    expect(after.body[0].name).toBe('Vitrine 2')
    expect(after.headers.get('etag')).not.toBe(oldEtag)
    expect(
      (
        await t.request('GET', '/projects', {
          headers: { 'if-none-match': after.headers.get('etag')! },
        })
      ).status,
    ).toBe(304)
  })

  test('makes a configuration change visible on the next read too', async () => {
    const before = await t.request('GET', '/configs/all-as-object')
    const [config] = (await t.request('GET', '/configs')).body
    await t.request('PATCH', `/configs/${config.id}`, {
      token: admin.token,
      body: { value: 'BACK END' },
    })
    const after = await t.request('GET', '/configs/all-as-object', {
      headers: { 'if-none-match': before.headers.get('etag')! },
    })
    expect(after.status).toBe(200)
    expect(after.body.heroTitle1).toBe('BACK END')
  })

  test('never stores a signed-in read and never answers it 304', async () => {
    const visitor = await t.request('GET', '/projects')
    const res = await t.request('GET', '/projects', {
      token: admin.token,
      headers: { 'if-none-match': visitor.headers.get('etag')! },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('etag')).toBeNull()
    expect(
      (await t.request('GET', '/users', { token: admin.token })).headers.get('cache-control'),
    ).toBe('private, no-store')
  })

  test('leaves errors and writes without a public lifetime', async () => {
    const missing = await t.request('GET', '/projects/999999')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('etag')).toBeNull()
    expect(missing.headers.get('cache-control')).toBeNull()
    const write = await t.request('PATCH', `/projects/${projectId}`, {
      token: admin.token,
      body: { name: 'Vitrine 3' },
    })
    expect(write.headers.get('etag')).toBeNull()
    expect(write.headers.get('cache-control')).toBeNull()
  })
})

// In-process only: it builds a second app around the test's own database object, which the deno target runs in another process.
describe.skipIf(!inProcess)(
  "memoized public reads, when the API is the database's only writer (PGlite)",
  () => {
    // The same database behind a second app whose driver says it is exclusive, as the embedded PGlite driver does.
    const memoized = () =>
      createApp({
        db: { ...t.db!, driver: { ...t.db!.driver, exclusive: true } },
        images: t.images!,
        tokenKey: tokenKey(TEST_SECRET),
      })
    const get = async (
      app: ReturnType<typeof createApp>,
      path: string,
      headers: Record<string, string> = {},
    ) => {
      const res = await app.request(`/api${path}`, { headers })
      const text = await res.text()
      return {
        status: res.status,
        etag: res.headers.get('etag'),
        body: text ? JSON.parse(text) : null,
      }
    }
    const patch = (app: ReturnType<typeof createApp>, body: unknown) =>
      app.request(`/api/projects/${projectId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })

    test('answers a write made through it on the very next read, with a new ETag', async () => {
      const app = memoized()
      const before = await get(app, '/projects')
      expect((await patch(app, { name: 'Memo 1' })).status).toBe(200)
      const after = await get(app, '/projects', { 'if-none-match': before.etag! })
      expect(after.status).toBe(200)
      expect(after.body[0].name).toBe('Memo 1')
      expect(after.etag).not.toBe(before.etag)
      expect((await get(app, '/projects', { 'if-none-match': after.etag! })).status).toBe(304)
    })

    test('keeps answering from memory until a write passes through it, hence only for an exclusive database', async () => {
      const app = memoized()
      expect((await get(app, '/projects')).body[0].name).toBe('Memo 1')
      // A write the memoizing app does not see (another process, on a shared Postgres).
      expect((await patch(t.app!, { name: 'Behind its back' })).status).toBe(200)
      expect((await get(app, '/projects')).body[0].name).toBe('Memo 1')
      // Signed-in reads never come from memory.
      const signedIn = await get(app, '/projects', { authorization: `Bearer ${admin.token}` })
      expect(signedIn.body[0].name).toBe('Behind its back')
      // Any write through it, even one that is refused, starts again from the database.
      await app.request('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      expect((await get(app, '/projects')).body[0].name).toBe('Behind its back')
    })
  },
)
