// GET /activity (docs/PRODUCT.md §12): the database records every write by
// itself; signed-in accounts read the history; nobody writes it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ActivityEntry } from '../../supabase/functions/_shared/contract/responses.ts'
import { archiveForm, zip } from '@test-support/backup-fixtures.ts'
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

const history = async (token = r.admin.token, query = '') => {
  const res = await t.request<ActivityEntry[]>('GET', `/activity${query}`, { token })
  expect(res.status).toBe(200)
  return res.body
}

describe('activity history', () => {
  test('visitors and broken tokens get 401', async () => {
    expect((await t.request('GET', '/activity')).status).toBe(401)
    expect((await t.request('GET', '/activity', { token: r.expiredToken })).status).toBe(401)
    expect((await t.request('GET', '/activity', { token: r.tamperedToken })).status).toBe(401)
    expect((await t.request('GET', '/activity', { token: r.algNoneToken })).status).toBe(401)
  })

  test('records creating, changing and deleting a project, newest first, with who did it', async () => {
    const created = await t.request('POST', '/projects', {
      token: r.admin.token,
      body: { name: 'Atlas', description: 'Maps', technologiesIds: [] },
    })
    const id = created.body.id as number
    await t.request('PATCH', `/projects/${id}`, {
      token: r.admin.token,
      body: { description: 'Better maps', isActive: false },
    })
    await t.request('DELETE', `/projects/${id}`, { token: r.admin.token })

    const entries = (await history()).filter((e) => e.entity === 'projects' && e.entityId === id)
    expect(entries).toEqual([
      expect.objectContaining({
        actor: 'admin',
        action: 'delete',
        summary: 'Deleted project "Atlas"',
        entityExists: false,
      }),
      expect.objectContaining({
        action: 'update',
        summary: 'Updated project "Atlas"',
        changedFields: ['description', 'is_active'],
      }),
      expect.objectContaining({ action: 'create', summary: 'Created project "Atlas"' }),
    ])
    expect(entries[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(entries[0]!.id).toBeGreaterThan(entries[1]!.id)
  })

  test('a change of technologies is recorded, the same technologies saved again are not', async () => {
    const tech = await t.request('POST', '/technologies', {
      token: r.admin.token,
      body: { name: 'Elm' },
    })
    const project = await t.request('POST', '/projects', {
      token: r.admin.token,
      body: { name: 'Beacon', description: 'Lights', technologiesIds: [] },
    })
    const id = project.body.id as number
    const save = (ids: number[]) =>
      t.request('PATCH', `/projects/${id}`, {
        token: r.admin.token,
        body: { name: 'Beacon', technologiesIds: ids },
      })
    expect((await save([tech.body.id])).status).toBe(200)
    const [changed] = await history()
    expect(changed).toMatchObject({
      entity: 'projects',
      entityId: id,
      action: 'update',
      changedFields: ['technologies'],
      entityExists: true,
    })
    expect((await save([tech.body.id])).status).toBe(200)
    expect((await history())[0]!.id).toBe(changed!.id)
  })

  test('a change of an experience’s technologies alone is recorded, the same technologies again are not', async () => {
    const tech = await t.request('POST', '/technologies', {
      token: r.admin.token,
      body: { name: 'OCaml' },
    })
    const job = await t.request('POST', '/experiences', {
      token: r.admin.token,
      body: { organization: 'Jane Street', role: 'Engineer', startDate: '2019-09' },
    })
    expect(job.status).toBe(201)
    const id = job.body.id as number
    const save = (ids: number[]) =>
      t.request('PATCH', `/experiences/${id}`, {
        token: r.admin.token,
        body: { technologiesIds: ids },
      })
    expect((await save([tech.body.id])).status).toBe(200)
    const [changed] = await history()
    expect(changed).toMatchObject({
      actor: 'admin',
      entity: 'experiences',
      entityId: id,
      action: 'update',
      summary: 'Updated experience "Engineer at Jane Street"',
      changedFields: ['technologies'],
      entityExists: true,
    })
    expect((await save([tech.body.id])).status).toBe(200)
    expect((await history())[0]!.id).toBe(changed!.id)
    expect((await save([])).status).toBe(200)
    expect((await history())[0]).toMatchObject({ entityId: id, changedFields: ['technologies'] })
    expect((await history())[0]!.id).toBeGreaterThan(changed!.id)
  })

  test('records account changes without password hashes and messages without their text', async () => {
    const { user } = await t.createUser('user', r.admin.token, 'reviewer')
    await t.request('PUT', `/users/${user.id}`, {
      token: r.admin.token,
      body: { password: 'another-password', currentPassword: ADMIN_PASSWORD },
    })
    const sent = await t.request('POST', '/contact', {
      body: { name: 'Grace', email: 'grace@example.com', message: 'A very private note' },
      headers: { 'x-forwarded-for': '192.0.2.7' },
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const entries = await history()
    expect(entries[0]).toMatchObject({
      actor: 'visitor',
      entity: 'contact_messages',
      summary: 'Created message from "Grace"',
    })
    expect(entries[1]).toMatchObject({
      actor: 'admin',
      entity: 'users',
      entityId: user.id,
      changedFields: ['password'],
    })
    const text = JSON.stringify(entries)
    expect(text).not.toMatch(/private note|another-password|\$2[aby]\$/)
    const [stored] = await t.sql<{ n: number }>(
      `select count(*)::int as n from public.activity where to_jsonb(activity)::text ~ '\\$2[aby]\\$|private note'`,
    )
    expect(stored!.n).toBe(0)
  })

  test('the user role reads the history but not what happened to other accounts', async () => {
    const mine = await history(r.user.token)
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.some((e) => e.entity === 'projects')).toBe(true)
    expect(mine.filter((e) => e.entity === 'users').map((e) => e.entityId)).toEqual(
      expect.arrayContaining([r.user.user.id]),
    )
    expect(mine.every((e) => e.entity !== 'users' || e.entityId === r.user.user.id)).toBe(true)
    const all = await history()
    expect(all.some((e) => e.entity === 'users' && e.entityId !== r.user.user.id)).toBe(true)
  })

  test('pages with limit and before, and refuses bad values with 400', async () => {
    const first = await history(r.admin.token, '?limit=2')
    expect(first).toHaveLength(2)
    const next = await history(r.admin.token, `?limit=2&before=${first[1]!.id}`)
    expect(next[0]!.id).toBeLessThan(first[1]!.id)
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?before=-1', '?before=abc']) {
      const res = await t.request('GET', `/activity${query}`, { token: r.admin.token })
      expect(res.status, query).toBe(400)
    }
  })

  test('nobody writes or deletes entries through the API', async () => {
    const before = (await history())[0]!
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await t.request(method, `/activity/${before.id}`, {
        token: r.admin.token,
        body: { summary: 'rewritten' },
      })
      expect([404, 405], method).toContain(res.status)
      expect(
        (await t.request(method, '/activity', { token: r.admin.token, body: {} })).status,
      ).not.toBe(200)
    }
    expect((await history())[0]).toEqual(before)
  })

  // The history is written once per statement (migration ..._activity_per_statement.sql):
  // a restore's bulk deletes and inserts still record each row, and the cap still holds.
  test('a restore into a full history records every row it replaces and keeps the newest 5,000', async () => {
    await t.sql(`insert into public.activity (actor_name, action, entity, entity_id, summary)
                 select 'system', 'create', 'projects', g, 'filler ' || g from generate_series(1, 5000) g`)
    const count = async (where: string) =>
      (
        await t.sql<{ n: number }>(`select count(*)::int as n from public.activity where ${where}`)
      )[0]!.n
    const replaced = (
      await t.sql<{ n: number }>('select count(*)::int as n from public.technologies')
    )[0]!.n
    expect(replaced).toBeGreaterThan(0)

    const ids = Array.from({ length: 100 }, (_, i) => i + 1)
    const content = {
      format: 'vitrine-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      technologies: ids.map((id) => ({ id, name: `Restored tech ${id}`, icon: null })),
      projects: ids.map((i) => ({
        name: `Restored project ${i}`,
        description: 'From a backup',
        technologiesIds: [i, (i % 100) + 1],
      })),
      certifications: [],
      configurations: ids.map((i) => ({ name: `restored${i}`, value: `v${i}` })),
      images: [],
    }
    const res = await t.request('POST', '/backup', {
      token: r.admin.token,
      rawBody: archiveForm(zip({ 'content.json': JSON.stringify(content) })),
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)

    expect(await count('true')).toBe(5000)
    const newer = `id > (select max(id) from public.activity where summary like 'filler %')`
    expect(await count(`${newer} and action = 'delete' and entity = 'technologies'`)).toBe(replaced)
    for (const [entity, label] of [
      ['technologies', 'technology "Restored tech '],
      ['projects', 'project "Restored project '],
      ['configs', 'configuration "restored'],
    ])
      expect(
        await count(
          `action = 'create' and entity = '${entity}' and summary like 'Created ${label}%'`,
        ),
        entity,
      ).toBe(100)
    // The entries that went are the oldest: every entry after the fillers stayed, and the newest fillers.
    const after = await count(newer)
    expect(await count(`summary like 'filler %'`)).toBe(5000 - after)
    expect(await count(`summary = 'filler ${after + 1}'`)).toBe(1)
    expect((await history())[0]).toMatchObject({ actor: 'admin', action: 'create' })
  })
})
