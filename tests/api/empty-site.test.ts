// A site with no content at all, as `npm start` leaves a new database
// (docs/decisions/070-start-clean.md): every public page and file is still a
// whole page, with the default texts (docs/PRODUCT.md §3), no section left
// empty, and no link to a page that is not there. The edge function serves
// no pages, so the deno target skips this file.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PageRenderer } from '../../server/ssr.ts'
import { sourcePageRenderer } from '@test-support/vite-renderer.ts'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'

const SITE = 'https://empty.example'

describe.skipIf(!inProcess)('an empty site', () => {
  let t: TestContext
  let pages: PageRenderer
  let close: () => Promise<void>

  const get = async (url: string) => {
    const response = await pages.serve(url, {})
    if (!response) throw new Error(`no page for ${url}`)
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      text: await response.text(),
    }
  }
  /** The same-site addresses a page links to. */
  const links = (html: string) =>
    [...html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)]
      .map((m) => m[1]!.replace(/&amp;/g, '&'))
      .filter((href) => href.startsWith('/') && !href.startsWith('//'))
      .map((href) => href.split('#')[0]!)
      .filter((href) => href !== '')

  beforeAll(async () => {
    t = await createTestContext()
    const { token } = await t.registerAdmin()
    // A second language, so its pages are checked too; still no content.
    expect(
      (
        await t.request('PUT', '/languages', {
          token,
          body: { default: 'en', languages: ['en', 'fr'] },
        })
      ).status,
    ).toBe(200)
    ;({ pages, close } = await sourcePageRenderer(t.app!, t.db!.driver, SITE))
  }, 120_000)
  afterAll(async () => {
    await close?.()
    await t?.close()
  })

  test('the home page shows the default texts and no empty section', async () => {
    for (const [url, title] of [
      ['/', 'FULL STACK'],
      ['/fr/', 'FULL STACK'],
    ] as const) {
      const { status, text } = await get(url)
      expect(status).toBe(200)
      expect(text).toContain('<h1')
      if (url === '/') expect(text).toContain(title)
      // Sections with nothing in them are left out, with their menu entries.
      for (const id of ['certifications', 'skills', 'portfolio', 'experience', 'writing'])
        expect(text, `${url} #${id}`).not.toMatch(new RegExp(`id="${id}"|href="#${id}"`))
      expect(text).toMatch(/id="contact"/)
    }
  })

  test('every same-site link of its pages leads to a page', async () => {
    const seen = new Set<string>()
    for (const start of ['/', '/fr/', '/writing', '/fr/writing', '/cv', '/fr/cv']) {
      const { status, text } = await get(start)
      expect(status, start).toBe(200)
      for (const href of links(text)) {
        if (seen.has(href) || href.startsWith('/admin') || href.startsWith('/functions/')) continue
        seen.add(href)
        const answer =
          href.startsWith('/og/') || /\.(xml|txt|md)$/.test(href) || href.startsWith('/cv.pdf')
            ? null
            : await get(href)
        if (answer) expect(answer.status, `${start} links to ${href}`).toBe(200)
      }
    }
  })

  test('the feeds, the sitemap and llms.txt are whole and name no content', async () => {
    const atom = await get('/feed.xml')
    expect(atom.status).toBe(200)
    expect(atom.text).toContain('<feed')
    expect(atom.text).not.toContain('<entry>')
    const rss = await get('/rss.xml')
    expect(rss.status).toBe(200)
    expect(rss.text).toContain('<channel>')
    expect(rss.text).not.toContain('<item>')
    const sitemap = await get('/sitemap.xml')
    expect(sitemap.status).toBe(200)
    expect(sitemap.text).toContain(`<loc>${SITE}/</loc>`)
    expect(sitemap.text).not.toContain('/projects/')
    const llms = await get('/llms.txt')
    expect(llms.status).toBe(200)
    expect(llms.text).toMatch(/^# /)
    expect(llms.text).not.toContain('undefined')
    expect(llms.text).not.toContain('null')
  })
})
