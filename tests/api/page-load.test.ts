// Server-rendered pages under load (docs/PRODUCT.md §22): what is kept, what
// is rendered again, what waits its turn and what a CDN may keep. Pages are
// rendered by `npm start` only (the edge function serves none), so the deno
// target skips this file.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { versionSource } from '../../supabase/functions/_shared/http/http-cache.ts'
import {
  addressLimit,
  createWorkQueue,
  type WorkQueue,
} from '../../supabase/functions/_shared/http/work-queue.ts'
import { createPageRenderer, NOT_FOUND_KEY, type RenderModule } from '../../server/ssr.ts'
import { loadSourceRenderer } from '@test-support/vite-renderer.ts'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'

describe.skipIf(!inProcess)('server-rendered pages under load', () => {
  let t: TestContext
  let source: Awaited<ReturnType<typeof loadSourceRenderer>>
  let projectId: number

  beforeAll(async () => {
    t = await createTestContext()
    const { token } = await t.registerAdmin()
    source = await loadSourceRenderer()
    const created = await t.request('POST', '/projects', {
      token,
      body: {
        name: 'Harbor Maps',
        description: 'Tracks ships.',
        startYear: 2023,
        endYear: null,
        technologiesIds: [],
        isActive: true,
      },
    })
    projectId = created.body.id
  }, 120_000)
  afterAll(async () => {
    await source?.close()
    await t?.close()
  })

  /** A renderer over this test's API that counts the pages it renders, by path. */
  const renderer = (options: Partial<Parameters<typeof createPageRenderer>[0]> = {}) => {
    const renders = new Map<string, number>()
    const render: RenderModule = {
      ...source.render,
      renderPage: (url, siteUrl) => {
        renders.set(url, (renders.get(url) ?? 0) + 1)
        return source.render.renderPage(url, siteUrl)
      },
    }
    const pages = createPageRenderer({
      template: source.template,
      render,
      api: t.app!,
      apiPath: '/api',
      clientApiBase: '/functions/v1/api',
      versions: versionSource(t.db!.driver),
      siteUrl: 'https://jordan.example',
      ...options,
    })
    const serve = async (url: string, client?: string) => {
      const res = await pages.serve(url, {}, client)
      if (!res) throw new Error(`no page for ${url}`)
      await res.arrayBuffer()
      return res
    }
    return { serve, renders }
  }

  test('every unknown path is answered 404 with one not-found page, rendered once', async () => {
    const { serve, renders } = renderer({ limits: { entries: 2, bytes: 64 * 1024 * 1024 } })
    await serve('/')
    for (let i = 0; i < 20; i++) {
      const res = await serve(`/no-such-page-${i}?x=${i}`)
      expect(res.status).toBe(404)
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
    expect([...renders.keys()].sort()).toEqual(['/', NOT_FOUND_KEY])
    expect(renders.get(NOT_FOUND_KEY)).toBe(1)
    // Junk takes one place in the kept pages, never the home page's.
    await serve('/')
    expect(renders.get('/')).toBe(1)
  })

  test("a missing project's page is answered 404 and rendered each time, not kept", async () => {
    const { serve, renders } = renderer()
    expect((await serve('/projects/999999-gone')).status).toBe(404)
    expect((await serve('/projects/999999-gone')).status).toBe(404)
    expect(renders.get('/projects/999999-gone')).toBe(2)
  })

  test('new paths push out the least recently used page, never the home page asked for meanwhile', async () => {
    const { serve, renders } = renderer({ limits: { entries: 3, bytes: 64 * 1024 * 1024 } })
    await serve('/')
    for (let i = 0; i < 6; i++) {
      expect((await serve(`/projects/${projectId}-slug-${i}`)).status).toBe(200)
      await serve('/')
    }
    expect(renders.get('/')).toBe(1)
    // The oldest of the others has gone, and is rendered again when asked for.
    await serve(`/projects/${projectId}-slug-0`)
    expect(renders.get(`/projects/${projectId}-slug-0`)).toBe(2)
  })

  test('visitors asking at once for a page not kept yet share one rendering', async () => {
    const { serve, renders } = renderer()
    const answers = await Promise.all(Array.from({ length: 6 }, () => serve('/')))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(renders.get('/')).toBe(1)
  })

  test('a rendering that finds the queue full is refused 503 with Retry-After', async () => {
    const work: WorkQueue = createWorkQueue({ concurrency: 1, waiting: 0 })
    const { serve } = renderer({ work })
    let release = () => {}
    const held = work.run(() => new Promise<void>((resolve) => (release = resolve)))
    const refused = await serve('/').catch((error: unknown) => error)
    expect(refused).toMatchObject({ status: 503, headers: { 'Retry-After': '1' } })
    release()
    await held
    expect((await serve('/')).status).toBe(200)
  })

  test('one address may start only so many renderings nothing kept', async () => {
    const { serve } = renderer({ limit: addressLimit({ perMinute: 2 }) })
    await serve('/projects/999991-missing', 'a')
    await serve('/projects/999992-missing', 'a')
    const refused = await serve('/projects/999993-missing', 'a').catch((error: unknown) => error)
    expect(refused).toMatchObject({ status: 429 })
    expect((await serve('/projects/999993-missing', 'b')).status).toBe(404)
  })

  test('a page may be kept by a CDN a minute and served stale while it refreshes; a 404 may not', async () => {
    const { serve } = renderer()
    for (const url of ['/', `/projects/${projectId}`, '/sitemap.xml', '/robots.txt']) {
      const res = await serve(url)
      expect(res.status, url).toBe(200)
      expect(res.headers.get('cache-control'), url).toBe(
        'public, max-age=0, must-revalidate, s-maxage=60',
      )
      expect(res.headers.get('cdn-cache-control'), url).toBe(
        'public, max-age=60, stale-while-revalidate=600',
      )
      expect(res.headers.get('vary'), url).toBe('Accept-Encoding')
    }
    const missing = await serve('/no-such-page')
    expect(missing.headers.get('cache-control')).toBe('no-store')
    expect(missing.headers.get('cdn-cache-control')).toBeNull()
  })
})
