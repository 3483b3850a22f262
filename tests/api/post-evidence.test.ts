// Posts back a skill (docs/PRODUCT.md §19, §26): a technology's evidence
// counts the public posts naming it, for whoever asks; drafts and posts
// scheduled for later count for nobody; it lists the active projects and the
// public posts, what the skill's chip opens. On PGlite, PostgreSQL and Deno.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let token: string

beforeAll(async () => {
  t = await createTestContext()
  token = (await t.registerAdmin()).token
})
afterAll(() => t.close())

test('evidence counts the public posts naming a technology, never a draft or a later one', async () => {
  const rust = (await t.request('POST', '/technologies', { token, body: { name: 'Rust' } })).body
  const post = (body: Record<string, unknown>) =>
    t.request('POST', '/posts', { token, body: { technologiesIds: [rust.id], ...body } })
  expect((await post({ title: 'One', status: 'published' })).status).toBe(201)
  expect((await post({ title: 'Two', status: 'published' })).status).toBe(201)
  expect((await post({ title: 'Draft' })).status).toBe(201)
  const later = new Date(Date.now() + 3600_000).toISOString()
  expect((await post({ title: 'Later', status: 'scheduled', publishAt: later })).status).toBe(201)
  for (const caller of [undefined, token]) {
    const one = await t.request('GET', `/technologies/${rust.id}`, { token: caller })
    expect(one.body.evidence.postCount).toBe(2)
    const list = await t.request('GET', '/technologies?projects=false', { token: caller })
    expect(list.body.find((x: { id: number }) => x.id === rust.id).evidence.postCount).toBe(2)
  }
})

test("evidence lists what a skill's chip opens: active projects by name, public posts newest first", async () => {
  const go = (await t.request('POST', '/technologies', { token, body: { name: 'Go' } })).body
  const project = async (name: string, isActive: boolean) =>
    (
      await t.request('POST', '/projects', {
        token,
        body: { name, description: 'd', isActive, technologiesIds: [go.id] },
      })
    ).body as { id: number }
  const zeta = await project('Zeta', true)
  const alpha = await project('alpha', true)
  await project('Hidden', false)
  const post = (title: string, extra: Record<string, unknown> = {}) =>
    t.request('POST', '/posts', { token, body: { title, technologiesIds: [go.id], ...extra } })
  await post('Older', { status: 'published' })
  await new Promise((resolve) => setTimeout(resolve, 5))
  await post('Newer', { status: 'published' })
  await post('Draft')
  const later = new Date(Date.now() + 3600_000).toISOString()
  await post('Later', { status: 'scheduled', publishAt: later })
  for (const caller of [undefined, token]) {
    const list = await t.request('GET', '/technologies?projects=false', { token: caller })
    const { evidence } = list.body.find((x: { id: number }) => x.id === go.id)
    expect(evidence.projects).toEqual([
      { id: alpha.id, name: 'alpha' },
      { id: zeta.id, name: 'Zeta' },
    ])
    expect(evidence.posts).toEqual([
      { slug: 'newer', title: 'Newer' },
      { slug: 'older', title: 'Older' },
    ])
    const one = await t.request('GET', `/technologies/${go.id}`, { token: caller })
    expect(one.body.evidence).toEqual(evidence)
  }
})

test("with ?lang=, a skill's posts carry their title in that language, the rest unchanged", async () => {
  const put = await t.request('PUT', '/languages', {
    token,
    body: { default: 'en', languages: ['en', 'fr'] },
  })
  expect(put.status).toBe(200)
  const elm = (await t.request('POST', '/technologies', { token, body: { name: 'Elm' } })).body
  const post = (title: string, extra: Record<string, unknown> = {}) =>
    t.request('POST', '/posts', {
      token,
      body: { title, technologiesIds: [elm.id], status: 'published', ...extra },
    })
  await post('Plain')
  await new Promise((resolve) => setTimeout(resolve, 5))
  await post('Tides', {
    translations: { fr: { title: 'Marées', summary: 'Pas dans la liste', body: 'Corps' } },
  })
  await post('Hidden', { status: 'draft', translations: { fr: { title: 'Brouillon' } } })
  const postsOf = async (path: string, caller?: string) => {
    const res = await t.request('GET', path, { token: caller })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.find((x: { id: number }) => x.id === elm.id).evidence.posts
  }
  for (const caller of [undefined, token])
    for (const path of ['/technologies?projects=false&lang=fr', '/technologies?lang=fr'])
      expect(await postsOf(path, caller)).toEqual([
        { slug: 'tides', title: 'Tides', translations: { fr: { title: 'Marées' } } },
        { slug: 'plain', title: 'Plain', translations: { fr: {} } },
      ])
  // Without lang, or in the default language: what it was, byte for byte.
  const before = await t.request('GET', '/technologies?projects=false')
  expect(await postsOf('/technologies?projects=false')).toEqual([
    { slug: 'tides', title: 'Tides' },
    { slug: 'plain', title: 'Plain' },
  ])
  const inDefault = await t.request('GET', '/technologies?projects=false&lang=en')
  expect(JSON.stringify(inDefault.body)).toBe(JSON.stringify(before.body))
  // A language that is not one, or not the site's: 400.
  expect((await t.request('GET', '/technologies?lang=english!')).status).toBe(400)
  const unknown = await t.request('GET', '/technologies?projects=false&lang=de')
  expect(unknown.status).toBe(400)
  expect(unknown.body.errors.lang).toBe('Unknown language: de')
})

test("with ?lang=, a skill's projects carry their name in that language", async () => {
  const put = await t.request('PUT', '/languages', {
    token,
    body: { default: 'en', languages: ['en', 'fr'] },
  })
  expect(put.status).toBe(200)
  const zig = (await t.request('POST', '/technologies', { token, body: { name: 'Zig' } })).body
  const project = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await t.request('POST', '/projects', {
      token,
      body: {
        name,
        description: `${name}, a project.`,
        technologiesIds: [zig.id],
        isActive: true,
        ...extra,
      },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
  }
  await project('Harbor Maps', {
    translations: { fr: { name: 'Cartes du port', description: 'Un projet.' } },
  })
  await project('Atlas')
  await project('Hidden', { isActive: false, translations: { fr: { name: 'Caché' } } })
  const projectsOf = async (path: string) => {
    const res = await t.request('GET', path)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.find((x: { id: number }) => x.id === zig.id).evidence.projects
  }
  const [atlas, harbor] = await projectsOf('/technologies?projects=false')
  expect([atlas, harbor]).toEqual([
    { id: expect.any(Number), name: 'Atlas' },
    { id: expect.any(Number), name: 'Harbor Maps' },
  ])
  for (const path of ['/technologies?projects=false&lang=fr', '/technologies?lang=fr'])
    expect(await projectsOf(path)).toEqual([
      { ...atlas, translations: { fr: {} } },
      { ...harbor, translations: { fr: { name: 'Cartes du port' } } },
    ])
})
