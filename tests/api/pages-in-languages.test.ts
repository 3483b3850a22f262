// Public pages per language (docs/PRODUCT.md §23, docs/decisions/048): the
// default language at `/`, each other language under its tag; `<html lang
// dir>`, the texts in the page's language with fallbacks marked, a prefix
// that is not one of the site's other languages answering 404. On PGlite and
// PostgreSQL; the edge function serves no pages, so the deno target skips it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PageRenderer } from '../../server/ssr.ts'
import { sourcePageRenderer } from '@test-support/vite-renderer.ts'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'

const SITE = 'https://camille.example'

describe.skipIf(!inProcess)('pages per language', () => {
  let t: TestContext
  let pages: PageRenderer
  let close: () => Promise<void>
  let shop: number

  const get = async (url: string) => {
    const response = await pages.serve(url, {})
    if (!response) return null
    return { status: response.status, html: await response.text() }
  }

  beforeAll(async () => {
    t = await createTestContext()
    const token = (await t.registerAdmin()).token
    const send = async (method: string, url: string, body: unknown) => {
      const res = await t.request(method, url, { token, body })
      expect(res.status, url).toBeLessThan(300)
      return res.body
    }
    await send('PUT', '/languages', { default: 'en', languages: ['en', 'fr', 'ar'] })
    await send('POST', '/configs', {
      name: 'heroTitle1',
      value: 'FULL STACK',
      translations: { fr: { value: 'DÉVELOPPEUSE' }, ar: { value: 'مطورة' } },
    })
    await send('POST', '/configs', { name: 'heroTitle2', value: 'ENGINEER' })
    shop = (
      await send('POST', '/projects', {
        name: 'Harbor Shop',
        description: 'Sells boats.',
        isActive: true,
        translations: { fr: { name: 'Boutique du port' } },
      })
    ).id
    ;({ pages, close } = await sourcePageRenderer(t.app!, t.db!.driver, SITE))
  }, 120_000)

  afterAll(async () => {
    await close?.()
    await t?.close()
  })

  test('the default language stays unprefixed, in its language, with nothing marked', async () => {
    const home = await get('/')
    expect(home?.status).toBe(200)
    expect(home?.html).toMatch(/<html lang="en" dir="ltr"/)
    expect(home?.html).toContain('FULL STACK')
    expect(home?.html).not.toMatch(/ lang="en"[^>]*>ENGINEER/)
  })

  test('/fr/ shows the French texts, and the texts without one in English marked lang=en', async () => {
    const fr = await get('/fr/')
    expect(fr?.status).toBe(200)
    expect(fr?.html).toMatch(/<html lang="fr" dir="ltr"/)
    expect(fr?.html).toContain('DÉVELOPPEUSE')
    expect(fr?.html).toContain('Boutique du port')
    // The fallback's element says it is English; the page itself is French.
    expect(fr?.html).toMatch(/<span lang="en" class="[^"]*">ENGINEER<\/span>/)
    // The card's description is the server's HTML of it (docs/PRODUCT.md §26), marked English.
    expect(fr?.html).toMatch(/<div lang="en" class="[^"]*"><p>Sells boats.<\/p>/)
    // Links inside the page keep its language.
    expect(fr?.html).toContain(`href="/fr/projects/${shop}-harbor-shop"`)
  })

  test('/ar/ is right to left; an English fallback there says its direction too', async () => {
    const ar = await get('/ar/')
    expect(ar?.status).toBe(200)
    expect(ar?.html).toMatch(/<html lang="ar" dir="rtl"/)
    expect(ar?.html).toContain('مطورة')
    expect(ar?.html).toMatch(/<span lang="en" dir="ltr" class="[^"]*">ENGINEER<\/span>/)
  })

  test("a project's page in French, and the CV rendered in every language", async () => {
    const page = await get(`/fr/projects/${shop}-harbor-shop`)
    expect(page?.status).toBe(200)
    expect(page?.html).toMatch(/<html lang="fr" dir="ltr"/)
    expect(page?.html).toMatch(/<h1[^>]*>Boutique du port<\/h1>/)
    expect((await get('/fr/cv'))?.html).toMatch(/<html lang="fr" dir="ltr"/)
    expect((await get('/ar/cv'))?.html).toMatch(/<html lang="ar" dir="rtl"/)
  })

  test('a language the site does not list, or the default one as a prefix, is not found', async () => {
    for (const url of ['/de/', '/en/', '/en/cv', `/de/projects/${shop}-harbor-shop`, '/nothing']) {
      const page = await get(url)
      expect(page?.status, url).toBe(404)
      expect(page?.html, url).toContain('Page Not Found')
      expect(page?.html, url).toMatch(/<html lang="en" dir="ltr"/)
    }
  })

  test("an unknown path under a language's prefix is that language's not-found page", async () => {
    // As the static build's fr/404.html and ar/404.html (build/prerender.ts).
    for (const url of ['/fr/nothing', '/fr/admin', '/fr/projects/999999-gone', '/fr/nothing']) {
      const page = await get(url)
      expect(page?.status, url).toBe(404)
      expect(page?.html, url).toMatch(/<html lang="fr" dir="ltr"/)
      expect(page?.html, url).toContain('Page introuvable')
      expect(page?.html, url).not.toContain('Page Not Found')
    }
    const arabic = await get('/ar/no/such/page')
    expect(arabic?.status).toBe(404)
    expect(arabic?.html).toMatch(/<html lang="ar" dir="rtl"/)
    expect(arabic?.html).toContain('الصفحة غير موجودة')
    // The default language's page is still English after the others were kept.
    expect((await get('/still/nothing'))?.html).toMatch(/<html lang="en" dir="ltr"/)
  })
  test('each page names itself in every language, x-default, its own canonical and og:locale', async () => {
    const path = `/projects/${shop}-harbor-shop`
    for (const [prefix, locale, others] of [
      ['', 'en_US', ['fr_FR', 'ar_EG']],
      ['/fr', 'fr_FR', ['en_US', 'ar_EG']],
      ['/ar', 'ar_EG', ['en_US', 'fr_FR']],
    ] as const)
      for (const own of ['/', path]) {
        const url = prefix ? `${prefix}${own}` : own
        const { html } = (await get(url))!
        expect(html, url).toContain(`<link rel="canonical" href="${SITE}${url}" />`)
        for (const [lang, at] of [
          ['en', own],
          ['fr', `/fr${own}`],
          ['ar', `/ar${own}`],
          ['x-default', own],
        ])
          expect(html, url).toContain(
            `<link rel="alternate" hreflang="${lang}" href="${SITE}${at}" />`,
          )
        expect(html, url).toContain(`<meta property="og:locale" content="${locale}" />`)
        for (const other of others)
          expect(html, url).toContain(`<meta property="og:locale:alternate" content="${other}" />`)
      }
  })

  test('the JSON-LD is in the page language', async () => {
    const ld = (html: string) =>
      JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!)
    const home = ld((await get('/fr/'))!.html)
    expect(home.inLanguage).toBe('fr')
    expect(home.jobTitle).toBe('Développeuse Engineer')
    expect(home.url).toBe(`${SITE}/fr/`)
    const project = ld((await get(`/fr/projects/${shop}-harbor-shop`))!.html)
    expect(project).toMatchObject({
      inLanguage: 'fr',
      name: 'Boutique du port',
      url: `${SITE}/fr/projects/${shop}-harbor-shop`,
    })
  })

  test('the sitemap lists every page in every language, each with all its alternates', async () => {
    const xml = (await get('/sitemap.xml'))!.html
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
    const urls = xml.match(/<url>[\s\S]*?<\/url>/g) ?? []
    const locs = urls.map((u) => /<loc>([^<]*)<\/loc>/.exec(u)![1])
    const path = `/projects/${shop}-harbor-shop`
    for (const own of ['/', path])
      for (const at of [own, `/fr${own}`, `/ar${own}`]) expect(locs).toContain(`${SITE}${at}`)
    for (const url of urls) {
      const own = url.includes('projects') ? path : '/'
      for (const [lang, at] of [
        ['en', own],
        ['fr', `/fr${own}`],
        ['ar', `/ar${own}`],
        ['x-default', own],
      ])
        expect(url).toContain(
          `<xhtml:link rel="alternate" hreflang="${lang}" href="${SITE}${at}"/>`,
        )
    }
  })

  test('/ never redirects by Accept-Language: it is the default language page', async () => {
    const response = await pages.serve('/', { acceptEncoding: 'identity' })
    expect(response?.status).toBe(200)
    expect(response?.headers.get('location')).toBeNull()
    expect(await response?.text()).toMatch(/<html lang="en"/)
  })
})
