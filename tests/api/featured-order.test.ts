// The home page's Featured row in the owner's order (docs/PRODUCT.md §15):
// `featuredOrder` on each project, set one at a time by its writes or all at
// once by PUT /projects/featured-order (admins only), and the portfolio's own
// order (§9) unchanged. On PGlite, PostgreSQL and Deno.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'
import { sourcePageRenderer } from '@test-support/vite-renderer.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

const create = async (name: string, startYear: number, extra: Record<string, unknown> = {}) => {
  const res = await t.request('POST', '/projects', {
    token: r.admin.token,
    body: { name, description: 'd', startYear, featured: true, ...extra },
  })
  expect(res.status).toBe(201)
  return res.body as { id: number; featuredOrder: number | null }
}
const order = (projectIds: unknown, token: string | null = r.admin.token) =>
  t.request('PUT', '/projects/featured-order', { token: token ?? undefined, body: { projectIds } })
const orders = async () =>
  Object.fromEntries(
    ((await t.request('GET', '/projects')).body as { name: string; featuredOrder: number }[]).map(
      (p) => [p.name, p.featuredOrder],
    ),
  )

describe('the featured order', () => {
  test('is null unless set; a write sets or clears it; it is checked', async () => {
    const a = await create('Alpha', 2020)
    expect(a.featuredOrder).toBeNull()
    const set = await t.request('PATCH', `/projects/${a.id}`, {
      token: r.admin.token,
      body: { featuredOrder: 3 },
    })
    expect(set.body.featuredOrder).toBe(3)
    expect((await t.request('GET', `/projects/${a.id}`)).body.featuredOrder).toBe(3)
    for (const bad of [-1, 10001, 1.5, 'first']) {
      const res = await t.request('PATCH', `/projects/${a.id}`, {
        token: r.admin.token,
        body: { featuredOrder: bad },
      })
      expect(res.status, String(bad)).toBe(400)
      expect(res.body.errors.featuredOrder).toBe(
        'featuredOrder must be a whole number from 0 to 10000, or null',
      )
    }
    const b = await create('Beta', 2024, { featuredOrder: 0 })
    expect(b.featuredOrder).toBe(0)
  })

  test('PUT /projects/featured-order places the named projects and takes the others out', async () => {
    const [gamma, delta] = [await create('Gamma', 2022), await create('Delta', 2019)]
    const before = (await t.request('GET', '/projects')).body.map((p: { name: string }) => p.name)
    const version = Number(
      (await t.sql<{ v: string }>('select app.content_version()::text as v'))[0]!.v,
    )
    expect((await order([delta.id, gamma.id])).status).toBe(204)
    expect(await orders()).toMatchObject({ Delta: 0, Gamma: 1, Alpha: null, Beta: null })
    // The portfolio's order stays §9's; visitors' pages move on.
    expect((await t.request('GET', '/projects')).body.map((p: { name: string }) => p.name)).toEqual(
      before,
    )
    const after = Number(
      (await t.sql<{ v: string }>('select app.content_version()::text as v'))[0]!.v,
    )
    expect(after).toBeGreaterThan(version)
    expect((await order([])).status).toBe(204)
    expect(Object.values(await orders()).every((v) => v === null)).toBe(true)
  })

  test('refuses unknown or repeated projects, other shapes, and anyone but an admin', async () => {
    const unknown = await order([2_000_000_000])
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors.projectIds).toBe('Unknown project id: 2000000000')
    const first = (await t.request('GET', '/projects')).body[0].id
    expect((await order([first, first])).status).toBe(400)
    for (const bad of [null, 'x', [0], [1.5], Array.from({ length: 101 }, (_, i) => i + 1)])
      expect((await order(bad)).status, JSON.stringify(bad).slice(0, 20)).toBe(400)
    expect((await order([first], r.user.token)).status).toBe(403)
    expect((await order([first], null)).status).toBe(401)
  })
})

