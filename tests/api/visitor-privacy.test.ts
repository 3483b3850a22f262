// Nothing a visitor can read reveals an inactive project (docs/PRODUCT.md §11):
// not its name or id, not a count that includes it, not through a technology,
// an image URL or a configuration. Technologies themselves stay public: the
// Skills grid lists every one, even one only a hidden project uses.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  createTestContext,
  imageForm,
  tinyPng,
  type TestContext,
} from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

const HIDDEN = 'Secret draft zq7'
let shared: { id: number }
let onlyHidden: { id: number }
let shown: { id: number }
let hidden: { id: number; thumbnail: string; images: string[] }

const admin = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { token: r.admin.token, body })
const upload = async () =>
  (await t.request('POST', '/uploads/image', { token: r.admin.token, rawBody: imageForm(tinyPng) }))
    .body.url as string
/** The stored object's name: what any copy of the URL would contain. */
const objectName = (url: string) => url.slice(url.lastIndexOf('/') + 1)

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
  shared = (await admin('POST', '/technologies', { name: 'Shared tech' })).body
  onlyHidden = (await admin('POST', '/technologies', { name: 'Draft-only tech' })).body
  shown = (
    await admin('POST', '/projects', {
      name: 'Public work',
      description: 'd',
      technologiesIds: [shared.id],
    })
  ).body
  hidden = (
    await admin('POST', '/projects', {
      name: HIDDEN,
      description: 'not yet',
      isActive: false,
      startYear: 2024,
      thumbnail: await upload(),
      images: [await upload()],
      technologiesIds: [shared.id, onlyHidden.id],
    })
  ).body
  await admin('POST', '/configs', { name: 'heroTitle1', value: 'FULL STACK' })
  await admin('POST', '/certifications', {
    name: 'Cloud',
    icon: '☁️',
    obtainedDate: '2024-01-01',
  })
})
afterAll(() => t.close())

/** Every public read of the contract, as a visitor sends it. */
const PUBLIC_READS = () => [
  '/projects',
  `/projects/${shown.id}`,
  '/projects?limit=10',
  `/projects?limit=1&cursor=1.0.${shown.id}`,
  `/projects?technologyId=${shared.id}`,
  `/projects?technologyId=${onlyHidden.id}`,
  `/projects?limit=5&technologyId=${onlyHidden.id}`,
  '/technologies',
  `/technologies/${shared.id}`,
  `/technologies/${onlyHidden.id}`,
  '/certifications',
  '/configs',
  '/configs/all-as-object',
  '/configs/name/heroTitle1',
  '/configs/value/heroTitle1',
]

describe('what visitors can read', () => {
  test('no public read names the hidden project, its id or its images', async () => {
    const secrets = [HIDDEN, 'not yet', objectName(hidden.thumbnail), objectName(hidden.images[0]!)]
    /** The ids of the projects an answer shows, wherever they sit in it. */
    const projectIds = (path: string, body: unknown): number[] => {
      const items = (Array.isArray(body) ? body : [body]) as Record<string, unknown>[]
      if (path.startsWith('/projects')) return items.map((p) => p.id as number)
      if (path.startsWith('/technologies'))
        return items.flatMap((tech) => (tech.projects as { id: number }[]).map((p) => p.id))
      return []
    }
    for (const path of PUBLIC_READS()) {
      const res = await t.request('GET', path)
      expect(res.status, path).toBe(200)
      const text = `${JSON.stringify(res.body)} ${JSON.stringify([...res.headers])}`
      for (const secret of secrets) expect(text, `${path} reveals ${secret}`).not.toContain(secret)
      expect(projectIds(path, res.body), path).not.toContain(hidden.id)
    }
    // The test can fail: a signed-in reader does see all of it.
    const signedIn = await t.request('GET', '/technologies', { token: r.user.token })
    expect(JSON.stringify(signedIn.body)).toContain(HIDDEN)
  })

  test('technologies stay public, listing only their active projects', async () => {
    const list = await t.request('GET', '/technologies')
    // The evidence counts only what visitors may see: the hidden project adds nothing.
    const evidence = (projectCount: number) =>
      expect.objectContaining({
        projectCount,
        experienceCount: 0,
        certificationCount: 0,
        projects: [{ id: shown.id, name: 'Public work' }],
      })
    const none = {
      projectCount: 0,
      experienceCount: 0,
      certificationCount: 0,
      postCount: 0,
      firstYear: null,
      lastYear: null,
      projects: [],
      posts: [],
    }
    expect(list.body).toEqual([
      {
        id: onlyHidden.id,
        name: 'Draft-only tech',
        icon: null,
        projects: [],
        evidence: none,
      },
      {
        id: shared.id,
        name: 'Shared tech',
        icon: null,
        projects: [{ id: shown.id, name: 'Public work' }],
        evidence: evidence(1),
      },
    ])
    const one = await t.request('GET', `/technologies/${onlyHidden.id}`)
    expect(one.body.projects).toEqual([])
  })

  test('counts leave it out: the page total and the projects of a technology', async () => {
    const page = await t.request('GET', '/projects?limit=10')
    expect(page.headers.get('x-total-count')).toBe('1')
    expect(page.headers.get('x-next-cursor')).toBeNull()
    const draftOnly = await t.request('GET', `/projects?limit=5&technologyId=${onlyHidden.id}`)
    expect(draftOnly.body).toEqual([])
    expect(draftOnly.headers.get('x-total-count')).toBe('0')
    const whole = await t.request('GET', '/projects')
    expect(whole.body.map((p: { id: number }) => p.id)).toEqual([shown.id])
    // A cursor into the inactive part of the order finds nothing either.
    const after = await t.request('GET', `/projects?limit=5&cursor=0.9999.1`)
    expect(after.body).toEqual([])
  })

  test('asking for it by id answers exactly what an id that never existed answers', async () => {
    const missing = await t.request('GET', '/projects/999999')
    const asked = await t.request('GET', `/projects/${hidden.id}`)
    expect(asked.status).toBe(404)
    expect(asked.body).toEqual(missing.body)
    expect(asked.headers.get('etag')).toBe(missing.headers.get('etag'))
    expect(asked.headers.get('cache-control')).toBe(missing.headers.get('cache-control'))
  })

  test('editing the hidden project, its links or a hidden certification leaves every public ETag as it was', async () => {
    const tags = async () =>
      Promise.all(
        PUBLIC_READS().map(async (path) => (await t.request('GET', path)).headers.get('etag')),
      )
    const before = await tags()
    expect(before.every(Boolean)).toBe(true)
    expect(
      (
        await admin('PATCH', `/projects/${hidden.id}`, {
          name: `${HIDDEN} v2`,
          technologiesIds: [shared.id],
        })
      ).status,
    ).toBe(200)
    const draft = await admin('POST', '/certifications', {
      name: 'Draft cert',
      icon: '⭐',
      obtainedDate: '2024-02-01',
      isActive: false,
    })
    expect(draft.status).toBe(201)
    expect(await tags()).toEqual(before)
    // A change visitors do see moves them on.
    expect((await admin('PATCH', `/projects/${shown.id}`, { name: 'Public work 2' })).status).toBe(
      200,
    )
    expect((await tags())[0]).not.toBe(before[0])
  })
})
