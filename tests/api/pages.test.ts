// Server-rendered public pages (docs/decisions/023): status codes, the head a
// link preview reads, escaping, and freshness after a write, on PGlite and
// PostgreSQL. The edge function serves no pages (Supabase sends its HTML as
// text/plain), so the deno target skips this file.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PageRenderer } from '../../server/ssr.ts'
import { jsonLdOf, sourcePageRenderer } from '@test-support/vite-renderer.ts'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'

const SITE = 'https://jordan.example'

describe.skipIf(!inProcess)('server-rendered pages', () => {
  let t: TestContext
  let token: string
  let pages: PageRenderer
  let close: () => Promise<void>
  let harbor: { id: number; name: string }
  let hidden: { id: number }

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await pages.serve(url, {
      ifNoneMatch: headers['if-none-match'],
      acceptEncoding: headers['accept-encoding'],
    })
    if (!response) throw new Error(`no page for ${url}`)
    return { status: response.status, headers: response.headers, html: await response.text() }
  }
  const project = async (body: Record<string, unknown>) =>
    (
      await t.request('POST', '/projects', {
        token,
        body: {
          description: 'A project.',
          startYear: 2023,
          endYear: null,
          technologiesIds: [],
          isActive: true,
          ...body,
        },
      })
    ).body as { id: number; name: string }

  beforeAll(async () => {
    t = await createTestContext()
    token = (await t.registerAdmin()).token
    ;({ pages, close } = await sourcePageRenderer(t.app!, t.db!.driver, SITE))
    for (const [name, value] of [
      ['ownerName', 'Jordan Avery'],
      ['linkedinUrl', 'https://www.linkedin.com/in/jordan'],
    ])
      expect((await t.request('POST', '/configs', { token, body: { name, value } })).status).toBe(
        201,
      )
    // The API refuses it now (a declared name); a value kept from before still must not reach the page.
    await t.sql(
      `insert into public.configs (name, value) values ('githubUrl', 'javascript:alert(1)')`,
    )
    harbor = await project({
      name: 'Harbor Maps',
      description: 'Tracks ships.\n\nSecond paragraph.',
      githubUrl: 'https://github.com/jordan/harbor',
    })
    hidden = await project({ name: 'Draft', isActive: false })
    const rust = await t.request('POST', '/technologies', { token, body: { name: 'Rust' } })
    const job = await t.request('POST', '/experiences', {
      token,
      body: {
        organization: 'Harbor Labs',
        role: 'Staff Engineer',
        startDate: '2022-03',
        endDate: '2023-01',
        technologiesIds: [rust.body.id],
      },
    })
    expect(job.status).toBe(201)
  }, 120_000)

  afterAll(async () => {
    await close?.()
    await t?.close()
  })

  test('the home page comes whole, with the owner in its head and a Person for search engines', async () => {
    const { status, html } = await get('/')
    expect(status).toBe(200)
    expect(html).toContain('Harbor Maps') // a project card, in the HTML itself
    expect(html).toMatch(/<title>Jordan Avery — Full Stack Developer<\/title>/)
    expect(html).toContain(`<link rel="canonical" href="${SITE}/" />`)
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />')
    expect(html).toContain('<meta property="og:site_name" content="Jordan Avery" />')
    expect(jsonLdOf(html)).toMatchObject({
      '@type': 'Person',
      name: 'Jordan Avery',
      sameAs: ['https://www.linkedin.com/in/jordan'], // the javascript: one is left out
      url: `${SITE}/`,
    })
    // One Person: the head's, with the site's address (none rendered again in the body).
    expect(html.match(/application\/ld\+json/g)).toHaveLength(1)
    // The developer's story (docs/PRODUCT.md §18): experience is in the HTML, an empty education is not.
    expect(html).toContain('Staff Engineer')
    // HTML attribute names ignore case; React writes dateTime.
    expect(html).toMatch(/<time datetime="2022-03">March 2022<\/time>/i)
    expect(html).toContain('href="#experience"')
    expect(html).not.toContain('id="education"')
    // A skill says what backs it in visible text (docs/PRODUCT.md §19), a space
    // apart, so a chip's accessible name reads 'Rust 1 role', not 'Rust1 role'.
    expect(html).toMatch(/>Rust<\/span> <small[^>]*>1 role · 2022–2023<\/small>/)
    expect(html).not.toContain('__vitrinePublicReads')
    expect(html).toContain('<script type="application/json" id="vitrine-state">')
    expect(html.match(/<title>/g)).toHaveLength(1)
  })

  test("a project's page has its own title, description, image and code", async () => {
    const { status, html } = await get(`/projects/${harbor.id}-harbor-maps?utm_source=x`)
    expect(status).toBe(200)
    expect(html).toContain('<title>Harbor Maps | Projects</title>')
    expect(html).toContain('<meta name="description" content="Tracks ships." />')
    expect(html).toContain(
      `<link rel="canonical" href="${SITE}/projects/${harbor.id}-harbor-maps" />`,
    )
    expect(html).toContain('<meta property="og:type" content="article" />')
    expect(jsonLdOf(html)).toMatchObject({
      '@type': 'SoftwareSourceCode',
      name: 'Harbor Maps',
      codeRepository: 'https://github.com/jordan/harbor',
      author: { '@type': 'Person', name: 'Jordan Avery' },
    })
    expect(html).toMatch(/<h1[^>]*>Harbor Maps<\/h1>/)
  })

  test('unknown paths, unknown projects and inactive projects answer 404 with the not-found page', async () => {
    for (const url of [
      '/no-such-page',
      '/projects/987654321',
      `/projects/${hidden.id}-draft`,
      '/projects/abc',
    ]) {
      const { status, html } = await get(url)
      expect(status, url).toBe(404)
      expect(html, url).toContain('Page Not Found')
      expect(html, url).toContain('<meta name="robots" content="noindex" />')
    }
  })

  test('the back office is left to the browser app; the CV page is rendered here', async () => {
    expect(await pages.serve('/admin/login', {})).toBeNull()
    expect((await pages.serve('/cv', {}))?.status).toBe(200)
  })

  test('a name made to break out of a script stays text, in the head, the JSON-LD and the state', async () => {
    const evil = await project({
      name: '</script><script>alert(1)</script>',
      description: 'Line\u2028separator & <b>bold</b>',
    })
    const { status, html } = await get(`/projects/${evil.id}`)
    expect(status).toBe(200)
    expect(html).not.toContain('<script>alert(1)')
    expect(jsonLdOf(html).name).toBe('</script><script>alert(1)</script>')
    const state = /<script type="application\/json" id="vitrine-state">([\s\S]*?)<\/script>/.exec(
      html,
    )![1]!
    expect(JSON.stringify(JSON.parse(state))).toContain('</script><script>alert(1)</script>')
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!
    // Inside the two scripts, nothing that could end the element or a JavaScript string.
    for (const script of [state, ld]) expect(script).not.toMatch(/[<>&\u2028\u2029]/)
  })

  test('a kept page is answered 304 by its ETag, and never outlives a write', async () => {
    const url = `/projects/${harbor.id}-harbor-maps`
    const first = await get(url)
    const etag = first.headers.get('etag')!
    expect((await get(url, { 'if-none-match': etag })).status).toBe(304)
    const renamed = await t.request('PATCH', `/projects/${harbor.id}`, {
      token,
      body: { name: 'Harbor Maps 2' },
    })
    expect(renamed.status).toBe(200)
    const after = await get(url)
    expect(after.status).toBe(200)
    expect(after.html).toContain('<title>Harbor Maps 2 | Projects</title>')
    expect(after.headers.get('etag')).not.toBe(etag)
    expect((await get('/')).html).toContain('Harbor Maps 2')
  })

  test('sitemap.xml lists the home page and active projects with lastmod, and robots.txt names it', async () => {
    const sitemap = await get('/sitemap.xml')
    expect(sitemap.headers.get('content-type')).toMatch(/xml/)
    expect(sitemap.html).toContain(`<loc>${SITE}/</loc>`)
    expect(sitemap.html).toMatch(
      new RegExp(
        `<loc>${SITE}/projects/${harbor.id}-harbor-maps[^<]*</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`,
      ),
    )
    expect(sitemap.html).not.toContain(`/projects/${hidden.id}-`)
    expect((await get('/robots.txt')).html).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  })
})
