// The CV page rendered on the server (docs/PRODUCT.md §21, decision 023): in
// each of the site's languages, with the owner's name in its title and link
// preview, its canonical address, a ProfilePage about the owner as JSON-LD,
// and the CV's entries in the markup; kept per content version like the
// other pages. The edge function serves no pages, so the deno target skips it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PageRenderer } from '../../server/ssr.ts'
import { jsonLdOf, sourcePageRenderer } from '@test-support/vite-renderer.ts'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'

const SITE = 'https://jordan.example'

describe.skipIf(!inProcess)('the CV page', () => {
  let t: TestContext
  let token: string
  let pages: PageRenderer
  let close: () => Promise<void>

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await pages.serve(url, { ifNoneMatch: headers['if-none-match'] })
    if (!response) throw new Error(`no page for ${url}`)
    return { status: response.status, headers: response.headers, html: await response.text() }
  }
  const write = async (method: 'POST' | 'PUT', path: string, body: unknown) => {
    const res = await t.request(method, path, { token, body })
    expect(res.status, `${method} ${path}`).toBeLessThan(300)
    return res.body
  }

  beforeAll(async () => {
    t = await createTestContext()
    token = (await t.registerAdmin()).token
    await write('PUT', '/languages', { default: 'en', languages: ['en', 'fr', 'ar'] })
    for (const [name, value] of [
      ['ownerName', 'Jordan Avery'],
      ['heroTitle1', 'PLATFORM'],
      ['heroTitle2', 'ENGINEER'],
      ['githubUrl', 'https://github.com/jordan'],
      ['email', 'jordan@example.com'],
    ])
      await write('POST', '/configs', { name, value })
    await write('POST', '/experiences', {
      organization: 'Harbor Labs',
      role: 'Staff Engineer',
      startDate: '2022-03',
      translations: { fr: { role: 'Ingénieur principal' } },
    })
    await write('POST', '/education', {
      institution: 'Utrecht University',
      qualification: 'BSc',
      startDate: '2013-09',
    })
    ;({ pages, close } = await sourcePageRenderer(t.app!, t.db!.driver, SITE))
  }, 120_000)
  afterAll(async () => {
    await close?.()
    await t?.close()
  })

  test('/cv is server-rendered in the default language with the owner, the head and the entries', async () => {
    const { status, html } = await get('/cv')
    expect(status).toBe(200)
    expect(html).toMatch(/<html[^>]* lang="en"[^>]* dir="ltr"|<html[^>]* dir="ltr"[^>]* lang="en"/)
    expect(html).toContain('<title>Jordan Avery – CV</title>')
    expect(html).toContain(`<link rel="canonical" href="${SITE}/cv"`)
    expect(html).toMatch(/<meta property="og:title" content="Jordan Avery – CV"/)
    expect(jsonLdOf(html)).toMatchObject({
      '@type': 'ProfilePage',
      url: `${SITE}/cv`,
      mainEntity: {
        '@type': 'Person',
        name: 'Jordan Avery',
        jobTitle: 'PLATFORM ENGINEER',
        sameAs: ['https://github.com/jordan'],
      },
    })
    const body = html.slice(html.indexOf('<div id="root">'))
    for (const text of ['Jordan Avery', 'PLATFORM ENGINEER', 'jordan@example.com'])
      expect(body).toContain(text)
    expect(body).toContain('Harbor Labs')
    expect(body).toContain('Staff Engineer')
    expect(body).toContain('Utrecht University')
    expect(body).toContain('href="https://github.com/jordan"')
    // The answer it was drawn from travels with it, for the hydration.
    expect(html).toContain('"resume"')
  })

  test('/fr/cv and /ar/cv are in their language and direction, with their own canonical', async () => {
    const fr = await get('/fr/cv')
    expect(fr.status).toBe(200)
    expect(fr.html).toMatch(/<html[^>]* lang="fr"/)
    expect(fr.html).toContain(`<link rel="canonical" href="${SITE}/fr/cv"`)
    expect(fr.html).toContain('Ingénieur principal')
    expect(fr.html).toContain('<title>Jordan Avery – CV</title>')
    expect(fr.html).toContain(`hreflang="en" href="${SITE}/cv"`)
    const ar = await get('/ar/cv')
    expect(ar.status).toBe(200)
    expect(ar.html).toMatch(/<html[^>]* dir="rtl"/)
    expect(ar.html).toContain('<title>Jordan Avery – السيرة الذاتية</title>')
  })

  test('is kept per content version: 304 by its ETag, and a write shows at once', async () => {
    const first = await get('/cv')
    const etag = first.headers.get('etag')!
    expect(etag).toBeTruthy()
    expect((await get('/cv', { 'if-none-match': etag })).status).toBe(304)
    await write('POST', '/experiences', {
      organization: 'Lighthouse Co',
      role: 'Engineer',
      startDate: '2019-01',
    })
    const after = await get('/cv')
    expect(after.html).toContain('Lighthouse Co')
    expect(after.headers.get('etag')).not.toBe(etag)
  })
})
