// The table of public routes (supabase/functions/_shared/contract/public-routes.ts,
// docs/decisions/044) against the code that reads it: for each page, an
// address of it is answered the way its entry says by the page server, the
// head and the sitemap, and each API resource a page reads is kept for
// visitors. The static build's files per entry are checked in
// build/prerender.test.ts. Pages are served by Node only, so the deno target
// runs the reads part alone.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isPagePath } from '../../server/page-renderer.ts'
import type { PageRenderer } from '../../server/ssr.ts'
import { PUBLIC_CACHE_CONTROL } from '../../supabase/functions/_shared/http/http-cache.ts'
import {
  appOnlyPrefixes,
  isAppOnly,
  pageOf,
  postPath,
  projectPath,
  publicFiles,
  publicPageEntries,
  publicPages,
  publicReadResources,
  type PublicPageName,
} from '../../supabase/functions/_shared/contract/public-routes.ts'
import { sourcePageRenderer } from '@test-support/vite-renderer.ts'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'

const SITE = 'https://routes.example'

describe('the table of public routes', () => {
  let t: TestContext
  let project: { id: number; name: string }
  let shareToken: string
  let post: { slug: string }

  /** An address of each page in the table; a page added to the table without one fails the first test. */
  const examples = (): Record<PublicPageName, string> => ({
    home: '/',
    project: projectPath(project.id, project.name),
    writing: '/writing',
    post: postPath(post.slug),
    cv: '/cv',
    admin: '/admin/projects',
    shared: `/s/${shareToken}`,
    notFound: '/no-such-page',
  })

  beforeAll(async () => {
    t = await createTestContext()
    const { token } = await t.registerAdmin()
    const created = await t.request('POST', '/projects', {
      token,
      body: { name: 'Tide Tables', description: 'Tides.', isActive: true, technologiesIds: [] },
    })
    expect(created.status).toBe(201)
    project = created.body as { id: number; name: string }
    const shared = await t.request('POST', '/share-links', {
      token,
      body: { label: 'Routes', projectIds: [project.id] },
    })
    expect(shared.status).toBe(201)
    shareToken = (shared.body as { token: string }).token
    const written = await t.request('POST', '/posts', {
      token,
      body: { title: 'Reading the tides', body: 'Low water.', status: 'published' },
    })
    expect(written.status).toBe(201)
    post = written.body as { slug: string }
  }, 120_000)

  afterAll(async () => {
    await t?.close()
  })

  test('every page has an address, and the table names that address as that page', () => {
    expect(Object.keys(examples()).sort()).toEqual(Object.keys(publicPages).sort())
    for (const [name, entry] of publicPageEntries) {
      expect(pageOf(examples()[name]), name).toBe(name)
      expect(isAppOnly(examples()[name]), name).toBe(entry.render === 'app')
    }
  })

  test('a page in languages is also that page under each other language of the site, and no other prefix', () => {
    const site = { default: 'en', languages: ['en', 'fr', 'pt-BR'] }
    for (const [name, entry] of publicPageEntries) {
      if (!entry.languages) continue
      for (const lang of ['fr', 'pt-BR']) {
        const path = `/${lang}${examples()[name] === '/' ? '/' : examples()[name]}`
        expect(pageOf(path, site), path).toBe(name)
        expect(isAppOnly(path, site), path).toBe(entry.render === 'app')
        // Without the site's languages, or on a site without it, no page.
        expect(pageOf(path), path).toBe('notFound')
      }
      for (const lang of ['de', 'en']) {
        const path = `/${lang}${examples()[name] === '/' ? '/' : examples()[name]}`
        expect(pageOf(path, site), path).toBe('notFound')
      }
    }
    expect(pageOf('/fr/admin/projects', site)).toBe('notFound')
  })

  test('every resource a page reads is kept for visitors, and one no page reads is not', async () => {
    expect(publicReadResources.length).toBeGreaterThan(0)
    for (const resource of publicReadResources) {
      const res = await t.request('GET', `/${resource}`)
      expect(res.status, resource).toBe(200)
      expect(res.headers.get('cache-control'), resource).toBe(PUBLIC_CACHE_CONTROL)
    }
    // A resource no page reads is not kept.
    expect((await t.request('GET', '/health')).headers.get('cache-control')).not.toBe(
      PUBLIC_CACHE_CONTROL,
    )
  })

  describe.skipIf(!inProcess)('served as pages', () => {
    let pages: PageRenderer
    let close: () => Promise<void>
    const text = async (url: string) => (await pages.serve(url, {}))!.text()

    beforeAll(async () => {
      ;({ pages, close } = await sourcePageRenderer(t.app!, t.db!.driver, SITE))
    }, 120_000)
    afterAll(async () => {
      await close?.()
    })

    test('each page is rendered on the server or left to the app, with the status and head its entry says', async () => {
      for (const [name, entry] of publicPageEntries) {
        const path = examples()[name]
        expect(isPagePath(path), path).toBe(true)
        const response = await pages.serve(`${path}?utm_source=x`, {})
        if (entry.render === 'app') {
          expect(response, path).toBeNull()
          continue
        }
        expect(response?.status, path).toBe(entry.status ?? 200)
        const html = await response!.text()
        if (entry.head === 'canonical')
          expect(html, path).toContain(`<link rel="canonical" href="${SITE}${path}" />`)
        if (entry.head === 'noindex')
          expect(html, path).toContain('<meta name="robots" content="noindex" />')
      }
    })

    test('the sitemap lists the pages whose entry has a sitemap role, and robots.txt keeps out the app-only ones', async () => {
      for (const file of [publicFiles.robots, publicFiles.sitemap, '/og/home.png'])
        expect(isPagePath(file), file).toBe(true)
      const sitemap = await text(publicFiles.sitemap)
      for (const [name, entry] of publicPageEntries) {
        const path = examples()[name]
        const listed = sitemap.includes(`<loc>${SITE}${path}</loc>`)
        expect(listed, path).toBe(entry.sitemap !== undefined)
      }
      const robots = await text(publicFiles.robots)
      expect(appOnlyPrefixes.length).toBeGreaterThan(0)
      for (const prefix of appOnlyPrefixes) expect(robots).toContain(`Disallow: ${prefix}\n`)
    })
  })
})
