// The site's appearance on its server-rendered pages (docs/PRODUCT.md §27):
// the theme and font on <html>, only the active theme's stylesheet, the
// accent as custom properties in the head, and the home page's sections,
// navigation and Markdown in the owner's order without the hidden ones. The
// edge function serves no pages, so the deno target skips this file.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PageRenderer } from '../../server/ssr.ts'
import { sourcePageRenderer } from '@test-support/vite-renderer.ts'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'

const SITE = 'https://jordan.example'

describe.skipIf(!inProcess)('the appearance on the pages', () => {
  let t: TestContext
  let token: string
  let pages: PageRenderer
  let close: () => Promise<void>
  let projectPath = ''

  const get = async (url: string) => {
    const response = await pages.serve(url, {})
    if (!response) throw new Error(`no page for ${url}`)
    return { status: response.status, html: await response.text() }
  }
  const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0] ?? ''
  const navOf = (html: string) => /<nav[^>]*>[\s\S]*?<\/nav>/.exec(html)?.[0] ?? ''
  const ids = (html: string) => [...html.matchAll(/<section[^>]* id="([a-z]+)"/g)].map((m) => m[1])

  beforeAll(async () => {
    t = await createTestContext()
    token = (await t.registerAdmin()).token
    // A second language: its pages are in the same look.
    const languages = await t.request('PUT', '/languages', {
      token,
      body: { default: 'en', languages: ['en', 'fr'] },
    })
    expect(languages.status).toBe(200)
    ;({ pages, close } = await sourcePageRenderer(t.app!, t.db!.driver, SITE))
    const rust = await t.request('POST', '/technologies', { token, body: { name: 'Rust' } })
    const created = await t.request('POST', '/projects', {
      token,
      body: {
        name: 'Harbor Maps',
        description: 'Tracks ships.',
        startYear: 2023,
        endYear: null,
        technologiesIds: [rust.body.id],
        isActive: true,
      },
    })
    projectPath = `/projects/${created.body.id}-harbor-maps`
    // A section without entries is left out (§28): one certification keeps its section.
    const certified = await t.request('POST', '/certifications', {
      token,
      body: { name: 'CKA', icon: '☁️', obtainedDate: '2024-05-10', isActive: true },
    })
    expect(certified.status).toBe(201)
  }, 120_000)

  afterAll(async () => {
    await close?.()
    await t?.close()
  })

  test("today's look: classic, system fonts, the default accent, every section in order", async () => {
    const { html } = await get('/')
    expect(htmlTag(html)).toContain('data-theme="classic"')
    expect(htmlTag(html)).toContain('data-font="system"')
    expect(html).toContain('<link rel="stylesheet" href="/src/themes/classic/theme.css" />')
    expect(html).not.toContain('/src/themes/fonts/')
    expect(html).toMatch(/<style id="vitrine-accent">html:root\{--primary:#[0-9a-f]{6};/)
    expect(ids(html)).toEqual(['certifications', 'skills', 'portfolio', 'contact'])
    expect(navOf(html).indexOf('#skills')).toBeLessThan(navOf(html).indexOf('#contact'))
  })

  test('contact first and skills hidden: the HTML, the navigation and the Markdown follow', async () => {
    const saved = await t.request('PUT', '/appearance', {
      token,
      body: {
        theme: 'grid',
        font: 'mono',
        accent: '#ffff00',
        sections: [
          { id: 'contact', visible: true },
          { id: 'skills', visible: false },
        ],
      },
    })
    expect(saved.status).toBe(200)
    const { html } = await get('/')
    expect(htmlTag(html)).toContain('data-theme="grid"')
    expect(htmlTag(html)).toContain('data-font="mono"')
    expect(html).toContain('<link rel="stylesheet" href="/src/themes/grid/theme.css" />')
    expect(html).toContain('<link rel="stylesheet" href="/src/themes/fonts/mono.css" />')
    expect(html).not.toContain('/src/themes/classic/')
    // Yellow is too light on white: darkened in light mode, kept in dark.
    expect(html).not.toMatch(/html:root\{--primary:#ffff00;/)
    expect(html).toContain('html.dark:root{--primary:#ffff00;')
    expect(ids(html)).toEqual(['contact', 'certifications', 'portfolio'])
    const nav = navOf(html)
    expect(nav).not.toContain('#skills')
    expect(nav.indexOf('#contact')).toBeLessThan(nav.indexOf('#portfolio'))

    const project = await get(projectPath)
    expect(project.status).toBe(200)
    expect(htmlTag(project.html)).toContain('data-theme="grid"')
    expect(project.html).toContain('<style id="vitrine-accent">')
    // The CV page, in each language, is in the same look (docs/PRODUCT.md §21, §27).
    for (const path of ['/cv', '/fr/cv']) {
      const cv = await get(path)
      expect(cv.status, path).toBe(200)
      expect(htmlTag(cv.html), path).toContain('data-theme="grid"')
      expect(htmlTag(cv.html), path).toContain('data-font="mono"')
      expect(cv.html, path).toContain('<link rel="stylesheet" href="/src/themes/grid/theme.css" />')
      expect(cv.html, path).toContain('html.dark:root{--primary:#ffff00;')
    }

    const markdown = await (await pages.serve('/index.md', {}))!.text()
    expect(markdown).toContain('## Projects')
    expect(markdown).not.toContain('## Skills')
  })

  test('contact hidden: no Contact section, link or address in the Markdown', async () => {
    const email = await t.request('POST', '/configs', {
      token,
      body: { name: 'email', value: 'jordan@example.com' },
    })
    expect(email.status).toBe(201)
    const saved = await t.request('PUT', '/appearance', {
      token,
      body: {
        sections: [
          { id: 'contact', visible: false },
          { id: 'portfolio', visible: false },
        ],
      },
    })
    expect(saved.status).toBe(200)
    const { html } = await get('/')
    expect(ids(html)).not.toContain('contact')
    expect(navOf(html)).not.toContain('#contact')
    const markdown = await (await pages.serve('/index.md', {}))!.text()
    expect(markdown).not.toContain('jordan@example.com')
    // Nothing points to the missing section: the hero has no "Contact me".
    expect(html).not.toContain('href="#contact"')
    expect(html).not.toContain('CONTACT ME')
    // Nor to a hidden portfolio: no "View my work", no skill's "filter the portfolio" link,
    // and a project's page goes back to the home page's top.
    expect(ids(html)).toContain('skills')
    expect(html).not.toContain('#portfolio')
    expect(html).not.toContain('VIEW MY WORK')
    const project = await get(projectPath)
    expect(project.html).toMatch(/<a[^>]* href="\/"[^>]*>[\s\S]{0,300}?Back to Home/)
    expect(project.html).not.toContain('#portfolio')
  })

  test("every public page is in the chosen look: /, /fr/, a project, the posts, a post, /cv, a share link's page", async () => {
    const languages = await t.request('PUT', '/languages', {
      token,
      body: { default: 'en', languages: ['en', 'fr'] },
    })
    expect(languages.status).toBe(200)
    const written = await t.request('POST', '/posts', {
      token,
      body: { title: 'Charting the harbour', body: 'Soundings.', status: 'published' },
    })
    expect(written.status).toBe(201)
    const shared = await t.request('POST', '/share-links', {
      token,
      body: { label: 'Maps', projectIds: [Number(projectPath.split('/')[2]!.split('-')[0])] },
    })
    expect(shared.status).toBe(201)
    const saved = await t.request('PUT', '/appearance', {
      token,
      body: { theme: 'editorial', font: 'serif', accent: '#00ffff' },
    })
    expect(saved.status).toBe(200)
    const accent = /<style id="vitrine-accent">([^<]+)<\/style>/
    const paths = [
      '/',
      '/fr/',
      projectPath,
      `/fr${projectPath}`,
      '/writing',
      `/writing/${(written.body as { slug: string }).slug}`,
      '/cv',
      '/fr/cv',
      `/s/${(shared.body as { token: string }).token}`,
    ]
    const styles = new Set<string>()
    for (const path of paths) {
      const { status, html } = await get(path)
      expect(status, path).toBe(200)
      expect(htmlTag(html), path).toMatch(/ data-theme="editorial" data-font="serif"/)
      expect(html, path).toContain(
        '<link rel="stylesheet" href="/src/themes/editorial/theme.css" />',
      )
      expect(html, path).toContain('<link rel="stylesheet" href="/src/themes/fonts/serif.css" />')
      expect(html, path).not.toMatch(/\/src\/themes\/(classic|minimal|sidebar|grid|terminal)\//)
      styles.add(accent.exec(html)?.[1] ?? `none on ${path}`)
    }
    // One accent, derived from the chosen colour, on every page: cyan is too light on white.
    expect([...styles]).toHaveLength(1)
    expect([...styles][0]).toMatch(/^html:root\{--primary:#[0-9a-f]{6};/)
    expect([...styles][0]).not.toContain('html:root{--primary:#00ffff;')
    expect([...styles][0]).toContain('html.dark:root{--primary:#00ffff;')
  })
})
