import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

/** `null` sends no token (a visitor). */
const createTech = (body: Record<string, unknown>, token: string | null = r.admin.token) =>
  t.request('POST', '/technologies', { token: token ?? undefined, body })

describe('technologies', () => {
  test('requires a name with the spec message and makes the icon optional', async () => {
    const empty = await createTech({ name: '' })
    expect(empty.status).toBe(400)
    expect(empty.body.errors.name).toBe('Technology name is required')
    const noIcon = await createTech({ name: 'TypeScript' })
    expect(noIcon.status).toBe(201)
    expect(noIcon.body).toEqual({
      id: expect.any(Number),
      name: 'TypeScript',
      icon: null,
      projects: [],
      evidence: {
        projectCount: 0,
        experienceCount: 0,
        certificationCount: 0,
        postCount: 0,
        firstYear: null,
        lastYear: null,
        projects: [],
        posts: [],
      },
    })
  })

  test('refuses a duplicate name whatever its case with 409', async () => {
    const res = await createTech({ name: 'typescript' })
    expect(res.status).toBe(409)
    expect(res.body).toEqual({
      statusCode: 409,
      message: 'A technology with this name already exists',
    })
    const other = (await createTech({ name: 'Rust' })).body
    const rename = await t.request('PATCH', `/technologies/${other.id}`, {
      token: r.admin.token,
      body: { name: 'TYPESCRIPT' },
    })
    expect(rename.status).toBe(409)
  })

  test('lists by name and shows visitors only the active projects using each technology', async () => {
    const tech = (await createTech({ name: 'astro', icon: 'https://cdn.example.com/astro.svg' }))
      .body
    const mk = (name: string, isActive: boolean) =>
      t.request('POST', '/projects', {
        token: r.admin.token,
        body: { name, description: 'd', isActive, technologiesIds: [tech.id] },
      })
    await mk('Shown', true)
    await mk('Draft', false)

    const visitor = await t.request('GET', '/technologies')
    expect(visitor.status).toBe(200)
    expect(visitor.body.map((x: { name: string }) => x.name)).toEqual([
      'astro',
      'Rust',
      'TypeScript',
    ])
    expect(visitor.body[0].projects.map((p: { name: string }) => p.name)).toEqual(['Shown'])

    for (const token of [r.user.token, r.admin.token]) {
      const signedIn = await t.request('GET', `/technologies/${tech.id}`, { token })
      expect(signedIn.body.projects.map((p: { name: string }) => p.name)).toEqual([
        'Draft',
        'Shown',
      ])
    }
  })

  test('projects=false lists the same technologies without their projects, and another value is a 400', async () => {
    const full = await t.request('GET', '/technologies')
    const slim = await t.request('GET', '/technologies?projects=false')
    expect(slim.status).toBe(200)
    expect(slim.body).toEqual(
      full.body.map(({ projects: _, ...rest }: { projects: unknown }) => rest),
    )
    // The evidence still counts the visitor's projects: astro has one active.
    expect(slim.body.find((x: { name: string }) => x.name === 'astro').evidence.projectCount).toBe(
      1,
    )
    expect((await t.request('GET', '/technologies?projects=true')).body).toEqual(full.body)

    const bad = await t.request('GET', '/technologies?projects=no')
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ projects: 'projects must be true or false' })
  })

  test('visitors get 401 and the user role 403 on writes; admins update and delete', async () => {
    const tech = (await createTech({ name: 'Vue' })).body
    expect((await createTech({ name: 'Svelte' }, null)).status).toBe(401)
    expect((await createTech({ name: 'Svelte' }, r.user.token)).status).toBe(403)
    expect(
      (await t.request('PATCH', `/technologies/${tech.id}`, { body: { name: 'x' } })).status,
    ).toBe(401)
    expect(
      (
        await t.request('PATCH', `/technologies/${tech.id}`, {
          token: r.user.token,
          body: { name: 'x' },
        })
      ).status,
    ).toBe(403)
    expect(
      (await t.request('DELETE', `/technologies/${tech.id}`, { token: r.user.token })).status,
    ).toBe(403)

    const renamed = await t.request('PATCH', `/technologies/${tech.id}`, {
      token: r.admin.token,
      body: { icon: 'https://x.dev/vue.svg' },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ name: 'Vue', icon: 'https://x.dev/vue.svg' })
    const cleared = await t.request('PATCH', `/technologies/${tech.id}`, {
      token: r.admin.token,
      body: { name: 'Vue.js', icon: '' },
    })
    expect(cleared.body).toMatchObject({ name: 'Vue.js', icon: null })

    expect(
      (await t.request('DELETE', `/technologies/${tech.id}`, { token: r.admin.token })).status,
    ).toBe(204)
    expect((await t.request('GET', `/technologies/${tech.id}`)).status).toBe(404)
    expect(
      (await t.request('DELETE', `/technologies/${tech.id}`, { token: r.admin.token })).status,
    ).toBe(404)
  })

  test('deleting a technology unlinks it from its projects', async () => {
    const tech = (await createTech({ name: 'jQuery' })).body
    const project = (
      await t.request('POST', '/projects', {
        token: r.admin.token,
        body: { name: 'Legacy', description: 'd', technologiesIds: [tech.id] },
      })
    ).body
    expect(project.technologies).toHaveLength(1)
    await t.request('DELETE', `/technologies/${tech.id}`, { token: r.admin.token })
    expect((await t.request('GET', `/projects/${project.id}`)).body.technologies).toEqual([])
  })
})
