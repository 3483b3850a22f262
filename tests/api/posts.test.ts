// Posts (docs/PRODUCT.md §26): admin writes, visitors read public posts only
// (through every read), slugs, Markdown rendered on the server, scheduled
// publishing claimed in the database, preview links for drafts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { strFromU8 } from 'fflate'
import { Hono } from 'hono'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'
import { schedulePass } from '../../supabase/functions/_shared/api/resources/posts/schedule.ts'
import type { AppEnv } from '../../supabase/functions/_shared/context.ts'
import { httpCache } from '../../supabase/functions/_shared/http/http-cache.ts'
import { archiveForm, unzip } from '@test-support/backup-fixtures.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

const create = (body: Record<string, unknown>, token: string | null = r.admin.token) =>
  t.request('POST', '/posts', { token: token ?? undefined, body })
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString()
const version = async () =>
  Number((await t.sql<{ v: string }>('select app.content_version()::text as v'))[0]!.v)

describe('posts', () => {
  test('admins write; the slug comes from the title, unique; the body is rendered', async () => {
    const first = await create({
      title: 'Hello, Wörld!',
      body: '# Hi\n\n<script>x</script>',
      status: 'published',
    })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({
      title: 'Hello, Wörld!',
      slug: 'hello-world',
      status: 'published',
      technologies: [],
      projects: [],
    })
    expect(first.body.publishedAt).toEqual(expect.any(String))
    expect(first.body.bodyHtml).toContain('<h1')
    expect(first.body.bodyHtml).not.toContain('<script>')
    const second = await create({ title: 'Hello world' })
    expect(second.body.slug).toBe('hello-world-2')
    expect(second.body.status).toBe('draft')
    expect(second.body.publishedAt).toBeNull()
    const taken = await create({ title: 'Other', slug: 'hello-world' })
    expect(taken.status).toBe(409)
    expect((await create({ title: 'Bad', slug: 'Not A Slug' })).status).toBe(400)
    expect((await create({ title: 'X' }, r.user.token)).status).toBe(403)
    expect((await create({ title: 'X' }, null)).status).toBe(401)
    const long = await create({ title: 'Long', body: 'a'.repeat(100_001) })
    expect(long.status).toBe(400)
  })

  test('a schedule needs a moment in the future', async () => {
    expect((await create({ title: 'S', status: 'scheduled' })).status).toBe(400)
    const past = await create({
      title: 'S',
      status: 'scheduled',
      publishAt: '2020-01-01T00:00:00Z',
    })
    expect(past.status).toBe(400)
    expect(past.body.errors.publishAt).toBe('publishAt must be in the future')
    const draft = await create({ title: 'Later' })
    const res = await t.request('PATCH', `/posts/${draft.body.id}`, {
      token: r.admin.token,
      body: { status: 'scheduled' },
    })
    expect(res.status).toBe(400)
  })

  test('visitors never see a draft or a future schedule, through any read', async () => {
    const tech = await t.request('POST', '/technologies', {
      token: r.admin.token,
      body: { name: 'SecretTech' },
    })
    const techId = tech.body.id as number
    const draft = await create({ title: 'Draft secret', technologiesIds: [techId] })
    const later = await create({
      title: 'Scheduled secret',
      status: 'scheduled',
      publishAt: inAnHour(),
      technologiesIds: [techId],
    })
    const shown = await create({
      title: 'Shown post',
      status: 'published',
      technologiesIds: [techId],
    })
    for (const hidden of [draft.body, later.body]) {
      expect((await t.request('GET', `/posts/${hidden.id}`)).status).toBe(404)
      expect((await t.request('GET', `/posts/slug/${hidden.slug}`)).status).toBe(404)
    }
    const list = await t.request('GET', '/posts')
    const titles = (list.body as { title: string }[]).map((p) => p.title)
    expect(titles).toContain('Shown post')
    expect(titles.join()).not.toContain('secret')
    const byTech = await t.request('GET', `/posts?technology=${techId}`)
    expect(byTech.body.map((p: { id: number }) => p.id)).toEqual([shown.body.id])
    expect(byTech.headers.get('X-Total-Count')).toBe('1')
    expect(byTech.body[0]).not.toHaveProperty('body')
    expect(byTech.body[0]).not.toHaveProperty('translations')
    // The résumé lists public posts as publications, whoever asks.
    for (const token of [undefined, r.admin.token]) {
      const resume = await t.request('GET', '/resume.json', { token })
      expect(JSON.stringify(resume.body)).not.toContain('secret')
      expect(resume.body.publications.map((p: { name: string }) => p.name)).toContain('Shown post')
    }
    // Accounts read all of them.
    const all = await t.request('GET', `/posts?technology=${techId}`, { token: r.user.token })
    expect(all.body).toHaveLength(3)
    expect(
      (await t.request('GET', `/posts/${draft.body.id}`, { token: r.user.token })).status,
    ).toBe(200)
  })

  test('pages newest first with a cursor', async () => {
    const list = await t.request('GET', '/posts?limit=1', { token: r.admin.token })
    expect(list.body).toHaveLength(1)
    const total = Number(list.headers.get('X-Total-Count'))
    const seen = [list.body[0].id]
    let cursor = list.headers.get('X-Next-Cursor')
    while (cursor) {
      const next = await t.request('GET', `/posts?limit=2&cursor=${cursor}`, {
        token: r.admin.token,
      })
      seen.push(...next.body.map((p: { id: number }) => p.id))
      cursor = next.headers.get('X-Next-Cursor')
    }
    expect(seen).toHaveLength(total)
    expect(new Set(seen).size).toBe(total)
    expect((await t.request('GET', '/posts?cursor=x&limit=1')).status).toBe(400)
  })

  test("a post's read by slug names the public posts on either side; a draft has none", async () => {
    for (const title of ['Neighbour one', 'Neighbour two', 'Neighbour three'])
      await create({ title, status: 'published' })
    const draft = await create({ title: 'Neighbour draft' })
    const list = (await t.request('GET', '/posts')).body as { slug: string; title: string }[]
    expect(list.length).toBeGreaterThanOrEqual(3)
    const near = (index: number) =>
      index >= 0 && index < list.length
        ? { slug: list[index]!.slug, title: list[index]!.title }
        : null
    for (const [index, card] of list.entries()) {
      // Newest first: the older post comes after it in the list, the newer before.
      const page = await t.request('GET', `/posts/slug/${card.slug}`)
      expect(page.status).toBe(200)
      expect({ older: page.body.older, newer: page.body.newer }, card.slug).toEqual({
        older: near(index + 1),
        newer: near(index - 1),
      })
    }
    const own = await t.request('GET', `/posts/slug/${draft.body.slug}`, { token: r.admin.token })
    expect(own.status).toBe(200)
    expect({ older: own.body.older, newer: own.body.newer }).toEqual({ older: null, newer: null })
    // A signed-in caller's neighbours are the public ones too, with every language's titles.
    const signedIn = await t.request('GET', `/posts/slug/${list[0]!.slug}`, {
      token: r.admin.token,
    })
    expect(signedIn.body.older).toEqual({ ...near(1), translations: {} })
  })

  test('a scheduled post publishes itself at its moment and moves the content version', async () => {
    // The server's own pass (asked on requests and by a timer) is held off
    // here, so this test makes the step itself.
    await t.sql(`insert into app.periodic_jobs (name, last_run) values ('scheduled_posts', now() + interval '1 day')
                 on conflict (name) do update set last_run = excluded.last_run`)
    const post = await create({ title: 'Timed post', status: 'scheduled', publishAt: inAnHour() })
    const id = post.body.id as number
    expect((await t.request('GET', `/posts/${id}`)).status).toBe(404)
    // Its moment comes (the owner may move it; a client may not).
    await t.sql(`update public.posts set publish_at = now() - interval '2 seconds' where id = $1`, [
      id,
    ])
    const seen = await t.request('GET', `/posts/${id}`)
    expect(seen.status).toBe(200)
    expect(seen.body.status).toBe('published')
    const before = await version()
    const [pass] = await t.sql<{ n: number }>('select app.publish_due_posts() as n')
    expect(Number(pass!.n)).toBe(1)
    expect(await version()).toBeGreaterThan(before)
    const [row] = await t.sql<{ status: string; same: boolean }>(
      'select status, published_at = publish_at as same from public.posts where id = $1',
      [id],
    )
    expect(row).toEqual({ status: 'published', same: true })
    const [again] = await t.sql<{ n: number }>('select app.publish_due_posts() as n')
    expect(Number(again!.n)).toBe(0)
    // The claim: once a period, whoever asks.
    await t.sql(
      `update app.periodic_jobs set last_run = '-infinity' where name = 'scheduled_posts'`,
    )
    const claims = await t.sql<{ c: boolean }>(
      `select app.claim_periodic('scheduled_posts', interval '30 seconds') as c
       union all select app.claim_periodic('scheduled_posts', interval '30 seconds')`,
    )
    expect(claims.filter((c) => c.c).length).toBeLessThanOrEqual(1)
    expect(claims.filter((c) => !c.c).length).toBeGreaterThanOrEqual(1)
    const activity = await t.request('GET', '/activity', { token: r.admin.token })
    expect(JSON.stringify(activity.body)).toContain('post \\"Timed post\\"')
  })

  test('a preview link shows a draft to anyone holding it, privately, until revoked', async () => {
    const draft = await create({ title: 'Preview me', body: 'Draft **text**' })
    const { id, slug } = draft.body
    expect(
      (await t.request('POST', `/posts/${id}/preview-links`, { token: r.user.token })).status,
    ).toBe(403)
    const link = await t.request('POST', `/posts/${id}/preview-links`, { token: r.admin.token })
    expect(link.status).toBe(201)
    expect(link.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(link.body.url).toMatch(new RegExp(`/writing/${slug}\\?preview=${link.body.token}$`))
    expect(Date.parse(link.body.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86400_000)
    const [stored] = await t.sql<{ token_hash: string }>(
      'select token_hash from public.post_preview_links where post_id = $1',
      [id],
    )
    expect(stored!.token_hash).not.toContain(link.body.token)
    const seen = await t.request('GET', `/posts/slug/${slug}?preview=${link.body.token}`)
    expect(seen.status).toBe(200)
    expect(seen.body.bodyHtml).toContain('<strong>text</strong>')
    expect(seen.headers.get('Cache-Control')).toBe('private, no-store')
    expect(seen.headers.get('X-Robots-Tag')).toBe('noindex')
    // Not kept: the plain read is still a 404, and a wrong token opens nothing.
    expect((await t.request('GET', `/posts/slug/${slug}`)).status).toBe(404)
    const wrong = 'A'.repeat(43)
    expect((await t.request('GET', `/posts/slug/${slug}?preview=${wrong}`)).status).toBe(404)
    expect((await t.request('GET', `/posts/${id}`)).status).toBe(404)
    // An expired link opens nothing.
    await t.sql(
      `update public.post_preview_links set expires_at = now() - interval '1 second' where post_id = $1`,
      [id],
    )
    expect((await t.request('GET', `/posts/slug/${slug}?preview=${link.body.token}`)).status).toBe(
      404,
    )
    const fresh = await t.request('POST', `/posts/${id}/preview-links`, { token: r.admin.token })
    expect((await t.request('GET', `/posts/slug/${slug}?preview=${fresh.body.token}`)).status).toBe(
      200,
    )
    const revoked = await t.request('DELETE', `/posts/${id}/preview-links`, {
      token: r.admin.token,
    })
    expect(revoked.status).toBe(204)
    expect((await t.request('GET', `/posts/slug/${slug}?preview=${fresh.body.token}`)).status).toBe(
      404,
    )
  })

  test('optimistic concurrency, translations, projects and delete', async () => {
    const project = await t.request('POST', '/projects', {
      token: r.admin.token,
      body: { name: 'Proj', description: 'D' },
    })
    const languages = await t.request('PUT', '/languages', {
      token: r.admin.token,
      body: { default: 'en', languages: ['en', 'fr'] },
    })
    expect(languages.status).toBe(200)
    const created = await create({
      title: 'Editable',
      projectIds: [project.body.id],
      translations: { fr: { title: 'Modifiable', body: 'x'.repeat(20_000) } },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.projects).toEqual([{ id: project.body.id, name: 'Proj' }])
    expect(created.body.translations.fr.title).toBe('Modifiable')
    const read = await t.request('GET', `/posts/${created.body.id}`, { token: r.admin.token })
    const etag = read.headers.get('ETag')!
    const ok = await t.request('PATCH', `/posts/${created.body.id}`, {
      token: r.admin.token,
      body: { summary: 'New' },
      headers: { 'If-Match': etag },
    })
    expect(ok.status).toBe(200)
    expect(ok.body.slug).toBe('editable')
    const stale = await t.request('PATCH', `/posts/${created.body.id}`, {
      token: r.admin.token,
      body: { summary: 'Old' },
      headers: { 'If-Match': etag },
    })
    expect(stale.status).toBe(412)
    const unknown = await t.request('PATCH', `/posts/${created.body.id}`, {
      token: r.admin.token,
      body: { projectIds: [999999] },
    })
    expect(unknown.status).toBe(400)
    const gone = await t.request('DELETE', `/posts/${created.body.id}`, { token: r.admin.token })
    expect(gone.status).toBe(204)
    expect(
      (await t.request('GET', `/posts/${created.body.id}`, { token: r.admin.token })).status,
    ).toBe(404)
  })

  test('a backup holds the posts and a restore brings them back, projects linked again', async () => {
    const project = await t.request('POST', '/projects', {
      token: r.admin.token,
      body: { name: 'Linked', description: 'D' },
    })
    await create({ title: 'Backed up', status: 'published', projectIds: [project.body.id] })
    const taken = await t.request<Uint8Array>('GET', '/backup', {
      token: r.admin.token,
      binary: true,
    })
    expect(taken.status).toBe(200)
    const content = JSON.parse(strFromU8(unzip(taken.body)['content.json']!))
    const titles = (p: { title: string }[]) => p.map((x) => x.title).sort()
    const before = await t.request('GET', '/posts', { token: r.admin.token })
    expect(titles(content.posts)).toEqual(titles(before.body))
    const restored = await t.request('POST', '/backup', {
      token: r.admin.token,
      rawBody: archiveForm(taken.body),
    })
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    expect(restored.body.posts).toBe(before.body.length)
    const after = await t.request('GET', '/posts', { token: r.admin.token })
    const strip = (p: Record<string, unknown>[]) =>
      p
        .map(({ title, slug, status, publishedAt, projects }) => ({
          title,
          slug,
          status,
          publishedAt,
          projects: (projects as { name: string }[]).map((x) => x.name),
        }))
        .sort((a, b) => String(a.slug).localeCompare(String(b.slug)))
    expect(strip(after.body)).toEqual(strip(before.body))
    expect(strip(after.body).find((p) => p.title === 'Backed up')!.projects).toEqual(['Linked'])
  })

  // The server's own pass, in this process (the Deno target runs it on its requests).
  test.skipIf(!inProcess)(
    'the pass asks at most every period and publishes what is due',
    async () => {
      await t.sql(
        `update app.periodic_jobs set last_run = '-infinity' where name = 'scheduled_posts'`,
      )
      const post = await create({
        title: 'Passed post',
        status: 'scheduled',
        publishAt: inAnHour(),
      })
      await t.sql(
        `update public.posts set publish_at = now() - interval '1 second' where id = $1`,
        [post.body.id],
      )
      let clock = 1_000_000
      const pass = schedulePass(t.db!.driver, { now: () => clock })
      await pass.runIfDue()
      expect(pass.runIfDue()).toBeNull()
      const [row] = await t.sql<{ status: string }>(
        'select status from public.posts where id = $1',
        [post.body.id],
      )
      expect(row!.status).toBe('published')
      // Asked again after its interval, the claim answers no within the period.
      clock += 20_000
      const again = pass.runIfDue()
      expect(again).not.toBeNull()
      await again
    },
  )
})

// A preview's answer says no-store: the kept public answers never hold it,
// should its resource become one of the public reads (http-cache.ts).
test('an answer its route marks no-store is never kept', async () => {
  let reads = 0
  const app = new Hono<AppEnv>()
    .use('*', httpCache({ versions: { current: async () => '7' } }))
    .get('/api/projects', (c) => {
      reads++
      c.get('onContentVersion')?.('7')
      return c.json({ reads }, 200, { 'Cache-Control': 'private, no-store' })
    })
  for (const n of [1, 2]) {
    const res = await app.request('/api/projects')
    expect(await res.json()).toEqual({ reads: n })
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
  }
})

describe("a signed-in list's cards", () => {
  test('say whether the body has text, which visitors are not told', async () => {
    const full = await create({ title: 'Has a body', body: 'Words', status: 'published' })
    const blank = await create({ title: 'Body of spaces', body: ' \n\t ', status: 'published' })
    const cards = (await t.request('GET', '/posts', { token: r.user.token })).body as {
      id: number
      hasBody?: boolean
    }[]
    const card = (id: number) => cards.find((c) => c.id === id)
    expect(card(full.body.id)?.hasBody).toBe(true)
    expect(card(blank.body.id)?.hasBody).toBe(false)
    const page = await t.request('GET', '/posts?limit=50', { token: r.admin.token })
    expect(page.body.find((c: { id: number }) => c.id === blank.body.id)).toHaveProperty(
      'hasBody',
      false,
    )
    const visitors = (await t.request('GET', '/posts')).body as object[]
    expect(visitors.length).toBeGreaterThan(0)
    for (const c of visitors) expect(c).not.toHaveProperty('hasBody')
  })
})
