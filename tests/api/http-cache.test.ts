import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from './harness.ts'

let t: TestContext
let admin: Awaited<ReturnType<TestContext['registerAdmin']>>
let projectId: number

beforeAll(async () => {
  t = await createTestContext()
  admin = await t.registerAdmin()
  const created = await t.request('POST', '/projects', {
    token: admin.token,
    body: { name: 'Vitrine', description: 'A portfolio', startYear: 2024, endYear: null, technologiesIds: [], images: [], isActive: true },
  })
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`)
  projectId = created.body.id
  await t.request('POST', '/configs', { token: admin.token, body: { name: 'heroTitle1', value: 'FULL STACK', description: '' } })
})
afterAll(() => t.close())

const publicReads = ['/projects', '/technologies', '/certifications', '/configs', '/configs/all-as-object']

describe('HTTP caching of public reads', () => {
  test.each(publicReads)('gives a visitor GET %s a strong ETag and a short public lifetime', async (path) => {
    const res = await t.request('GET', path)
    expect(res.status).toBe(200)
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=10, stale-while-revalidate=60')
    expect(res.headers.get('vary')).toMatch(/authorization/i)
  })

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
      expect(again.headers.get('cache-control')).toBe('public, max-age=10, stale-while-revalidate=60')
    }
  })

  test('answers 200 with the full body when If-None-Match holds another ETag', async () => {
    const res = await t.request('GET', '/projects', { headers: { 'if-none-match': '"0000000000000000000000000000000000000000"' } })
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(1)
  })

  test('makes the next read fresh after a write: 200 with a new ETag', async () => {
    const before = await t.request('GET', '/projects')
    const oldEtag = before.headers.get('etag')!
    const patched = await t.request('PATCH', `/projects/${projectId}`, { token: admin.token, body: { name: 'Vitrine 2' } })
    expect(patched.status).toBe(200)

    const after = await t.request('GET', '/projects', { headers: { 'if-none-match': oldEtag } })
    expect(after.status).toBe(200)
    expect(after.body[0].name).toBe('Vitrine 2')
    expect(after.headers.get('etag')).not.toBe(oldEtag)
    expect((await t.request('GET', '/projects', { headers: { 'if-none-match': after.headers.get('etag')! } })).status).toBe(304)
  })

  test('makes a configuration change visible on the next read too', async () => {
    const before = await t.request('GET', '/configs/all-as-object')
    const [config] = (await t.request('GET', '/configs')).body
    await t.request('PATCH', `/configs/${config.id}`, { token: admin.token, body: { value: 'BACK END' } })
    const after = await t.request('GET', '/configs/all-as-object', { headers: { 'if-none-match': before.headers.get('etag')! } })
    expect(after.status).toBe(200)
    expect(after.body.heroTitle1).toBe('BACK END')
  })

  test('never stores a signed-in read and never answers it 304', async () => {
    const visitor = await t.request('GET', '/projects')
    const res = await t.request('GET', '/projects', { token: admin.token, headers: { 'if-none-match': visitor.headers.get('etag')! } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('etag')).toBeNull()
    expect((await t.request('GET', '/users', { token: admin.token })).headers.get('cache-control')).toBe('private, no-store')
  })

  test('leaves errors and writes without a public lifetime', async () => {
    const missing = await t.request('GET', '/projects/999999')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('etag')).toBeNull()
    expect(missing.headers.get('cache-control')).toBeNull()
    const write = await t.request('PATCH', `/projects/${projectId}`, { token: admin.token, body: { name: 'Vitrine 3' } })
    expect(write.headers.get('etag')).toBeNull()
    expect(write.headers.get('cache-control')).toBeNull()
  })
})
