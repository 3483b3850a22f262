// The server-rendered public page takes its interface texts from the catalogue
// of its language (docs/PRODUCT.md §23): the renderer reads the site's
// languages and loads that catalogue before rendering, so the HTML a visitor
// or a search engine gets is already in that language. The edge function
// serves no pages, so the deno target skips this file.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PageRenderer } from '../../server/ssr.ts'
import { sourcePageRenderer } from '@test-support/vite-renderer.ts'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'

describe.skipIf(!inProcess)("pages rendered in the site's default language", () => {
  let t: TestContext
  let token: string
  let pages: PageRenderer
  let close: () => Promise<void>

  const html = async (url: string) => {
    const response = await pages.serve(url, {})
    if (!response) throw new Error(`no page for ${url}`)
    return { status: response.status, text: await response.text() }
  }
  const setLanguages = async (body: { default: string; languages: string[] }) =>
    expect((await t.request('PUT', '/languages', { token, body })).status).toBe(200)

  beforeAll(async () => {
    t = await createTestContext()
    token = (await t.registerAdmin()).token
    ;({ pages, close } = await sourcePageRenderer(t.app!, t.db!.driver, 'https://ines.example'))
    // One project, so the hero leads to a portfolio ("VIEW MY WORK" shows only then, §28).
    const go = await t.request('POST', '/technologies', { token, body: { name: 'Go' } })
    const project = await t.request('POST', '/projects', {
      token,
      body: {
        name: 'Ledger',
        description: 'A double-entry ledger.',
        startYear: 2022,
        endYear: null,
        technologiesIds: [go.body.id],
        isActive: true,
      },
    })
    expect(project.status).toBe(201)
  }, 120_000)

  afterAll(async () => {
    await close?.()
    await t?.close()
  })

  test('a French-default site renders / in French, and in English again once English is back', async () => {
    await setLanguages({ default: 'fr', languages: ['fr'] })
    const french = await html('/')
    expect(french.status).toBe(200)
    for (const text of ['VOIR MES RÉALISATIONS', 'Compétences', 'Aller au contenu', 'DÉVELOPPEUR'])
      expect(french.text).toContain(text)
    expect(french.text).not.toContain('VIEW MY WORK')
    // The languages travel with the page, so the browser picks the same catalogue before hydrating.
    const state = JSON.parse(
      /<script type="application\/json" id="vitrine-state">([\s\S]*?)<\/script>/.exec(
        french.text,
      )![1]!,
    ) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] }
    expect(state.queries.find((q) => q.queryKey[1] === 'languages')?.state.data).toEqual({
      default: 'fr',
      languages: ['fr'],
    })

    const missing = await html('/nowhere')
    expect(missing.status).toBe(404)
    expect(missing.text).toContain('<title>Page introuvable</title>')
    expect(missing.text).toContain('Retour à l’accueil')

    await setLanguages({ default: 'en', languages: ['en'] })
    const english = await html('/')
    expect(english.text).toContain('VIEW MY WORK')
    expect(english.text).not.toContain('VOIR MES RÉALISATIONS')
  })

  test('an Arabic-default site renders Arabic texts; a language without a catalogue, English', async () => {
    await setLanguages({ default: 'ar', languages: ['ar'] })
    expect((await html('/')).text).toContain('شاهد أعمالي')
    await setLanguages({ default: 'ja', languages: ['ja'] })
    expect((await html('/')).text).toContain('VIEW MY WORK')
    await setLanguages({ default: 'en', languages: ['en'] })
  })
})