describe('the activity history', () => {
  const latest = async () =>
    (await t.request('GET', '/activity?limit=1', { token: r.admin.token })).body[0] as {
      actor: string
      action: string
      entity: string
      entityId: number
      summary: string
      changedFields: string[]
    }
  const count = async () =>
    Number((await t.sql<{ n: string }>('select count(*)::text as n from public.activity'))[0]!.n)

  test('records a new order as one readable entry, and a cleared one', async () => {
    const [east, west] = [await create('East', 2021), await create('West', 2018)]
    const before = await count()
    expect((await order([west.id, east.id])).status).toBe(204)
    // Two projects moved: one entry, not one per project.
    expect(await count()).toBe(before + 1)
    expect(await latest()).toMatchObject({
      actor: 'admin',
      action: 'update',
      entity: 'projects',
      entityId: west.id,
      summary: 'Reordered the featured projects: "West", "East"',
      changedFields: ['featured_order'],
    })
    // The same order again changes nothing, so records nothing.
    expect((await order([west.id, east.id])).status).toBe(204)
    expect(await count()).toBe(before + 1)
    expect((await order([])).status).toBe(204)
    expect(await latest()).toMatchObject({
      summary: 'Cleared the featured order',
      entityId: Math.min(east.id, west.id),
    })
    // Any other change of a project is still its own "Updated" entry.
    await t.request('PATCH', `/projects/${east.id}`, {
      token: r.admin.token,
      body: { featuredOrder: 0, description: 'Changed' },
    })
    expect(await latest()).toMatchObject({
      summary: 'Updated project "East"',
      changedFields: ['description', 'featured_order'],
    })
    expect((await order([])).status).toBe(204)
  })
})

describe('GET /projects?featured=true', () => {
  test('lists the featured projects alone, active ones for visitors, in the portfolio order', async () => {
    const plain = await t.request('POST', '/projects', {
      token: r.admin.token,
      body: { name: 'Plain', description: 'd', startYear: 2023 },
    })
    const hidden = await create('Hidden', 2023, { isActive: false })
    const names = (list: { name: string }[]) => list.map((p) => p.name)
    const visitor = await t.request('GET', '/projects?featured=true')
    expect(visitor.status).toBe(200)
    expect(names(visitor.body)).not.toContain('Plain')
    expect(names(visitor.body)).not.toContain('Hidden')
    expect(visitor.body.every((p: { featured: boolean }) => p.featured)).toBe(true)
    expect(visitor.headers.get('x-total-count')).toBe(String(visitor.body.length))
    const all = (await t.request('GET', '/projects')).body.filter(
      (p: { featured: boolean }) => p.featured,
    )
    expect(names(visitor.body)).toEqual(names(all))
    const admin = await t.request('GET', '/projects?featured=true', { token: r.admin.token })
    expect(names(admin.body)).toContain('Hidden')
    expect(plain.status).toBe(201)
    expect(hidden.featuredOrder).toBeNull()
    expect((await t.request('GET', '/projects?featured=yes')).status).toBe(400)
  })
})

describe.skipIf(!inProcess)('the home page', () => {
  test("shows the featured projects first, in a row of their own, in the owner's order", async () => {
    const ids = Object.fromEntries(
      ((await t.request('GET', '/projects')).body as { id: number; name: string }[]).map((p) => [
        p.name,
        p.id,
      ]),
    )
    expect((await order([ids.Gamma, ids.Alpha])).status).toBe(204)
    const { pages, close } = await sourcePageRenderer(t.app!, t.db!.driver, 'https://x.example')
    try {
      const html = await (await pages.serve('/', {}))!.text()
      const start = html.indexOf('<section id="featured"')
      expect(start).toBeGreaterThan(0)
      const row = html.slice(start, html.indexOf('</section>', start))
      expect(row).toContain('Featured projects')
      const names = [...row.matchAll(/<h3[^>]*><a[^>]*>([^<]+)<\/a>/g)].map((m) => m[1])
      // Gamma and Alpha in the owner's order, then the others featured, in the portfolio's order.
      expect(names.slice(0, 2)).toEqual(['Gamma', 'Alpha'])
      expect(names).not.toContain('Plain')
      expect(names).not.toContain('Hidden')
      expect(html.indexOf('id="featured"')).toBeLessThan(html.indexOf('id="portfolio"'))
    } finally {
      await close()
    }
  }, 120_000)
})
