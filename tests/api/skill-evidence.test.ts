// Skills backed by evidence (docs/PRODUCT.md §19): each technology carries
// counts and years computed from active projects, experiences and active
// certifications naming it, as the caller sees them; certifications name the
// technologies they certify (technologiesIds in, technologies out).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

const as = (token: string | undefined) => ({
  get: (path: string) => t.request('GET', path, { token }),
})
const write = (method: 'POST' | 'PATCH', path: string, body: Record<string, unknown>) =>
  t.request(method, path, { token: r.admin.token, body })
const contentVersion = async () =>
  Number((await t.sql<{ v: string }>('select app.content_version()::text as v'))[0]!.v)
const thisYear = new Date().getFullYear()

describe('certifications name technologies', () => {
  test('technologiesIds on create and PATCH; answers technologies by name; unknown ids are 400', async () => {
    const k8s = (await write('POST', '/technologies', { name: 'Kubernetes-cert' })).body
    const helm = (await write('POST', '/technologies', { name: 'Helm-cert' })).body
    const created = await write('POST', '/certifications', {
      name: 'CKA-links',
      icon: '☸️',
      obtainedDate: '2023-04-02',
      technologiesIds: [k8s.id, k8s.id],
    })
    expect(created.status).toBe(201)
    expect(created.body.technologies).toEqual([{ id: k8s.id, name: 'Kubernetes-cert' }])

    const patched = await write('PATCH', `/certifications/${created.body.id}`, {
      technologiesIds: [helm.id, k8s.id],
    })
    expect(patched.status).toBe(200)
    expect(patched.body.technologies.map((x: { name: string }) => x.name)).toEqual([
      'Helm-cert',
      'Kubernetes-cert',
    ])
    // A PATCH without technologiesIds leaves them alone.
    const renamed = await write('PATCH', `/certifications/${created.body.id}`, { name: 'CKA-2' })
    expect(renamed.body.technologies).toHaveLength(2)
    const one = await as(undefined).get(`/certifications/${created.body.id}`)
    expect(one.body.technologies).toHaveLength(2)

    const unknown = await write('POST', '/certifications', {
      name: 'Nope',
      icon: '☁️',
      obtainedDate: '2023-04-02',
      technologiesIds: [987654],
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors).toEqual({ technologiesIds: 'Unknown technology id: 987654' })
    const refused = await t.request('PATCH', `/certifications/${created.body.id}`, {
      token: r.user.token,
      body: { technologiesIds: [] },
    })
    expect(refused.status).toBe(403)
  })

  test('a change of technologies is in the activity history; an inactive one moves no content version', async () => {
    const go = (await write('POST', '/technologies', { name: 'Go-cert' })).body
    const cert = (
      await write('POST', '/certifications', {
        name: 'Gopher',
        icon: '☁️',
        obtainedDate: '2022-01-01',
      })
    ).body
    await write('PATCH', `/certifications/${cert.id}`, { technologiesIds: [go.id] })
    const history = await t.request('GET', '/activity?limit=1', { token: r.admin.token })
    expect(history.body[0]).toMatchObject({
      summary: 'Updated certification "Gopher"',
      changedFields: ['technologies'],
    })

    const hidden = (
      await write('POST', '/certifications', {
        name: 'Hidden cert',
        icon: '☁️',
        obtainedDate: '2022-01-01',
        isActive: false,
      })
    ).body
    const before = await contentVersion()
    await write('PATCH', `/certifications/${hidden.id}`, { technologiesIds: [go.id] })
    expect(await contentVersion()).toBe(before)
    await write('PATCH', `/certifications/${cert.id}`, { technologiesIds: [] })
    expect(await contentVersion()).toBeGreaterThan(before)
  })
})

describe('technology evidence', () => {
  test('counts and years from active projects, experiences and active certifications, as the caller sees them', async () => {
    const rust = (await write('POST', '/technologies', { name: 'Rust-evidence' })).body
    const idle = (await write('POST', '/technologies', { name: 'Idle-evidence' })).body
    const ids = [rust.id]
    await write('POST', '/projects', {
      name: 'Ferris',
      description: 'A crab',
      startYear: 2019,
      endYear: 2021,
      technologiesIds: ids,
    })
    await write('POST', '/projects', {
      name: 'Ongoing crab',
      description: 'Started',
      startYear: 2022,
      technologiesIds: ids,
    })
    await write('POST', '/projects', {
      name: 'Secret crab',
      description: 'Hidden',
      startYear: 2010,
      isActive: false,
      technologiesIds: ids,
    })
    await write('POST', '/experiences', {
      organization: 'Crabs Inc',
      role: 'Engineer',
      startDate: '2020-03',
      endDate: null,
      technologiesIds: ids,
    })
    await write('POST', '/certifications', {
      name: 'Rust cert',
      icon: '☁️',
      obtainedDate: '2018-06-01',
      technologiesIds: ids,
    })
    await write('POST', '/certifications', {
      name: 'Expired rust cert',
      icon: '☁️',
      obtainedDate: '2005-06-01',
      isActive: false,
      technologiesIds: ids,
    })

    const expected = {
      projectCount: 2,
      experienceCount: 1,
      certificationCount: 1,
      postCount: 0,
      firstYear: 2018,
      lastYear: thisYear,
      // What the chip opens: the active projects, even for an admin, who reads the hidden one too.
      projects: [
        { id: expect.any(Number), name: 'Ferris' },
        { id: expect.any(Number), name: 'Ongoing crab' },
      ],
      posts: [],
    }
    for (const token of [undefined, r.user.token, r.admin.token]) {
      const list = await as(token).get('/technologies')
      expect(list.status).toBe(200)
      const found = list.body.find((x: { id: number }) => x.id === rust.id)
      expect(found.evidence).toEqual(expected)
      expect(list.body.find((x: { id: number }) => x.id === idle.id).evidence).toEqual({
        projectCount: 0,
        experienceCount: 0,
        certificationCount: 0,
        postCount: 0,
        firstYear: null,
        lastYear: null,
        projects: [],
        posts: [],
      })
      expect((await as(token).get(`/technologies/${rust.id}`)).body.evidence).toEqual(expected)
    }
  })

  test('an experience that ended gives its own years', async () => {
    const elm = (await write('POST', '/technologies', { name: 'Elm-evidence' })).body
    await write('POST', '/experiences', {
      organization: 'Elm Co',
      role: 'Dev',
      startDate: '2016-09',
      endDate: '2017-02',
      technologiesIds: [elm.id],
    })
    const one = await as(undefined).get(`/technologies/${elm.id}`)
    expect(one.body.evidence).toEqual({
      projectCount: 0,
      experienceCount: 1,
      certificationCount: 0,
      postCount: 0,
      firstYear: 2016,
      lastYear: 2017,
      projects: [],
      posts: [],
    })
  })
})

describe('a new year', () => {
  test('moves the content version once, so an answer kept from last year is not served as this year', async () => {
    const before = await t.request('GET', '/technologies')
    const etag = before.headers.get('etag')!
    const version = await contentVersion()
    // The last move happened in an earlier year, as on the first pass after 1 January.
    await t.sql('update app.content_version set year = year - 1')
    await t.sweep('year')
    expect(await contentVersion()).toBe(version + 1)
    const after = await t.request('GET', '/technologies', { headers: { 'if-none-match': etag } })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
    // Once a year: the next pass, and an edit, find this year already noted.
    expect((await t.sql<{ moved: boolean }>('select app.turn_of_year() as moved'))[0]!.moved).toBe(
      false,
    )
    expect(await contentVersion()).toBe(version + 1)
  })

  test('clients cannot call it', async () => {
    for (const role of ['anon', 'authenticated'])
      expect(
        (
          await t.sql<{ allowed: boolean }>(
            `select has_function_privilege($1, 'app.turn_of_year()', 'execute') as allowed`,
            [role],
          )
        )[0]!.allowed,
      ).toBe(false)
  })
})
