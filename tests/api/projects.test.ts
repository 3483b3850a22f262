import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>
const year = new Date().getFullYear()

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

const base = { name: 'Portfolio', description: 'A site about me' }
const create = (body: Record<string, unknown>) =>
  t.request('POST', '/projects', { token: r.admin.token, body })

describe('project validation (docs/PRODUCT.md §5)', () => {
  test('requires a name and a description with the spec messages', async () => {
    const res = await create({ name: ' ', description: '' })
    expect(res.status).toBe(400)
    expect(res.body.errors).toMatchObject({
      name: 'Project name is required',
      description: 'Description is required',
    })
  })

  test('accepts start years from 1990 to this year and end years up to this year + 10', async () => {
    const ok = await create({ ...base, startYear: 1990, endYear: year + 10 })
    expect(ok.status).toBe(201)
    expect(ok.body).toMatchObject({ startYear: 1990, endYear: year + 10 })
    const thisYear = await create({ ...base, startYear: year, endYear: year })
    expect(thisYear.status).toBe(201)
  })

  test.each([
    [{ startYear: 1989 }, 'startYear', `Start year must be between 1990 and ${year}`],
    [{ startYear: year + 1 }, 'startYear', `Start year must be between 1990 and ${year}`],
    [{ endYear: 1989 }, 'endYear', `End year must be between 1990 and ${year + 10}`],
    [{ endYear: year + 11 }, 'endYear', `End year must be between 1990 and ${year + 10}`],
    [{ startYear: 2020, endYear: 2019 }, 'endYear', 'End year cannot be before start year'],
    [{ startYear: 2000.5 }, 'startYear', 'Year must be a whole number'],
    [{ startYear: '2000' }, 'startYear', 'Year must be a whole number'],
  ])('refuses %j with the year rule message', async (years, field, message) => {
    const res = await create({ ...base, ...years })
    expect(res.status).toBe(400)
    expect(res.body.errors[field]).toBe(message)
  })

  test('stores empty years as null and leaves optional links empty', async () => {
    const res = await create({
      ...base,
      startYear: null,
      endYear: null,
      liveUrl: '',
      githubUrl: null,
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      startYear: null,
      endYear: null,
      liveUrl: null,
      githubUrl: null,
      thumbnail: null,
      images: [],
      isActive: true,
    })
    const omitted = await create(base)
    expect(omitted.body).toMatchObject({ startYear: null, endYear: null })
  })

  test('refuses links that are not http(s) and technology ids that do not exist', async () => {
    const js = await create({ ...base, liveUrl: 'javascript:alert(1)' })
    expect(js.status).toBe(400)
    expect(js.body.errors.liveUrl).toBe('Please enter a valid http(s) URL')
    const unknown = await create({ ...base, technologiesIds: [987654] })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toBe('Unknown technology id: 987654')
    const wrongType = await create({ ...base, technologiesIds: ['one'] })
    expect(wrongType.status).toBe(400)
  })

  test('strips unknown fields instead of failing', async () => {
    const res = await create({ ...base, id: 999, createdAt: 'x', hacker: true })
    expect(res.status).toBe(201)
    expect(res.body.id).not.toBe(999)
    expect(res.body).not.toHaveProperty('hacker')
  })
})

describe('project listing and visibility', () => {
  let ids: Record<string, number>
  beforeAll(async () => {
    const fresh = await createTestContext()
    await t.close()
    t = fresh
    r = await t.roles()
    const react = await t.request('POST', '/technologies', {
      token: r.admin.token,
      body: { name: 'React' },
    })
    const css = await t.request('POST', '/technologies', {
      token: r.admin.token,
      body: { name: 'css' },
    })
    const make = async (name: string, startYear: number | null, isActive = true) =>
      (
        await create({
          ...base,
          name,
          startYear,
          isActive,
          technologiesIds: [react.body.id, css.body.id],
        })
      ).body.id as number
    ids = {
      old: await make('Old', 2001),
      undated: await make('Undated', null),
      recent: await make('Recent', 2024),
      hidden: await make('Hidden', 2025, false),
      alsoRecent: await make('Also recent', 2024),
    }
  })

  test('lists active projects first, then by start year descending with none as 0, then by id', async () => {
    const res = await t.request('GET', '/projects', { token: r.admin.token })
    expect(res.status).toBe(200)
    expect(res.body.map((p: { name: string }) => p.name)).toEqual([
      'Recent',
      'Also recent',
      'Old',
      'Undated',
      'Hidden',
    ])
  })

  test('hides inactive projects from visitors but shows them to the user role and admins', async () => {
    const visitor = await t.request('GET', '/projects')
    expect(visitor.body.map((p: { name: string }) => p.name)).toEqual([
      'Recent',
      'Also recent',
      'Old',
      'Undated',
    ])
    expect((await t.request('GET', `/projects/${ids.hidden}`)).status).toBe(404)
    expect(
      (await t.request('GET', `/projects/${ids.hidden}`, { token: r.user.token })).status,
    ).toBe(200)
    const asUser = await t.request('GET', '/projects', { token: r.user.token })
    expect(asUser.body).toHaveLength(5)
  })

  test('answers a project in camelCase with its technologies sorted by name', async () => {
    const res = await t.request('GET', `/projects/${ids.recent}`)
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'createdAt',
        'description',
        'descriptionHtml',
        'endYear',
        'featured',
        'featuredOrder',
        'github',
        'githubUrl',
        'id',
        'imageDetails',
        'images',
        'isActive',
        'liveUrl',
        'name',
        'startYear',
        'technologies',
        'thumbnail',
        'updatedAt',
      ].sort(),
    )
    expect(res.body.technologies.map((x: { name: string }) => x.name)).toEqual(['css', 'React'])
    expect(res.body.technologies[0]).toEqual({ id: expect.any(Number), name: 'css', icon: null })
    expect(res.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    // Not imported from GitHub (tests/api/github.test.ts).
    expect(res.body.github).toBeNull()
  })

  test('answers 404 for ids that cannot exist, never a 500', async () => {
    for (const id of ['abc', '99999999999', '0', '-1', '1.5', '424242']) {
      const res = await t.request('GET', `/projects/${id}`, { token: r.admin.token })
      expect(res.status, id).toBe(404)
    }
  })
})

