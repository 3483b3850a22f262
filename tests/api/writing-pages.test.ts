// The public writing pages (docs/PRODUCT.md §26): /writing and /writing/<slug>
// rendered on the server with their heads (BlogPosting, article tags), the
// home page's Writing section and link, the sitemap, and that a draft or a
// scheduled post shows through none of them, except on its preview link,
// rendered for that caller alone and never kept. On PGlite and PostgreSQL;
// the edge function serves no pages, so the deno target skips this file.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PageRenderer } from '../../server/ssr.ts'
import { jsonLdOf, servePage, sourcePageRenderer } from '@test-support/vite-renderer.ts'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'

const SITE = 'https://jordan.example'
const CODE = '```typescript\nconst tide: number = 3\n```'

describe.skipIf(!inProcess)('the writing pages', () => {
  let t: TestContext
  let token: string
  let pages: PageRenderer
  let close: () => Promise<void>
  let rust: number
  let harbor: { id: number; name: string }
  let draft: { id: number; slug: string }
  let scheduled: { id: number; slug: string }

  const get = (url: string) => servePage(pages, url)
  const write = async (body: Record<string, unknown>) => {
    const res = await t.request('POST', '/posts', { token, body })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body as { id: number; slug: string }
  }
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()

  beforeAll(async () => {
    t = await createTestContext()
    token = (await t.registerAdmin()).token
    ;({ pages, close } = await sourcePageRenderer(t.app!, t.db!.driver, SITE))
    await t.request('POST', '/configs', {
      token,
      body: { name: 'ownerName', value: 'Jordan Avery' },
    })
    rust = (await t.request('POST', '/technologies', { token, body: { name: 'Rust' } })).body.id
    harbor = (
      await t.request('POST', '/projects', {
        token,
        body: { name: 'Harbor Maps', description: 'Ships.', isActive: true, technologiesIds: [] },
      })
    ).body
  }, 120_000)

  afterAll(async () => {
    await close?.()
    await t?.close()
  })

  test('with no public post, the home page has no Writing section or link, and /writing says so', async () => {
    draft = await write({ title: 'Secret draft', body: 'Not yet.', status: 'draft' })
    const home = await get('/')
    expect(home.status).toBe(200)
    expect(home.html).not.toContain('id="writing"')
    expect(home.html).not.toContain('href="/writing"')
    expect(home.html).not.toContain('Secret draft')
    const list = await get('/writing')
    expect(list.status).toBe(200)
    expect(list.html).toContain('No posts yet.')
  })

  test("a post's page: its body with highlighted code, head, links and neighbours", async () => {
    await write({
      title: 'First tide',
      summary: 'The older one.',
      body: 'Old.',
      status: 'published',
    })
    const post = await write({
      title: 'Reading the tides',
      summary: 'How the harbour reads its water.',
      body: `Some words here.\n\n${CODE}`,
      status: 'published',
      technologiesIds: [rust],
      projectIds: [harbor.id],
    })
    await write({ title: 'Next tide', body: 'New.', status: 'published' })
    scheduled = await write({
      title: 'Future tide',
      body: 'Later.',
      status: 'scheduled',
      publishAt: inAnHour(),
    })

    const { status, html } = await get(`/writing/${post.slug}?utm_source=x`)
    expect(status).toBe(200)
    expect(html).toContain('<title>Reading the tides | Writing</title>')
    expect(html).toContain(`<link rel="canonical" href="${SITE}/writing/${post.slug}" />`)
    expect(html).toContain('<meta property="og:type" content="article" />')
    expect(html).toMatch(
      /<meta property="article:published_time" content="\d{4}-\d\d-\d\dT[^"]+" \/>/,
    )
    expect(html).toContain('<meta property="article:tag" content="Rust" />')
    expect(html).toContain('<meta name="description" content="How the harbour reads its water." />')
    expect(html).not.toContain('<meta name="robots" content="noindex" />')
    expect(jsonLdOf(html)).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Reading the tides',
      url: `${SITE}/writing/${post.slug}`,
      author: { '@type': 'Person', name: 'Jordan Avery' },
      keywords: 'Rust',
      timeRequired: 'PT1M',
    })
    expect(jsonLdOf(html).datePublished).toMatch(/^\d{4}-/)
    // The API's HTML, highlighted on the server.
    expect(html).toContain('<code class="hljs language-typescript">')
    expect(html).toContain('<span class="hljs-keyword">const</span>')
    expect(html).toContain('1 min read')
    expect(html).toContain(`href="/projects/${harbor.id}-harbor-maps"`)
    expect(html).toContain(`href="/writing?technology=${rust}"`)
    expect(html).toMatch(/rel="prev"[^>]*>← Previous post: First tide/)
    expect(html).toMatch(/rel="next"[^>]*>Next post: Next tide →/)
    // Neither the draft nor the scheduled post is anybody's neighbour.
    expect(html).not.toContain('Future tide')
    expect(html).not.toContain('Secret draft')
  })

  test('the writing list shows public posts newest first, and a technology keeps those naming it', async () => {
    const { status, html } = await get('/writing')
    expect(status).toBe(200)
    expect(html).toContain(`<link rel="canonical" href="${SITE}/writing" />`)
    expect(jsonLdOf(html)).toMatchObject({ '@type': 'Blog' })
    const order = ['Next tide', 'Reading the tides', 'First tide'].map((title) =>
      html.indexOf(`>${title}<`),
    )
    expect(order.every((at) => at > 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(html).not.toContain('Future tide')
    expect(html).not.toContain('Secret draft')

    const filtered = await get(`/writing?technology=${rust}`)
    expect(filtered.html).toContain('Posts about Rust')
    expect(filtered.html).toContain('>Reading the tides<')
    expect(filtered.html).not.toContain('>First tide<')
  })

  test('the home page shows the latest three posts and links to /writing', async () => {
    await write({ title: 'Fourth tide', body: 'Newest.', status: 'published' })
    const { html } = await get('/')
    expect(html).toContain('id="writing"')
    expect(html).toContain('href="/writing"')
    for (const title of ['Fourth tide', 'Next tide', 'Reading the tides'])
      expect(html).toContain(`>${title}<`)
    expect(html).not.toContain('>First tide<')
    expect(html).not.toContain('Future tide')
    expect(html).not.toContain('Secret draft')
  })

  test('a draft or scheduled post is not found, in no list and not in the sitemap', async () => {
    for (const slug of [draft.slug, scheduled.slug, 'no-such-post', 'Bad_Slug']) {
      const { status, html } = await get(`/writing/${slug}`)
      expect(status, slug).toBe(404)
      expect(html, slug).toContain('Page Not Found')
      expect(html, slug).not.toContain('Secret draft')
    }
    const sitemap = (await get('/sitemap.xml')).html
    expect(sitemap).toContain(`<loc>${SITE}/writing</loc>`)
    expect(sitemap).toMatch(new RegExp(`<loc>${SITE}/writing/reading-the-tides</loc><lastmod>`))
    expect(sitemap).not.toContain(draft.slug)
    expect(sitemap).not.toContain(scheduled.slug)
    // The kept public answers the pages read hold no draft either.
    for (const path of ['/posts', '/posts?limit=3', `/posts?technology=${rust}`]) {
      const res = await t.request<{ slug: string }[]>('GET', path)
      expect(
        res.body.map((p) => p.slug),
        path,
      ).not.toContain(draft.slug)
      expect(
        res.body.map((p) => p.slug),
        path,
      ).not.toContain(scheduled.slug)
    }
  })

  test('a preview link shows the draft to its holder alone: not indexed, never kept', async () => {
    const link = await t.request('POST', `/posts/${draft.id}/preview-links`, { token, body: {} })
    expect(link.status).toBe(201)
    const { token: preview } = link.body as { token: string }
    const shown = await get(`/writing/${draft.slug}?preview=${preview}`)
    expect(shown.status).toBe(200)
    expect(shown.html).toContain('>Secret draft<')
    expect(shown.html).toContain('Preview: this post is not published yet')
    expect(shown.html).toContain('<meta name="robots" content="noindex" />')
    expect(shown.html).not.toContain('rel="canonical"')
    expect(shown.headers.get('cache-control')).toBe('private, no-store')
    expect(shown.headers.get('x-robots-tag')).toBe('noindex')
    expect(shown.headers.get('etag')).toBeNull()
    // The page without the token was not replaced by the previewed one.
    expect((await get(`/writing/${draft.slug}`)).status).toBe(404)
    // A wrong token opens nothing, and is not kept either.
    const wrong = await get(`/writing/${draft.slug}?preview=${'x'.repeat(43)}`)
    expect(wrong.status).toBe(404)
    expect(wrong.html).not.toContain('Secret draft')
    expect(wrong.headers.get('cache-control')).toBe('private, no-store')
    // A published post's page with a token is still the caller's alone.
    expect(
      (await get(`/writing/reading-the-tides?preview=${preview}`)).headers.get('etag'),
    ).toBeNull()
  })

  test('a post without a cover has its own link-preview image; a draft or scheduled post has none', async () => {
    const { html } = await get('/writing/reading-the-tides')
    const named = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!
    expect(named).toBe(`${SITE}/og/writing/reading-the-tides.png`)
    const image = await pages.serve('/og/writing/reading-the-tides.png', {})
    expect(image!.status).toBe(200)
    expect(image!.headers.get('content-type')).toBe('image/png')
    const png = new Uint8Array(await image!.arrayBuffer())
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
    for (const slug of [draft.slug, scheduled.slug, 'no-such-post']) {
      const hidden = await pages.serve(`/og/writing/${slug}.png`, {})
      expect(hidden!.status, slug).toBe(404)
    }
  })

  test('a post published after a page was kept shows at once (the content version moved)', async () => {
    expect((await get('/writing')).html).not.toContain('Late tide')
    await write({ title: 'Late tide', body: 'Now.', status: 'published' })
    expect((await get('/writing')).html).toContain('>Late tide<')
  })
})
