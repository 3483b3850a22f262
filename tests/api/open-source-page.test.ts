// The home page's Open source section (docs/github.md, "Open source"): the
// chosen pull requests grouped by repository, drawn by the server only, in
// the page's language (titles as written), left out while there are none,
// placed and hidden by the appearance, and in llms.txt and /index.md. On
// PGlite and PostgreSQL; the edge function serves no pages, so the deno
// target skips it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PageRenderer } from '../../server/ssr.ts'
import { sourcePageRenderer } from '@test-support/vite-renderer.ts'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'

const SITE = 'https://ada.example'

const pr = (repository: string, number: number, title: string, mergedAt: string) => ({
  url: `https://github.com/${repository}/pull/${number}`,
  repository,
  number,
  title,
  mergedAt,
})

describe.skipIf(!inProcess)('the Open source section', () => {
  let t: TestContext
  let pages: PageRenderer
  let close: () => Promise<void>
  let token: string

  const get = async (url: string) => {
    const response = await pages.serve(url, {})
    if (!response) throw new Error(`no page for ${url}`)
    return { status: response.status, text: await response.text() }
  }
  /** The section's markup, or null when the page has none. */
  const section = (html: string) =>
    /<section id="opensource"[\s\S]*?<\/section>/.exec(html)?.[0] ?? null

  beforeAll(async () => {
    t = await createTestContext()
    token = (await t.registerAdmin()).token
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

  test('no section while nothing is chosen', async () => {
    const page = await get('/')
    expect(page.status).toBe(200)
    expect(section(page.text)).toBeNull()
    expect(page.text).toContain('<div id="open-source"></div>')
  })

  test('grouped by repository, latest merge first, in English and French, titles as written', async () => {
    for (const body of [
      pr('nodejs/node', 101, 'fs: fix a <race>', '2024-03-01T10:00:00Z'),
      pr('vitejs/vite', 7, 'docs: typo', '2024-05-02T08:30:00Z'),
      pr('nodejs/node', 150, 'stream: faster pipe', '2024-06-10T12:00:00Z'),
    ])
      expect((await t.request('POST', '/contributions', { token, body })).status).toBe(201)

    const en = section((await get('/')).text)!
    expect(en).toContain('>Open source<')
    expect(en).toContain('Pull requests merged into projects by others.')
    // nodejs/node first (its latest merge is the newest), its two in merge order.
    const order = [...en.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1])
    expect(order).toEqual(['nodejs/node', 'vitejs/vite'])
    const titles = [...en.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]])
    expect(titles).toEqual([
      ['https://github.com/nodejs/node/pull/150', 'stream: faster pipe'],
      ['https://github.com/nodejs/node/pull/101', 'fs: fix a &lt;race&gt;'],
      ['https://github.com/vitejs/vite/pull/7', 'docs: typo'],
    ])
    expect(en).toContain('<time dateTime="2024-05-02T08:30:00.000Z">Merged May 2, 2024</time>')
    expect(en).toContain('rel="noopener noreferrer"')

    const fr = section((await get('/fr/')).text)!
    expect(fr).toContain('>Open source<')
    expect(fr).toContain('Pull requests fusionnées dans les projets d’autres personnes.')
    expect(fr).toContain('Fusionnée le 2 mai 2024')
    // The titles stay as written on GitHub.
    expect(fr).toContain('>stream: faster pipe</a>')
  })

  test('the section adds no script: the page ships the same JavaScript with or without it', async () => {
    const scripts = (html: string) =>
      [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1])
    const withIt = scripts((await get('/')).text)
    const hidden = await t.request('PUT', '/appearance', {
      token,
      body: { sections: [{ id: 'opensource', visible: false }] },
    })
    expect(hidden.status).toBe(200)
    const page = (await get('/')).text
    expect(section(page)).toBeNull()
    expect(scripts(page)).toEqual(withIt)
    // Placed first by the owner: before the other sections.
    expect(
      (
        await t.request('PUT', '/appearance', {
          token,
          body: { sections: [{ id: 'opensource', visible: true }] },
        })
      ).status,
    ).toBe(200)
    const first = (await get('/')).text
    expect(first.indexOf('id="opensource"')).toBeGreaterThan(0)
    expect(first.indexOf('id="opensource"')).toBeLessThan(first.indexOf('id="contact"'))
  })

  test('in llms.txt and the Markdown home page', async () => {
    const llms = (await get('/llms.txt')).text
    expect(llms).toContain('## Open source')
    expect(llms).toContain(
      '- [stream: faster pipe](https://github.com/nodejs/node/pull/150) (#150, merged 2024-06-10): nodejs/node',
    )
    const home = (await get('/index.md')).text
    expect(home).toContain(
      '## Open source\n\n### nodejs/node\n\n- [stream: faster pipe](https://github.com/nodejs/node/pull/150) (#150, merged 2024-06-10)',
    )
    expect(home).toContain('fs: fix a \\<race\\>')
  })
})
