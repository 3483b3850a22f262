// A project's description and an experience's or education's are Markdown
// (docs/PRODUCT.md §26): every read answers them also as HTML rendered on the
// server (`descriptionHtml`, and `translationsHtml` for their translations),
// which the public pages show as it comes; a plain text written before
// Markdown reads as it did (paragraphs, line breaks). Raw HTML is text, links
// are http(s) or mailto only. On PGlite, PostgreSQL and Deno; the page itself
// on the first two (the edge function serves no pages).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'
import { sourcePageRenderer } from '@test-support/vite-renderer.ts'

let t: TestContext
let token: string
let plain: number
let marked: number

const PLAIN = 'Tracks ships.\n\nSecond paragraph,\nits second line.'
const PLAIN_HTML = '<p>Tracks ships.</p>\n<p>Second paragraph,<br>\nits second line.</p>\n'
const MARKED = [
  '**Bold** and [docs](https://docs.example/a?b=1&c=2), [mail](mailto:me@jordan.example).',
  '',
  '- [bad](javascript:alert(1)) [data](data:text/html,x) [ftp](ftp://files.example)',
  '- <b onclick="x()">raw</b>',
].join('\n')

beforeAll(async () => {
  t = await createTestContext()
  token = (await t.registerAdmin()).token
  await t.request('PUT', '/languages', { token, body: { default: 'en', languages: ['en', 'fr'] } })
  const create = async (body: Record<string, unknown>) => {
    const created = await t.request('POST', '/projects', {
      token,
      body: { startYear: 2024, technologiesIds: [], isActive: true, ...body },
    })
    expect(created.status).toBe(201)
    return created.body.id as number
  }
  plain = await create({ name: 'Harbor', description: PLAIN })
  marked = await create({
    name: 'Marked',
    description: MARKED,
    translations: { fr: { description: '*Bonjour* <i>x</i>' } },
  })
}, 120_000)
afterAll(() => t.close())

const html = async (url: string) => {
  const answer = await t.request('GET', url)
  expect(answer.status, url).toBe(200)
  return answer.body
}

describe('descriptions as Markdown', () => {
  test('a plain description reads as before: its paragraphs and line breaks', async () => {
    expect((await html(`/projects/${plain}`)).descriptionHtml).toBe(PLAIN_HTML)
    for (const url of ['/projects', '/projects?limit=5', `/projects?technologyId=1`]) {
      const list = (await html(url)) as { id: number; descriptionHtml: string }[]
      const found = list.find((p) => p.id === plain)
      if (found) expect(found.descriptionHtml, url).toBe(PLAIN_HTML)
      else expect(url).toContain('technologyId')
    }
    // The text itself stays what was written (exports and assistants read it).
    expect((await html(`/projects/${plain}`)).description).toBe(PLAIN)
  })

  test('Markdown is rendered; raw HTML is text; links are http(s) or mailto only', async () => {
    const { descriptionHtml } = await html(`/projects/${marked}`)
    expect(descriptionHtml).toContain('<strong>Bold</strong>')
    expect(descriptionHtml).toContain(
      '<a href="https://docs.example/a?b=1&amp;c=2" rel="noopener noreferrer">docs</a>',
    )
    expect(descriptionHtml).toContain('<a href="mailto:me@jordan.example">mail</a>')
    expect(descriptionHtml).toContain('&lt;b onclick=&quot;x()&quot;&gt;raw&lt;/b&gt;')
    expect(descriptionHtml).not.toMatch(/href="(?:javascript|data|ftp):/)
    expect(descriptionHtml).not.toContain('<b')
    expect(descriptionHtml).toContain('<ul>')
  })

  test("a translation's description is rendered too, for the language asked", async () => {
    const fr = await html(`/projects/${marked}?lang=fr`)
    expect(fr.translationsHtml).toEqual({
      fr: { description: '<p><em>Bonjour</em> &lt;i&gt;x&lt;/i&gt;</p>\n' },
    })
    const list = (await html('/projects?lang=fr')) as { id: number; translationsHtml?: object }[]
    expect(list.find((p) => p.id === marked)!.translationsHtml).toEqual(fr.translationsHtml)
    // A project without a translated description has none to add.
    expect(list.find((p) => p.id === plain)!.translationsHtml).toBeUndefined()
  })

  test("an experience's and an education's description are rendered in lists and items", async () => {
    for (const [path, body] of [
      ['/experiences', { organization: 'Acme', role: 'Lead', startDate: '2021-04' }],
      ['/education', { institution: 'Uni', qualification: 'MSc', startDate: '2015-09' }],
    ] as const) {
      const created = await t.request('POST', path, {
        token,
        body: { ...body, description: 'Led **three** teams.\nRemote.' },
      })
      expect(created.status, path).toBe(201)
      const expected = '<p>Led <strong>three</strong> teams.<br>\nRemote.</p>\n'
      expect(created.body.descriptionHtml).toBe(expected)
      expect((await html(`${path}/${created.body.id}`)).descriptionHtml).toBe(expected)
      expect((await html(path))[0].descriptionHtml).toBe(expected)
    }
  })
})

describe.skipIf(!inProcess)('descriptions on the public pages', () => {
  test("the project page, the home page's card and the experience show the server's HTML", async () => {
    const { pages, close } = await sourcePageRenderer(
      t.app!,
      t.db!.driver,
      'https://jordan.example',
    )
    try {
      const page = async (url: string) => {
        const answer = await pages.serve(url, {})
        expect(answer?.status, url).toBe(200)
        return answer!.text()
      }
      const project = await page(`/projects/${marked}`)
      expect(project).toContain('<strong>Bold</strong>')
      expect(project).toContain('&lt;b onclick=&quot;x()&quot;&gt;raw&lt;/b&gt;')
      // The text is in the page's state as written; no link is ever made of it.
      expect(project).not.toMatch(/href="javascript:/)
      expect(await page(`/projects/${plain}`)).toContain(PLAIN_HTML.trim())
      expect(await page(`/fr/projects/${marked}`)).toContain('<em>Bonjour</em>')
      const home = await page('/')
      expect(home).toContain('<strong>Bold</strong>')
      expect(home).toContain('Led <strong>three</strong> teams.<br>')
    } finally {
      await close()
    }
  }, 120_000)
})
