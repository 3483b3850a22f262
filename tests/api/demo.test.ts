// The demo content (docs/PRODUCT.md §28, docs/decisions/069): GET /demo says
// how much of the seed's portfolio is still as the seed wrote it, and DELETE
// /demo keeps a backup, then removes exactly that, leaving what the owner
// added or edited, and brings the site texts back to their defaults. The
// backup is listed by GET /backup/kept and restores the demo.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'
import { applyDemoSeed, SEEDED } from '@test-support/demo-seed.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

const NONE = {
  projects: 0,
  technologies: 0,
  certifications: 0,
  experiences: 0,
  education: 0,
  posts: 0,
  configs: 0,
}
const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  t.request(method, path, { token: r.admin.token, body })
const names = async (path: string, key = 'name') =>
  ((await admin('GET', path)).body as Record<string, string>[]).map((row) => row[key]).sort()
const contentVersion = async () =>
  Number((await t.sql<{ v: string }>('select app.content_version()::text as v'))[0]!.v)

describe('an empty site', () => {
  test('has no demo, and removing it removes nothing and keeps no backup', async () => {
    expect(await admin('GET', '/demo')).toMatchObject({
      status: 200,
      body: { present: false, counts: NONE },
    })
    expect(await admin('DELETE', '/demo')).toMatchObject({
      status: 200,
      body: { removed: NONE, backup: null },
    })
    expect((await admin('GET', '/backup/kept')).body).toEqual([])
  })
})

describe('the seeded demo', () => {
  beforeAll(() => applyDemoSeed((query) => t.sql(query)))

  test('is counted whole', async () => {
    expect(await admin('GET', '/demo')).toMatchObject({
      status: 200,
      body: { present: true, counts: SEEDED },
    })
  })

  test('visitors get 401 and read-only accounts 403, which remove nothing and keep no backup', async () => {
    expect((await t.request('GET', '/demo')).status).toBe(401)
    expect((await t.request('DELETE', '/demo')).status).toBe(401)
    expect((await t.request('GET', '/demo', { token: r.user.token })).status).toBe(403)
    expect((await t.request('DELETE', '/demo', { token: r.user.token })).status).toBe(403)
    expect((await t.request('GET', '/backup/kept', { token: r.user.token })).status).toBe(403)
    expect((await admin('GET', '/demo')).body).toMatchObject({ counts: SEEDED })
    expect((await admin('GET', '/backup/kept')).body).toEqual([])
  })

  test('is removed but for what the owner added or edited; the site texts go back to the defaults; a kept backup restores it', async () => {
    const byName = async (path: string, name: string) =>
      ((await admin('GET', path)).body as { id: number; name: string }[]).find(
        (row) => row.name === name,
      )!
    const typescript = await byName('/technologies', 'TypeScript')
    const atlas = await byName('/projects', 'Atlas CLI')
    expect(
      (await admin('PATCH', `/projects/${atlas.id}`, { name: 'Atlas CLI (mine now)' })).status,
    ).toBe(200)
    const mine = await admin('POST', '/projects', {
      name: 'My own project',
      description: 'Mine.',
      technologiesIds: [typescript.id],
    })
    expect(mine.status).toBe(201)
    const hero = (await admin('GET', '/configs')).body.find(
      (c: { name: string }) => c.name === 'heroTitle1',
    )
    expect((await admin('PATCH', `/configs/${hero.id}`, { value: 'MY TITLE' })).status).toBe(200)
    expect((await admin('POST', '/configs', { name: 'myOwnText', value: 'kept' })).status).toBe(201)

    // Atlas CLI's Go and Docker stay with it, TypeScript with the owner's project.
    const expected = { ...SEEDED, projects: 5, technologies: 9, configs: 13 }
    expect((await admin('GET', '/demo')).body).toEqual({ present: true, counts: expected })

    const before = await contentVersion()
    const removal = await admin('DELETE', '/demo')
    expect(removal.status).toBe(200)
    expect(removal.body.removed).toEqual(expected)
    expect(removal.body.backup).toMatchObject({
      path: expect.stringMatching(/^kept-\d{8}T\d{6}Z-[0-9a-f]{8}\.zip$/),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
    })
    expect(removal.body.backup.size).toBeGreaterThan(1000)
    expect(await contentVersion()).toBeGreaterThan(before)

    expect(await names('/projects')).toEqual(['Atlas CLI (mine now)', 'My own project'])
    expect(await names('/technologies')).toEqual(['Docker', 'Go', 'TypeScript'])
    expect(await names('/certifications')).toEqual([])
    expect(await names('/experiences', 'organization')).toEqual([])
    expect(await names('/education', 'institution')).toEqual([])
    expect((await t.request('GET', '/configs/all-as-object')).body).toEqual({
      heroTitle1: 'MY TITLE',
      myOwnText: 'kept',
    })
    expect((await admin('GET', '/demo')).body).toEqual({ present: false, counts: NONE })
    // Each removed row is in the history, as any delete.
    const history = await t.sql<{ n: number }>(
      "select count(*)::int as n from public.activity where action = 'delete'",
    )
    expect(history[0]!.n).toBeGreaterThanOrEqual(5 + 9 + 4 + 3 + 2 + 13)

    const kept = await admin('GET', '/backup/kept')
    expect(kept).toMatchObject({ status: 200, body: [removal.body.backup] })

    const restored = await admin('POST', '/backup/restore', { path: removal.body.backup.path })
    expect(restored.status).toBe(200)
    expect(restored.body).toMatchObject({ projects: 7, technologies: 12, configurations: 15 })
    expect((await admin('GET', '/demo')).body).toEqual({ present: true, counts: expected })
    // A kept backup stays after its restore.
    expect((await admin('GET', '/backup/kept')).body).toEqual([removal.body.backup])
  })
})

describe('the names a restore takes', () => {
  test('a path that is neither an upload nor a kept backup is refused with its field', async () => {
    const res = await admin('POST', '/backup/restore', { path: '../kept-x.zip' })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({ path: 'path must name the uploaded backup' })
  })
})