describe('project writes by role', () => {
  test('visitors get 401 and the user role 403 on create, update and delete; nothing changes', async () => {
    const existing = (await create({ ...base, name: 'Keep me' })).body
    for (const [token, status] of [
      [undefined, 401],
      [r.user.token, 403],
    ] as const) {
      expect((await t.request('POST', '/projects', { token, body: base })).status).toBe(status)
      expect(
        (await t.request('PATCH', `/projects/${existing.id}`, { token, body: { name: 'Changed' } }))
          .status,
      ).toBe(status)
      expect((await t.request('DELETE', `/projects/${existing.id}`, { token })).status).toBe(status)
    }
    expect((await t.request('GET', `/projects/${existing.id}`)).body.name).toBe('Keep me')
  })

  test('an admin updates part of a project, keeping the other fields and the year rules', async () => {
    const tech = (
      await t.request('POST', '/technologies', { token: r.admin.token, body: { name: 'Go' } })
    ).body
    const created = (
      await create({
        ...base,
        name: 'Partial',
        startYear: 2020,
        liveUrl: 'https://example.com',
        technologiesIds: [tech.id],
      })
    ).body
    const patched = await t.request('PATCH', `/projects/${created.id}`, {
      token: r.admin.token,
      body: { isActive: false },
    })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({
      name: 'Partial',
      startYear: 2020,
      liveUrl: 'https://example.com',
      isActive: false,
    })
    expect(patched.body.technologies.map((x: { id: number }) => x.id)).toEqual([tech.id])

    const before = await t.request('PATCH', `/projects/${created.id}`, {
      token: r.admin.token,
      body: { endYear: 2019 },
    })
    expect(before.status).toBe(400)
    expect(before.body.errors.endYear).toBe('End year cannot be before start year')

    const full = await t.request('PATCH', `/projects/${created.id}`, {
      token: r.admin.token,
      body: {
        ...base,
        name: 'Renamed',
        startYear: null,
        endYear: null,
        liveUrl: '',
        technologiesIds: [],
      },
    })
    expect(full.status).toBe(200)
    expect(full.body).toMatchObject({
      name: 'Renamed',
      startYear: null,
      liveUrl: null,
      technologies: [],
    })
  })

  test('deleting a project answers 204 and then 404', async () => {
    const created = (await create({ ...base, name: 'Doomed' })).body
    expect(
      (await t.request('DELETE', `/projects/${created.id}`, { token: r.admin.token })).status,
    ).toBe(204)
    expect(
      (await t.request('DELETE', `/projects/${created.id}`, { token: r.admin.token })).status,
    ).toBe(404)
    expect(
      (
        await t.request('PATCH', `/projects/${created.id}`, {
          token: r.admin.token,
          body: { name: 'x' },
        })
      ).status,
    ).toBe(404)
  })

  test('the database itself refuses an end year before the start year, whoever writes', async () => {
    const created = await t.request('POST', '/projects', {
      token: r.admin.token,
      body: { ...base, name: 'Years rule', startYear: 2022, endYear: 2023 },
    })
    expect(created.status).toBe(201)
    // Straight to the table as the database owner: no route, no zod.
    const refused = await t
      .sql('update public.projects set end_year = 2020 where id = $1', [created.body.id])
      .then(
        () => null,
        (error: { code?: string; constraint?: string; constraint_name?: string }) => error,
      )
    expect(refused?.code).toBe('23514')
    expect(refused?.constraint ?? refused?.constraint_name).toBe(
      'projects_end_year_not_before_start',
    )
    const [row] = await t.sql<{ end_year: number }>(
      'select end_year from public.projects where id = $1',
      [created.body.id],
    )
    expect(row?.end_year).toBe(2023)
  })
})

describe('a featured project', () => {
  test('is not featured unless marked; the mark is set, kept and cleared like any field', async () => {
    const plain = await create(base)
    expect(plain.status).toBe(201)
    expect(plain.body.featured).toBe(false)

    const marked = await create({ ...base, name: 'Marked', featured: true })
    expect(marked.status).toBe(201)
    expect(marked.body.featured).toBe(true)
    const id = marked.body.id as number

    // A change of another field keeps the mark; visitors see it on the list and the page.
    const renamed = await t.request('PATCH', `/projects/${id}`, {
      token: r.admin.token,
      body: { name: 'Marked again' },
    })
    expect(renamed.body.featured).toBe(true)
    const list = await t.request<{ id: number; featured: boolean }[]>('GET', '/projects')
    expect(list.body.find((p) => p.id === id)?.featured).toBe(true)
    expect((await t.request('GET', `/projects/${id}`)).body.featured).toBe(true)

    const cleared = await t.request('PATCH', `/projects/${id}`, {
      token: r.admin.token,
      body: { featured: false },
    })
    expect(cleared.status).toBe(200)
    expect(cleared.body.featured).toBe(false)
  })

  test('refuses a mark that is not true or false', async () => {
    const res = await create({ ...base, featured: 'yes' })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.errors)).toEqual(['featured'])
  })
})
