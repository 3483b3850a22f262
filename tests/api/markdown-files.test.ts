// llms.txt, llms-full.txt and the Markdown version of each page, as the page
// renderer of `npm start` serves them (docs/PRODUCT.md §25): in the site's
// languages, kept per content version, never with an inactive project, and
// named by each page's head. The edge function serves no pages, so the deno
// target skips this file.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PageRenderer } from '../../server/ssr.ts'
import { sourcePageRenderer } from '@test-support/vite-renderer.ts'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'

const SITE = 'https://ada.example'

describe.skipIf(!inProcess)('Markdown files for assistants', () => {
  let t: TestContext
  let token: string
  let pages: PageRenderer
  let close: () => Promise<void>
  let harbor: { id: number }
  let hidden: { id: number }

  const get = async (url: string, ifNoneMatch?: string) => {
    const response = await pages.serve(url, { ifNoneMatch })
    if (!response) throw new Error(`no answer for ${url}`)
    return { status: response.status, headers: response.headers, text: await response.text() }
  }
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await t.request('POST', path, { token, body })
    expect(res.status).toBe(201)
    return res.body as { id: number }
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
    await post('/configs', { name: 'ownerName', value: 'Ada Example' })
    harbor = await post('/projects', {
      name: 'Harbor Maps',
      description: 'Tide charts for small ports.',
      startYear: 2021,
      translations: { fr: { name: 'Cartes du port', description: 'Des marées pour les ports.' } },
    })
    await post('/posts', {
      title: 'Vacuum notes',
      summary: 'Autovacuum settings that matter.',
      body: '## Settings\n\n```bash\n# not a heading\n```',
      status: 'published',
    })
    // Never in these files: a draft post, a share link's label and note.
    await post('/posts', {
      title: 'Draft Musings',
      summary: 'Unpublished.',
      body: 'Not yet.',
      status: 'draft',
    })
    await post('/share-links', {
      label: 'Acme backend role',
      note: 'Hello Acme recruiter',
      projectIds: [harbor.id],
    })
    hidden = await post('/projects', {
      name: 'Secret Prototype',
      description: 'Hidden.',
      isActive: false,
    })
  }, 120_000)
  afterAll(async () => {
    await close?.()
    await t?.close()
  })

  test('llms.txt and llms-full.txt, as text, linking the Markdown pages', async () => {
    const llms = await get('/llms.txt')
    expect(llms.status).toBe(200)
    expect(llms.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(llms.text).toMatch(/^# Ada Example\n/)
    expect(llms.text).toContain(`${SITE}/projects/${harbor.id}-harbor-maps.md`)
    expect(llms.text).toContain(`${SITE}/fr/llms.txt`)
    const full = await get('/llms-full.txt')
    expect(full.status).toBe(200)
    expect(full.text).toContain('## Harbor Maps')
  })

  test('each page in Markdown, in each language; French texts under /fr/', async () => {
    const home = await get('/index.md')
    expect(home.status).toBe(200)
    expect(home.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
    const project = await get(`/projects/${harbor.id}-harbor-maps.md`)
    expect(project.text).toMatch(/^# Harbor Maps\n/)
    const french = await get(`/fr/projects/${harbor.id}-harbor-maps.md`)
    expect(french.text).toMatch(/^# Cartes du port\n/)
    expect(french.text).toContain(`${SITE}/fr/projects/${harbor.id}-harbor-maps`)
    expect((await get('/fr/llms.txt')).text).toContain(`${SITE}/fr/index.md`)
    expect((await get('/cv.md')).status).toBe(200)
    const writing = await get('/writing/vacuum-notes.md')
    expect(writing.text).toMatch(/^# Vacuum notes\n/)
    expect(writing.text).toContain('```bash\n# not a heading\n```')
    expect((await get('/llms.txt')).text).toContain(
      `## Writing\n\n- [Vacuum notes](${SITE}/writing/vacuum-notes.md): Autovacuum settings that matter.`,
    )
    // Nested under llms-full.txt's H1, but not inside code.
    const full = (await get('/llms-full.txt')).text
    expect(full).toContain('## Vacuum notes')
    expect(full).toContain('### Settings')
    expect(full).toContain('```bash\n# not a heading\n```')
  })

  test('an inactive project, an unknown one or a language the site lacks is 404', async () => {
    for (const url of [
      `/projects/${hidden.id}-secret-prototype.md`,
      '/projects/999999-nothing.md',
      '/de/llms.txt',
      '/nothing.md',
      '/writing/draft-musings.md',
    ])
      expect((await get(url)).status, url).toBe(404)
    for (const url of ['/llms.txt', '/llms-full.txt', '/index.md', '/fr/llms-full.txt'])
      expect((await get(url)).text, url).not.toMatch(/Secret|Hidden|Draft Musings|Acme/)
  })

  test("the pages' heads name their Markdown version, the home page llms.txt", async () => {
    const home = await get('/')
    expect(home.text).toContain(
      `<link rel="alternate" type="text/markdown" href="${SITE}/index.md" />`,
    )
    expect(home.text).toContain(`title="llms.txt" href="${SITE}/llms.txt"`)
    const french = await get(`/fr/projects/${harbor.id}-harbor-maps`)
    expect(french.text).toContain(
      `<link rel="alternate" type="text/markdown" href="${SITE}/fr/projects/${harbor.id}-harbor-maps.md" />`,
    )
  })

  test('kept per content version: a write shows at once, a repeat is a 304', async () => {
    const first = await get('/llms.txt')
    const again = await get('/llms.txt', first.headers.get('etag') ?? undefined)
    expect(again.status).toBe(304)
    await post('/projects', { name: 'Quiet Ledger', description: 'Books.' })
    expect((await get('/llms.txt')).text).toContain('Quiet Ledger')
  })
})
