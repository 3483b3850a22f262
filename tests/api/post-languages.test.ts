// Posts in the site's languages (docs/PRODUCT.md §26, "In every language"):
// a visitor's read with `?lang=` carries that language's title, summary and
// body, the body also rendered on the server; a card never carries a body;
// drafts stay hidden in every language.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
  const languages = await t.request('PUT', '/languages', {
    token: r.admin.token,
    body: { default: 'en', languages: ['en', 'fr', 'de'] },
  })
  expect(languages.status).toBe(200)
})
afterAll(() => t.close())

const text = (body: unknown) => JSON.stringify(body)

const create = async (body: Record<string, unknown>) => {
  const res = await t.request('POST', '/posts', { token: r.admin.token, body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { id: number; slug: string }
}

describe('posts in every language', () => {
  let translated: { id: number; slug: string }
  let plain: { id: number; slug: string }
  let draft: { id: number; slug: string }
  beforeAll(async () => {
    plain = await create({ title: 'Untranslated', body: 'Only *English*', status: 'published' })
    translated = await create({
      title: 'Hello',
      summary: 'About things',
      body: '# Hello\n\nSome `code`',
      status: 'published',
      translations: { fr: { title: 'Bonjour', body: '# Bonjour\n\nDu *code*' } },
    })
    draft = await create({
      title: 'Secret draft',
      body: 'Hidden',
      translations: { fr: { title: 'Brouillon secret', body: 'Caché' } },
    })
  })

  test("a visitor's post in another language carries its texts and its body's HTML", async () => {
    const res = await t.request('GET', `/posts/slug/${translated.slug}?lang=fr`)
    expect(res.status).toBe(200)
    expect(res.body.title).toBe('Hello')
    expect(res.body.bodyHtml).toContain('<h1')
    expect(res.body.bodyHtml).toContain('Hello')
    expect(res.body.translations).toEqual({
      fr: { title: 'Bonjour', body: '# Bonjour\n\nDu *code*' },
    })
    expect(res.body.translationsHtml.fr.body).toContain('<em>code</em>')
    expect(res.body.translationsHtml.fr.body).toContain('Bonjour</h1>')
    const byId = await t.request('GET', `/posts/${translated.id}?lang=fr`)
    expect(byId.body.translationsHtml).toEqual(res.body.translationsHtml)
    // A language with no text: the language's key, empty, and no HTML.
    const german = await t.request('GET', `/posts/slug/${translated.slug}?lang=de`)
    expect(german.body.translations).toEqual({ de: {} })
    expect(german.body).not.toHaveProperty('translationsHtml')
    const untranslated = await t.request('GET', `/posts/slug/${plain.slug}?lang=fr`)
    expect(untranslated.body.translations).toEqual({ fr: {} })
  })

  test('without lang, or in the default language, the answer is what it was', async () => {
    const before = await t.request('GET', `/posts/slug/${translated.slug}`)
    expect(before.body).not.toHaveProperty('translations')
    expect(before.body).not.toHaveProperty('translationsHtml')
    const inDefault = await t.request('GET', `/posts/slug/${translated.slug}?lang=en`)
    expect(text(inDefault.body)).toBe(text(before.body))
    const list = await t.request('GET', '/posts')
    expect(text((await t.request('GET', '/posts?lang=en')).body)).toBe(text(list.body))
    expect(list.body[0]).not.toHaveProperty('translations')
  })

  test("a list's cards carry the language's title and summary, never a body", async () => {
    for (const path of ['/posts?lang=fr', '/posts?limit=10&lang=fr']) {
      const res = await t.request('GET', path)
      expect(res.status).toBe(200)
      const card = res.body.find((p: { id: number }) => p.id === translated.id)
      expect(card.translations).toEqual({ fr: { title: 'Bonjour' } })
      expect(card).not.toHaveProperty('body')
      const other = res.body.find((p: { id: number }) => p.id === plain.id)
      expect(other.translations).toEqual({ fr: {} })
    }
  })

  test('signed-in reads carry every language and its HTML', async () => {
    const res = await t.request('GET', `/posts/${translated.id}`, { token: r.user.token })
    expect(res.body.translations.fr.title).toBe('Bonjour')
    expect(res.body.translationsHtml.fr.body).toContain('<em>code</em>')
    const list = await t.request('GET', '/posts?lang=fr', { token: r.admin.token })
    const card = list.body.find((p: { id: number }) => p.id === translated.id)
    expect(card.translations.fr.body).toBe('# Bonjour\n\nDu *code*')
  })

  test('a draft is hidden from visitors in every language', async () => {
    for (const lang of ['fr', 'de']) {
      expect((await t.request('GET', `/posts/slug/${draft.slug}?lang=${lang}`)).status).toBe(404)
      expect((await t.request('GET', `/posts/${draft.id}?lang=${lang}`)).status).toBe(404)
      const list = await t.request('GET', `/posts?lang=${lang}`)
      expect(text(list.body)).not.toContain('Secret')
      expect(text(list.body)).not.toContain('Brouillon')
      const page = await t.request('GET', `/posts?limit=50&lang=${lang}`)
      expect(page.headers.get('X-Total-Count')).toBe('2')
      expect(text(page.body)).not.toContain('Brouillon')
    }
  })

  test("reading time is the shown body's: the language's, else the default's", async () => {
    const words = (n: number, word: string) => Array.from({ length: n }, () => word).join(' ')
    const long = await create({
      title: 'Short in English',
      body: words(150, 'word'),
      status: 'published',
      translations: {
        fr: { title: 'Long en français', body: words(450, 'mot') },
        de: { title: 'Leer auf Deutsch', body: ' \n\t ' },
      },
    })
    const minutes = async (path: string, token?: string) => {
      const res = await t.request('GET', path, { token })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      const body = res.body as { id: number; readingMinutes: number }[] | { readingMinutes: number }
      const item = Array.isArray(body) ? body.find((p) => p.id === long.id) : body
      expect(item).not.toHaveProperty('minutesIn')
      return item!.readingMinutes
    }
    for (const path of [
      `/posts/slug/${long.slug}`,
      `/posts/${long.id}`,
      '/posts',
      '/posts?limit=5',
    ]) {
      const lang = path.includes('?') ? '&lang=' : '?lang='
      expect(await minutes(path)).toBe(1)
      expect(await minutes(`${path}${lang}fr`)).toBe(3)
      // A blank German body shows the English one, and its reading time.
      expect(await minutes(`${path}${lang}de`)).toBe(1)
      // The owner's read in a language gets that language's too.
      expect(await minutes(`${path}${lang}fr`, r.admin.token)).toBe(3)
      expect(await minutes(path, r.admin.token)).toBe(1)
    }
    // A write answers the default language's.
    const res = await t.request('PATCH', `/posts/${long.id}`, {
      token: r.admin.token,
      body: { summary: 'Changed' },
    })
    expect(res.body.readingMinutes).toBe(1)
    expect(res.body).not.toHaveProperty('minutesIn')
    await t.request('DELETE', `/posts/${long.id}`, { token: r.admin.token })
  })

  test('a language that is not one, or not the site’s, is a 400', async () => {
    const notTag = await t.request('GET', `/posts/slug/${translated.slug}?lang=english!`)
    expect(notTag.status).toBe(400)
    const unknown = await t.request('GET', `/posts/slug/${translated.slug}?lang=es`)
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors.lang).toBe('Unknown language: es')
    expect((await t.request('GET', '/posts?lang=es')).status).toBe(400)
    expect((await t.request('GET', '/posts?limit=5&lang=es')).status).toBe(400)
  })
})
