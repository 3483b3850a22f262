// The feeds of the published posts (docs/PRODUCT.md §26): /feed.xml (Atom 1.0)
// and /rss.xml (RSS 2.0), parsed and checked against what each format
// requires, newest first, whole bodies escaped, absolute addresses, one
// technology's feed, drafts and later schedules never in them, kept per
// content version. Served by the page renderer of `npm start`, so on PGlite
// and PostgreSQL; the edge function serves no pages (the deno target skips it).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PageRenderer } from '../../server/ssr.ts'
import { sourcePageRenderer } from '@test-support/vite-renderer.ts'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'
import { checkAtom, checkRss, parseXml } from '@test-support/feed-check.ts'

const SITE = 'https://jordan.example'

describe.skipIf(!inProcess)('feeds', () => {
  let t: TestContext
  let token: string
  let pages: PageRenderer
  let close: () => Promise<void>
  let rust: number
  let go: number
  let draft: number

  const get = async (url: string, headers: { ifNoneMatch?: string } = {}) => {
    const response = await pages.serve(url, headers)
    if (!response) throw new Error(`no answer for ${url}`)
    return { status: response.status, headers: response.headers, text: await response.text() }
  }
  const post = async (body: Record<string, unknown>) => {
    const created = await t.request('POST', '/posts', { token, body })
    expect(created.status).toBe(201)
    return created.body as { id: number; slug: string }
  }

  beforeAll(async () => {
    t = await createTestContext()
    token = (await t.registerAdmin()).token
    ;({ pages, close } = await sourcePageRenderer(t.app!, t.db!.driver, SITE))
    await t.request('POST', '/configs', {
      token,
      body: { name: 'ownerName', value: 'Jordan & Co' },
    })
    rust = (await t.request('POST', '/technologies', { token, body: { name: 'Rust' } })).body.id
    go = (await t.request('POST', '/technologies', { token, body: { name: 'Go' } })).body.id
    await post({
      title: 'Ownership <explained>',
      summary: 'Borrowing & lifetimes',
      body: '# Borrowing\n\nSee [the part](#borrowing) and ![a diagram](/storage/v1/object/public/images/d.png).\n\n<script>alert(1)</script> & more\u0007',
      technologiesIds: [rust],
      status: 'published',
    })
    await post({ title: 'Second post', body: 'Plain text,\nnext line.', status: 'published' })
    draft = (await post({ title: 'Secret draft', body: 'x', technologiesIds: [rust] })).id
    await post({
      title: 'Later post',
      body: 'x',
      technologiesIds: [rust],
      status: 'scheduled',
      publishAt: new Date(Date.now() + 3600_000).toISOString(),
    })
  }, 120_000)

  afterAll(async () => {
    await close?.()
    await t?.close()
  })

  test('/feed.xml is Atom 1.0: newest first, whole bodies, absolute links, no draft or later post', async () => {
    const answer = await get('/feed.xml')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
    expect(answer.headers.get('etag')).toBeTruthy()
    const feed = checkAtom(answer.text)
    expect(feed.title).toBe('Jordan & Co')
    expect(feed.self).toBe(`${SITE}/feed.xml`)
    expect(feed.entries.map((e) => e.title)).toEqual(['Second post', 'Ownership <explained>'])
    expect(answer.text).not.toContain('Secret draft')
    expect(answer.text).not.toContain('Later post')
    const [second, first] = feed.entries
    expect(first!.link).toBe(`${SITE}/writing/ownership-explained`)
    expect(first!.id).toMatch(/^tag:jordan\.example,\d{4}-\d{2}-\d{2}:posts\/\d+$/)
    expect(first!.categories).toEqual(['Rust'])
    // The server's rendering, its raw HTML shown as text, its addresses made absolute.
    expect(first!.html).toContain('<h1 id="borrowing">')
    expect(first!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more')
    expect(first!.html).not.toContain('<script>')
    expect(first!.html).toContain(`href="${SITE}/writing/ownership-explained#borrowing"`)
    expect(first!.html).toContain(`src="${SITE}/storage/v1/object/public/images/d.png"`)
    expect(second!.html).toBe('<p>Plain text,<br>\nnext line.</p>\n')
  })

  test('/rss.xml is RSS 2.0 with the same posts', async () => {
    const answer = await get('/rss.xml')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    const feed = checkRss(answer.text)
    expect(feed.self).toBe(`${SITE}/rss.xml`)
    const atom = checkAtom((await get('/feed.xml')).text)
    const shown = (entries: typeof feed.entries) =>
      entries.map(({ id, title, link, html }) => ({ id, title, link, html: html.trim() }))
    expect(shown(feed.entries)).toEqual(shown(atom.entries))
  })

  test("?technology= gives one technology's feed; a bad or unknown id is a 400, never kept", async () => {
    const one = checkAtom((await get(`/feed.xml?technology=${rust}&utm_source=x`)).text)
    expect(one.entries.map((e) => e.title)).toEqual(['Ownership <explained>'])
    expect(one.title).toBe('Jordan & Co: Rust')
    expect(one.self).toBe(`${SITE}/feed.xml?technology=${rust}`)
    expect(checkRss((await get(`/rss.xml?technology=${go}`)).text).entries).toEqual([])
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '', '%00'])
      expect((await get(`/feed.xml?technology=${bad}`)).status, bad).toBe(400)
    const unknown = await get('/rss.xml?technology=2000000000')
    expect(unknown.status).toBe(400)
    expect(unknown.text).toBe('Unknown technology id: 2000000000')
    expect(unknown.headers.get('cache-control')).toBe('no-store')
  })

  test('a kept feed answers 304 by its ETag and follows the next write', async () => {
    const first = await get('/feed.xml')
    const again = await get('/feed.xml', { ifNoneMatch: first.headers.get('etag')! })
    expect(again.status).toBe(304)
    const published = await t.request('PATCH', `/posts/${draft}`, {
      token,
      headers: { 'If-Match': '*' },
      body: { status: 'published' },
    })
    expect(published.status).toBe(200)
    const after = await get('/feed.xml', { ifNoneMatch: first.headers.get('etag')! })
    expect(after.status).toBe(200)
    expect(checkAtom(after.text).entries[0]!.title).toBe('Secret draft')
  })

  test('every public page names both feeds in its head', async () => {
    const home = (await get('/')).text
    expect(home).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Jordan &amp; Co" href="${SITE}/feed.xml" />`,
    )
    expect(home).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Jordan &amp; Co" href="${SITE}/rss.xml" />`,
    )
  })

  test('the checker refuses what is not well-formed or lacks a required element', () => {
    expect(() => parseXml('<feed><entry></feed>')).toThrow()
    expect(() =>
      checkAtom('<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>'),
    ).toThrow(/id/)
    expect(() => checkRss('<rss version="2.0"><channel><title>x</title></channel></rss>')).toThrow()
  })
})
