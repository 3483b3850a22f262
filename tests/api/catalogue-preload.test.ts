// A page in a language whose catalogue is a chunk of its own names that chunk
// among its module preloads (docs/PRODUCT.md §23), from the build's Vite
// manifest, so the browser fetches it beside the entry rather than once the
// entry has run; a page in English, whose catalogue is in the entry, names
// none. The edge function serves no pages, so the deno target skips this file.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PageRenderer } from '../../server/ssr.ts'
import { catalogueModules } from '../../server/build-manifest.ts'
import { sourcePageRenderer } from '@test-support/vite-renderer.ts'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'

/** A build's manifest as Vite writes it: the entry imports a shared chunk, and the French catalogue imports it too. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-E1.js',
    isEntry: true,
    imports: ['_shared-S1.js'],
    dynamicImports: ['src/lib/i18n/messages/fr.ts', 'src/lib/i18n/messages/ar.ts'],
  },
  '_shared-S1.js': { file: 'assets/shared-S1.js' },
  'src/lib/i18n/messages/fr.ts': {
    file: 'assets/fr-F1.js',
    isDynamicEntry: true,
    imports: ['_shared-S1.js'],
  },
  'src/lib/i18n/messages/ar.ts': { file: 'assets/ar-A1.js', isDynamicEntry: true },
}

const preloads = (html: string) =>
  [...html.matchAll(/<meta name="vitrine-preload" content="([^"]+)"/g)].map((m) => m[1])

describe('the catalogue chunks of a build', () => {
  test("each language's files beyond the entry, by the manifest; none without one", async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'vitrine-manifest-'))
    try {
      expect((await catalogueModules(dist))('fr')).toEqual([])
      await mkdir(path.join(dist, '.vite'))
      await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
      const files = await catalogueModules(dist)
      expect(files('fr')).toEqual(['/assets/fr-F1.js'])
      // A regional tag reads its base language's catalogue.
      expect(files('fr-CA')).toEqual(['/assets/fr-F1.js'])
      expect(files('ar')).toEqual(['/assets/ar-A1.js'])
      // English is in the entry; German has no chunk in this build; Japanese reads English.
      expect([files('en'), files('de'), files('ja')]).toEqual([[], [], []])
    } finally {
      await rm(dist, { recursive: true, force: true })
    }
  })
})

describe.skipIf(!inProcess)("a page's preload of its catalogue chunk", () => {
  let t: TestContext
  let token: string
  let pages: PageRenderer
  let close: () => Promise<void>

  const html = async (url: string) => {
    const response = await pages.serve(url, {})
    if (!response) throw new Error(`no page for ${url}`)
    expect(response.status).toBe(200)
    return response.text()
  }
  const setLanguages = async (body: { default: string; languages: string[] }) =>
    expect((await t.request('PUT', '/languages', { token, body })).status).toBe(200)

  beforeAll(async () => {
    t = await createTestContext()
    token = (await t.registerAdmin()).token
    ;({ pages, close } = await sourcePageRenderer(t.app!, t.db!.driver, 'https://ines.example', {
      catalogueModules: (lang) =>
        ({ fr: ['/assets/fr-F1.js'], ar: ['/assets/ar-A1.js'] })[lang] ?? [],
    }))
  }, 120_000)

  afterAll(async () => {
    await close?.()
    await t?.close()
  })

  test('/fr/ preloads the French chunk alone, / none', async () => {
    await setLanguages({ default: 'en', languages: ['en', 'fr', 'ar'] })
    expect(preloads(await html('/fr/'))).toEqual(['/assets/fr-F1.js'])
    expect(preloads(await html('/ar/'))).toEqual(['/assets/ar-A1.js'])
    expect(preloads(await html('/'))).toEqual([])
    await setLanguages({ default: 'en', languages: ['en'] })
  })

  test("a French-default site's / preloads the French chunk", async () => {
    await setLanguages({ default: 'fr', languages: ['fr', 'en'] })
    expect(preloads(await html('/'))).toEqual(['/assets/fr-F1.js'])
    expect(preloads(await html('/en/'))).toEqual([])
    await setLanguages({ default: 'en', languages: ['en'] })
  })
})
