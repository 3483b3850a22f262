// The writing pages in another language (docs/PRODUCT.md §26, "In every
// language"): /fr/writing and /fr/writing/<slug> rendered on the server with
// the post's French title and body, each untranslated text in English and
// marked `lang="en"`; the head, the home page's Writing section, the post's
// own link-preview image and the Markdown for assistants in French; a draft
// shows through none of them. The edge function serves no pages, so the deno
// target skips this file.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PageRenderer } from '../../server/ssr.ts'
import { jsonLdOf, servePage, sourcePageRenderer } from '@test-support/vite-renderer.ts'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'

const SITE = 'https://camille.example'

describe.skipIf(!inProcess)('the writing pages in another language', () => {
  let t: TestContext
  let token: string
  let pages: PageRenderer
  let close: () => Promise<void>
  let translated: { id: number; slug: string }
  let plain: { id: number; slug: string }
  let draft: { id: number; slug: string }

  const get = (url: string) => servePage(pages, url)
  const write = async (body: Record<string, unknown>) => {
    const res = await t.request('POST', '/posts', { token, body })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body as { id: number; slug: string }
  }

  beforeAll(async () => {
    t = await createTestContext()
    token = (await t.registerAdmin()).token
    ;({ pages, close } = await sourcePageRenderer(t.app!, t.db!.driver, SITE))
    const put = await t.request('PUT', '/languages', {
      token,
      body: { default: 'en', languages: ['en', 'fr'] },
    })
    expect(put.status).toBe(200)
    plain = await write({
      title: 'Only in English',
      summary: 'Untranslated summary.',
      body: 'English *words*.',
      status: 'published',
    })
    translated = await write({
      title: 'Reading the tides',
      summary: 'How the harbour reads its water.',
      body: 'The **English** body.',
      status: 'published',
      translations: { fr: { title: 'Lire les marées', body: 'Le corps en **français**.' } },
    })
    draft = await write({
      title: 'Secret draft',
      body: 'Hidden.',
      translations: { fr: { title: 'Brouillon secret', body: 'Caché.' } },
    })
  }, 120_000)

  afterAll(async () => {
    await close?.()
    await t?.close()
  })

  test("a post's page in French: its French title and body; an untranslated text marked English", async () => {
    const { status, html } = await get(`/fr/writing/${translated.slug}`)
    expect(status).toBe(200)
    expect(html).toMatch(/<html lang="fr"/)
    expect(html).toMatch(/<h1 class="[^"]*">Lire les marées<\/h1>/)
    expect(html).toContain('<div class="markdown"><p>Le corps en <strong>français</strong>.</p>')
    expect(html).not.toContain('The <strong>English</strong> body.')
    // The head: the French title, the English summary (not translated), the French image.
    expect(html).toContain('<title>Lire les marées | Articles</title>')
    expect(html).toContain('<meta name="description" content="How the harbour reads its water." />')
    expect(html).toContain(`<link rel="canonical" href="${SITE}/fr/writing/${translated.slug}" />`)
    expect(html).toContain(
      `<meta property="og:image" content="${SITE}/og/fr/writing/${translated.slug}.png" />`,
    )
    expect(jsonLdOf(html)).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Lire les marées',
      inLanguage: 'fr',
    })
    // Its neighbour's title is English, and says so.
    expect(html).toMatch(/rel="prev"[^>]*>← Article précédent: <span lang="en">Only in English</)

    const english = await get(`/fr/writing/${plain.slug}`)
    expect(english.html).toMatch(/<h1 lang="en" class="[^"]*">Only in English<\/h1>/)
    expect(english.html).toContain('<div lang="en" class="markdown"><p>English <em>words</em>.</p>')
    expect(jsonLdOf(english.html).inLanguage).toBe('en')
    // The default language's page is what it was.
    const home = await get(`/writing/${translated.slug}`)
    expect(home.html).toMatch(/<h1 class="[^"]*">Reading the tides<\/h1>/)
    expect(home.html).toContain('<div class="markdown"><p>The <strong>English</strong> body.</p>')
    expect(jsonLdOf(home.html).inLanguage).toBe('en')
  })

  test('the French list and home page show the French titles, the fallbacks marked', async () => {
    const list = await get('/fr/writing')
    expect(list.status).toBe(200)
    expect(list.html).toContain('>Lire les marées<')
    expect(list.html).toMatch(/<p lang="en" class="[^"]*">How the harbour reads its water.<\/p>/)
    expect(list.html).toMatch(/<h2 lang="en" class="[^"]*"><a [^>]*>Only in English</)
    const home = await get('/fr/')
    expect(home.html).toContain('id="writing"')
    expect(home.html).toContain('>Lire les marées<')
    expect(home.html).toContain('href="/fr/writing"')
  })

  test("the post's own image is drawn in French; another language's is not found", async () => {
    const image = await pages.serve(`/og/fr/writing/${translated.slug}.png`, {})
    expect(image!.status).toBe(200)
    expect(image!.headers.get('content-type')).toBe('image/png')
    for (const path of [
      `/og/de/writing/${translated.slug}.png`,
      `/og/en/writing/${translated.slug}.png`,
      `/og/fr/writing/${draft.slug}.png`,
    ])
      expect((await pages.serve(path, {}))!.status, path).toBe(404)
  })

  test('the Markdown for assistants has the French post', async () => {
    const llms = await get('/fr/llms.txt')
    expect(llms.html).toContain(`[Lire les marées](${SITE}/fr/writing/${translated.slug}.md)`)
    const markdown = await get(`/fr/writing/${translated.slug}.md`)
    expect(markdown.status).toBe(200)
    expect(markdown.html).toContain('# Lire les marées')
    expect(markdown.html).toContain('Le corps en **français**.')
  })

  test('a draft shows through no page, list, image or file in French', async () => {
    const page = await get(`/fr/writing/${draft.slug}`)
    expect(page.status).toBe(404)
    for (const path of [
      '/fr/writing',
      '/fr/',
      '/fr/llms.txt',
      '/fr/llms-full.txt',
      '/sitemap.xml',
    ]) {
      const { html } = await get(path)
      expect(html, path).not.toContain('Brouillon')
      expect(html, path).not.toContain('Secret draft')
      expect(html, path).not.toContain(draft.slug)
    }
    expect((await get(`/fr/writing/${draft.slug}.md`)).status).toBe(404)
  })

  test("the reading time is the body's shown: the French one on a French page", async () => {
    const words = (n: number, word: string) => Array.from({ length: n }, () => word).join(' ')
    const long = await write({
      title: 'Short in English',
      body: words(100, 'word'),
      status: 'published',
      translations: { fr: { title: 'Long en français', body: words(500, 'mot') } },
    })
    const french = await get(`/fr/writing/${long.slug}`)
    expect(french.html).toContain('3 min de lecture')
    expect(jsonLdOf(french.html).timeRequired).toBe('PT3M')
    expect((await get('/fr/writing')).html).toContain('3 min de lecture')
    expect((await get(`/fr/writing/${long.slug}.md`)).html).toContain('3 min read')
    const english = await get(`/writing/${long.slug}`)
    expect(english.html).toContain('1 min read')
    expect(english.html).not.toContain('3 min read')
    expect(jsonLdOf(english.html).timeRequired).toBe('PT1M')
  })

  test("a skill's popover on the French home page names its posts in French, fallbacks marked", async () => {
    const tech = await t.request('POST', '/technologies', { token, body: { name: 'Fortran' } })
    for (const post of [translated, plain])
      expect(
        (
          await t.request('PATCH', `/posts/${post.id}`, {
            token,
            body: { technologiesIds: [tech.body.id] },
          })
        ).status,
      ).toBe(200)
    const popover = (html: string) =>
      new RegExp(`<div id="skill-${tech.body.id}" popover="auto"[^]*?</div>`).exec(html)?.[0] ?? ''
    const french = popover((await get('/fr/')).html)
    expect(french).toMatch(new RegExp(`<li><a [^>]*href="/fr/writing/${translated.slug}"`))
    expect(french).toMatch(/<li><a [^>]*>Lire les marées<\/a><\/li>/)
    expect(french).toMatch(/<li lang="en"><a [^>]*>Only in English<\/a><\/li>/)
    expect(french).not.toContain('Reading the tides')
    const english = popover((await get('/')).html)
    expect(english).toMatch(/<li><a [^>]*>Reading the tides<\/a><\/li>/)
    expect(english).not.toContain('Lire les marées')
  })

  test("a skill's popover on the French home page names its projects in French, fallbacks marked", async () => {
    const tech = await t.request('POST', '/technologies', { token, body: { name: 'Cobol' } })
    for (const [name, translations] of [
      ['Ledger Lights', { fr: { name: 'Lumières du registre' } }],
      ['Only Named Once', undefined],
    ] as const)
      expect(
        (
          await t.request('POST', '/projects', {
            token,
            body: {
              name,
              description: 'A project.',
              technologiesIds: [tech.body.id],
              isActive: true,
              translations,
            },
          })
        ).status,
      ).toBe(201)
    const popover = (html: string) =>
      new RegExp(`<div id="skill-${tech.body.id}" popover="auto"[^]*?</div>`).exec(html)?.[0] ?? ''
    const french = popover((await get('/fr/')).html)
    expect(french).toMatch(
      /<li><a [^>]*href="\/fr\/projects\/\d+-ledger-lights"[^>]*>Lumières du registre<\/a><\/li>/,
    )
    expect(french).toMatch(/<li lang="en"><a [^>]*>Only Named Once<\/a><\/li>/)
    const english = popover((await get('/')).html)
    expect(english).toMatch(/<li><a [^>]*>Ledger Lights<\/a><\/li>/)
    expect(english).not.toContain('Lumières du registre')
  })
})
