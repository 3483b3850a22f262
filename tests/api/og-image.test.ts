// The generated link-preview image (docs/decisions/023, "The site image"): the
// home page and a project without a screenshot name an absolute /og/*.png that
// the page renderer answers as a 1200×630 PNG, kept per content version; a
// project with a thumbnail keeps its thumbnail. On PGlite and PostgreSQL, like
// tests/api/pages.test.ts; the deno target serves no pages and skips it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PageRenderer } from '../../server/ssr.ts'
import { isPagePath } from '../../server/page-renderer.ts'
import { readSiteImageContent } from '../../server/site-image-content.ts'
import { imageTexts } from '../../src/entry-server.tsx'
import type { Languages } from '@shared/contract/types.ts'
import { sourcePageRenderer } from '@test-support/vite-renderer.ts'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'

const SITE = 'https://jordan.example'
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

describe.skipIf(!inProcess)('the generated site image', () => {
  let t: TestContext
  let token: string
  let pages: PageRenderer
  let close: () => Promise<void>
  let plain: { id: number }
  let pictured: { id: number }
  let hidden: { id: number }

  const serve = async (url: string, headers: { ifNoneMatch?: string } = {}) => {
    const response = await pages.serve(url, headers)
    if (!response) throw new Error(`no answer for ${url}`)
    return response
  }
  const html = async (url: string) => (await serve(url)).text()
  const meta = (page: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(page)?.[1]
  /** The image a page's head names, fetched through the renderer as a crawler would by its absolute address. */
  const imageOf = async (page: string) => {
    const url = meta(page, 'og:image')!
    expect(url.startsWith(`${SITE}/`), url).toBe(true)
    const { pathname } = new URL(url)
    expect(isPagePath(pathname)).toBe(true)
    const response = await serve(pathname)
    return { url, response, bytes: new Uint8Array(await response.arrayBuffer()) }
  }
  const expectPng = (bytes: Uint8Array, width: number, height: number) => {
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE)
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    // The first chunk is IHDR: length (4 bytes), type, then width and height, big-endian.
    expect(String.fromCharCode(...bytes.subarray(12, 16))).toBe('IHDR')
    expect(view.getUint32(16)).toBe(width)
    expect(view.getUint32(20)).toBe(height)
  }
  const project = async (body: Record<string, unknown>) =>
    (
      await t.request('POST', '/projects', {
        token,
        body: { description: 'A project.', technologiesIds: [], isActive: true, ...body },
      })
    ).body as { id: number }
  let ownerConfigId: number

  beforeAll(async () => {
    t = await createTestContext()
    token = (await t.registerAdmin()).token
    ;({ pages, close } = await sourcePageRenderer(t.app!, t.db!.driver, SITE))
    const owner = await t.request('POST', '/configs', {
      token,
      body: { name: 'ownerName', value: 'Jordan Avery' },
    })
    expect(owner.status).toBe(201)
    ownerConfigId = (owner.body as { id: number }).id
    plain = await project({ name: 'Harbor Maps', startYear: 2021, endYear: 2023 })
    pictured = await project({ name: 'Tide Charts', thumbnail: 'https://cdn.example/tide.png' })
    hidden = await project({ name: 'Draft', isActive: false })
  }, 120_000)

  afterAll(async () => {
    await close?.()
    await t?.close()
  })

  test('the home page names its generated image by an absolute address, and that image is a 1200×630 PNG', async () => {
    const page = await html('/')
    const { url, response, bytes } = await imageOf(page)
    expect(url).toBe(`${SITE}/og/home.png`)
    expect(meta(page, 'og:image:width')).toBe('1200')
    expect(meta(page, 'og:image:height')).toBe('630')
    expect(meta(page, 'twitter:image')).toBe(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('etag')).toBeTruthy()
    expectPng(bytes, 1200, 630)
  })

  test('a project without images points to its own generated image', async () => {
    const page = await html(`/projects/${plain.id}-harbor-maps`)
    const { url, response, bytes } = await imageOf(page)
    expect(url).toBe(`${SITE}/og/projects/${plain.id}.png`)
    expect(meta(page, 'og:image:width')).toBe('1200')
    expect(meta(page, 'twitter:image')).toBe(url)
    expect(response.status).toBe(200)
    expectPng(bytes, 1200, 630)
    // Not the home image: the project's name and years are drawn on it.
    const home = new Uint8Array(await (await serve('/og/home.png')).arrayBuffer())
    expect(Buffer.from(bytes).equals(Buffer.from(home))).toBe(false)
  })

  test('a project with a thumbnail keeps the thumbnail', async () => {
    const page = await html(`/projects/${pictured.id}-tide-charts`)
    expect(meta(page, 'og:image')).toBe('https://cdn.example/tide.png')
    expect(meta(page, 'twitter:image')).toBe('https://cdn.example/tide.png')
    expect(page).not.toContain('/og/projects/')
  })

  test('unknown and inactive projects, and other paths under /og/, answer 404', async () => {
    for (const url of [
      '/og/projects/987654321.png',
      `/og/projects/${hidden.id}.png`,
      '/og/projects/abc.png',
      '/og/other.png',
    ]) {
      const response = await serve(url)
      expect(response.status, url).toBe(404)
      expect(response.headers.get('content-type'), url).not.toBe('image/png')
    }
  })

  test('a kept image is answered 304 by its ETag, and changes after the owner is renamed', async () => {
    const first = await serve('/og/home.png')
    const etag = first.headers.get('etag')!
    const before = Buffer.from(await first.arrayBuffer())
    expect((await serve('/og/home.png', { ifNoneMatch: etag })).status).toBe(304)
    const renamed = await t.request('PATCH', `/configs/${ownerConfigId}`, {
      token,
      body: { value: 'Morgan Lee' },
    })
    expect(renamed.status).toBe(200)
    const after = await serve('/og/home.png')
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
    const bytes = Buffer.from(await after.arrayBuffer())
    expectPng(bytes, 1200, 630)
    expect(bytes.equals(before)).toBe(false)
  })

  describe("in the site's other languages (docs/PRODUCT.md §23)", () => {
    const site: Languages = { default: 'en', languages: ['en', 'fr', 'ar'] }
    /** A visitor's read of the API, as the renderer makes it. */
    const read = async (apiPath: string) => {
      const res = await t.request('GET', apiPath)
      return new Response(JSON.stringify(res.body), { status: res.status })
    }
    beforeAll(async () => {
      const put = await t.request('PUT', '/languages', { token, body: site })
      expect(put.status).toBe(200)
      const hero = await t.request('POST', '/configs', {
        token,
        body: {
          name: 'heroTitle1',
          value: 'Backend',
          translations: { fr: { value: 'Ingénieure' }, ar: { value: 'مهندسة' } },
        },
      })
      expect(hero.status).toBe(201)
      const named = await t.request('PATCH', `/projects/${plain.id}`, {
        token,
        body: { translations: { fr: { name: 'Cartes du port' } } },
      })
      expect(named.status).toBe(200)
    })

    test('each language draws its own words, right to left for Arabic; others are not found', async () => {
      const content = (lang: string | null, id?: number) =>
        readSiteImageContent(
          read,
          { imageTexts },
          id ? { kind: 'project', id, lang } : { kind: 'home', lang },
          site,
          SITE,
        )
      expect(await content('fr')).toMatchObject({
        heroTitle: expect.stringMatching(/^Ingénieure /),
        dir: 'ltr',
      })
      expect(await content('ar')).toMatchObject({
        heroTitle: expect.stringMatching(/^مهندسة /),
        dir: 'rtl',
      })
      expect(await content(null)).toMatchObject({ heroTitle: expect.stringMatching(/^Backend /) })
      expect(await content('fr', plain.id)).toMatchObject({ project: { name: 'Cartes du port' } })
      // Untranslated, a project keeps its name in the default language.
      expect(await content('ar', plain.id)).toMatchObject({ project: { name: 'Harbor Maps' } })
      for (const lang of ['de', 'en']) expect(await content(lang), lang).toBe('not found')
      expect(await content('fr', hidden.id)).toBe('not found')
    })

    test("a page's head names the image of its language, which the renderer draws", async () => {
      const page = await html('/fr/')
      const { url, response, bytes } = await imageOf(page)
      expect(url).toBe(`${SITE}/og/fr/home.png`)
      expect(response.status).toBe(200)
      expectPng(bytes, 1200, 630)
      const home = Buffer.from(await (await serve('/og/home.png')).arrayBuffer())
      expect(Buffer.from(bytes).equals(home)).toBe(false)
      const arabic = await imageOf(await html(`/ar/projects/${plain.id}-harbor-maps`))
      expect(arabic.url).toBe(`${SITE}/og/ar/projects/${plain.id}.png`)
      expectPng(arabic.bytes, 1200, 630)
      for (const url of ['/og/de/home.png', '/og/en/home.png', `/og/fr/projects/${hidden.id}.png`])
        expect((await serve(url)).status, url).toBe(404)
    })
  })
})
