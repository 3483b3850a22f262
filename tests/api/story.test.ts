// The developer's story (docs/PRODUCT.md §18): experience and education through
// the REST contract: the rules and their messages, the order, who may write,
// the technologies of an experience, the activity history and the content version.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

const post = (path: string, body: Record<string, unknown>, token: string | null = r.admin.token) =>
  t.request('POST', path, { token: token ?? undefined, body })

const contentVersion = async () =>
  Number((await t.sql<{ v: string }>('select app.content_version()::text as v'))[0]!.v)

describe('experiences', () => {
  test('requires organization, role and a start month, with the product messages', async () => {
    const res = await post('/experiences', { organization: ' ', role: '', startDate: '' })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({
      organization: 'Organization is required',
      role: 'Role is required',
      startDate: 'Start date is required',
    })
    const badMonth = await post('/experiences', {
      organization: 'Acme',
      role: 'Dev',
      startDate: '2020-13',
      endDate: '2021-1',
    })
    expect(badMonth.body.errors).toEqual({
      startDate: 'Date must be a month as YYYY-MM',
      endDate: 'Date must be a month as YYYY-MM',
    })
    const backwards = await post('/experiences', {
      organization: 'Acme',
      role: 'Dev',
      startDate: '2021-05',
      endDate: '2021-04',
    })
    expect(backwards.status).toBe(400)
    expect(backwards.body.errors).toEqual({ endDate: 'End date cannot be before start date' })
  })

  test('stores months, technologies and links; lists current ones first, then newest start', async () => {
    const ts = (await post('/technologies', { name: 'TypeScript-story' })).body
    const pg = (await post('/technologies', { name: 'PostgreSQL-story' })).body
    const old = await post('/experiences', {
      organization: 'Old Co',
      role: 'Junior',
      startDate: '2015-02',
      endDate: '2017-06',
    })
    expect(old.status).toBe(201)
    expect(old.body).toEqual({
      id: expect.any(Number),
      organization: 'Old Co',
      role: 'Junior',
      location: '',
      startDate: '2015-02',
      endDate: '2017-06',
      description: '',
      descriptionHtml: '',
      url: null,
      technologies: [],
    })
    const current = await post('/experiences', {
      organization: 'Now Inc',
      role: 'Lead',
      location: 'Remote',
      startDate: '2019-01',
      endDate: '',
      description: 'Leads the team',
      url: 'https://now.example.com',
      technologiesIds: [ts.id, pg.id, ts.id],
    })
    expect(current.status).toBe(201)
    expect(current.body.endDate).toBeNull()
    expect(current.body.technologies).toEqual([
      { id: pg.id, name: 'PostgreSQL-story' },
      { id: ts.id, name: 'TypeScript-story' },
    ])
    await post('/experiences', {
      organization: 'Mid Ltd',
      role: 'Dev',
      startDate: '2017-07',
      endDate: '2020-12',
    })
    const unknown = await post('/experiences', {
      organization: 'X',
      role: 'Y',
      startDate: '2020-01',
      technologiesIds: [999999],
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors.technologiesIds).toBe('Unknown technology id: 999999')

    for (const token of [undefined, r.user.token]) {
      const list = await t.request('GET', '/experiences', { token })
      expect(list.status).toBe(200)
      expect(list.body.map((e: { organization: string }) => e.organization)).toEqual([
        'Now Inc',
        'Mid Ltd',
        'Old Co',
      ])
    }
    const one = await t.request('GET', `/experiences/${current.body.id}`)
    expect(one.body).toEqual(current.body)
  })

  test('visitors get 401 and the user role 403 on writes; admins update parts and delete', async () => {
    const job = (await post('/experiences', { organization: 'A', role: 'B', startDate: '2022-02' }))
      .body
    expect(
      (await post('/experiences', { organization: 'A', role: 'B', startDate: '2022-02' }, null))
        .status,
    ).toBe(401)
    expect(
      (
        await post(
          '/experiences',
          { organization: 'A', role: 'B', startDate: '2022-02' },
          r.user.token,
        )
      ).status,
    ).toBe(403)
    const url = `/experiences/${job.id}`
    expect(
      (await t.request('PATCH', url, { token: r.user.token, body: { role: 'C' } })).status,
    ).toBe(403)
    expect((await t.request('DELETE', url, { token: r.user.token })).status).toBe(403)
    expect((await t.request('DELETE', url)).status).toBe(401)

    const ended = await t.request('PATCH', url, {
      token: r.admin.token,
      body: { endDate: '2023-03', url: '' },
    })
    expect(ended.status).toBe(200)
    expect(ended.body).toMatchObject({
      role: 'B',
      startDate: '2022-02',
      endDate: '2023-03',
      url: null,
    })
    // The end is checked against the stored start too.
    const early = await t.request('PATCH', url, {
      token: r.admin.token,
      body: { endDate: '2021-01' },
    })
    expect(early.status).toBe(400)
    expect(early.body.errors).toEqual({ endDate: 'End date cannot be before start date' })
    const missing = await t.request('PATCH', '/experiences/999999', {
      token: r.admin.token,
      body: { role: 'x' },
    })
    expect(missing.status).toBe(404)

    expect((await t.request('DELETE', url, { token: r.admin.token })).status).toBe(204)
    expect((await t.request('GET', url, { token: r.admin.token })).status).toBe(404)
  })

  test('every write is in the activity history and moves the content version', async () => {
    const before = await contentVersion()
    const job = (
      await post('/experiences', { organization: 'Hist', role: 'Eng', startDate: '2020-01' })
    ).body
    expect(await contentVersion()).toBeGreaterThan(before)
    await t.request('PATCH', `/experiences/${job.id}`, {
      token: r.admin.token,
      body: { location: 'Lyon' },
    })
    const history = await t.request('GET', '/activity?limit=5', { token: r.user.token })
    const entries = history.body.filter(
      (e: { entity: string; entityId: number }) =>
        e.entity === 'experiences' && e.entityId === job.id,
    )
    expect(entries.map((e: { summary: string }) => e.summary)).toEqual([
      'Updated experience "Eng at Hist"',
      'Created experience "Eng at Hist"',
    ])
    expect(entries[0].changedFields).toEqual(['location'])
    expect(entries[0].entityExists).toBe(true)
  })
})

describe('education', () => {
  test('requires institution, qualification and start; lists current first', async () => {
    const res = await post('/education', { institution: '', qualification: '' })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({
      institution: 'Institution is required',
      qualification: 'Qualification is required',
      startDate: 'Start date is required',
    })
    const done = await post('/education', {
      institution: 'University of Somewhere',
      qualification: 'BSc',
      field: 'Computer Science',
      startDate: '2008-09',
      endDate: '2011-06',
    })
    expect(done.status).toBe(201)
    expect(done.body).toEqual({
      id: expect.any(Number),
      institution: 'University of Somewhere',
      qualification: 'BSc',
      field: 'Computer Science',
      startDate: '2008-09',
      endDate: '2011-06',
      description: '',
      descriptionHtml: '',
      url: null,
    })
    await post('/education', {
      institution: 'Evening School',
      qualification: 'MSc',
      startDate: '2024-09',
    })
    const list = await t.request('GET', '/education')
    expect(list.body.map((e: { institution: string }) => e.institution)).toEqual([
      'Evening School',
      'University of Somewhere',
    ])
    expect(
      (
        await post(
          '/education',
          { institution: 'x', qualification: 'y', startDate: '2020-01' },
          r.user.token,
        )
      ).status,
    ).toBe(403)
    const renamed = await t.request('PATCH', `/education/${done.body.id}`, {
      token: r.admin.token,
      body: { qualification: 'BEng' },
    })
    expect(renamed.body.qualification).toBe('BEng')
    const history = await t.request('GET', '/activity?limit=3', { token: r.admin.token })
    expect(history.body[0].summary).toBe('Updated education "BEng, University of Somewhere"')
    expect(
      (await t.request('DELETE', `/education/${done.body.id}`, { token: r.admin.token })).status,
    ).toBe(204)
  })
})
