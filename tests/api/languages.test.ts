// GET and PUT /languages (docs/PRODUCT.md §23): anyone reads the site's
// languages, admins replace them; tags are BCP 47 in canonical case, at most
// 10, one default among them; a removed language's texts are kept and counted.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

const put = (body: unknown, token: string | undefined = r.admin.token) =>
  t.request('PUT', '/languages', { token, body })

describe('languages', () => {
  test('English alone by default, for visitors and accounts alike', async () => {
    for (const token of [undefined, r.user.token, r.admin.token]) {
      const res = await t.request('GET', '/languages', { token })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ default: 'en', languages: ['en'] })
    }
  })

  test('visitors get 401 and the user role 403; nothing changes', async () => {
    const body = { default: 'en', languages: ['en', 'fr'] }
    expect((await t.request('PUT', '/languages', { body })).status).toBe(401)
    expect((await put(body, r.user.token)).status).toBe(403)
    expect((await t.request('GET', '/languages')).body).toEqual({
      default: 'en',
      languages: ['en'],
    })
  })

  test('an admin replaces them: canonical case, the given order, the default', async () => {
    const res = await put({ default: 'FR', languages: ['en', 'fr', 'PT-br', 'zh-hant', 'es-419'] })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      default: 'fr',
      languages: ['en', 'fr', 'pt-BR', 'zh-Hant', 'es-419'],
      keptTranslations: {},
    })
    expect((await t.request('GET', '/languages')).body).toEqual({
      default: 'fr',
      languages: ['en', 'fr', 'pt-BR', 'zh-Hant', 'es-419'],
    })
  })

  test('refuses a malformed tag, a duplicate, more than 10, none, and a default not listed', async () => {
    const before = (await t.request('GET', '/languages')).body
    const cases: [unknown, Record<string, string>][] = [
      [
        { default: 'en', languages: ['en', 'english'] },
        { 'languages.1': 'Not a language tag: english' },
      ],
      [
        { default: 'en', languages: ['en', 'fr_FR'] },
        { 'languages.1': 'Not a language tag: fr_FR' },
      ],
      [{ default: 'en', languages: ['en', 'FR', 'fr'] }, { 'languages.2': 'fr is listed twice' }],
      [
        {
          default: 'en',
          languages: ['en', 'fr', 'de', 'es', 'it', 'pt', 'nl', 'sv', 'pl', 'ja', 'ar'],
        },
        { languages: 'At most 10 languages' },
      ],
      [{ default: 'en', languages: [] }, { languages: 'Keep at least one language' }],
      [
        { default: 'de', languages: ['en', 'fr'] },
        { default: 'The default language must be one of the languages' },
      ],
      [{ languages: ['en'] }, { default: 'Give a language tag, such as en or pt-BR' }],
    ]
    for (const [body, errors] of cases) {
      const res = await put(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.errors, JSON.stringify(body)).toMatchObject(errors)
    }
    expect((await t.request('GET', '/languages')).body).toEqual(before)
  })

  test('ten languages are allowed', async () => {
    const ten = ['en', 'fr', 'de', 'es', 'it', 'pt', 'nl', 'sv', 'ar', 'ja']
    const res = await put({ default: 'en', languages: ten })
    expect(res.status).toBe(200)
    expect(res.body.languages).toEqual(ten)
  })

  test('a removed language keeps its texts, counted, and they come back with it', async () => {
    expect((await put({ default: 'en', languages: ['en', 'fr', 'de'] })).status).toBe(200)
    const project = await t.request('POST', '/projects', {
      token: r.admin.token,
      body: {
        name: 'Shop',
        description: 'A shop',
        translations: { fr: { name: 'Boutique' }, de: { name: 'Laden' } },
      },
    })
    expect(project.status).toBe(201)
    const config = await t.request('POST', '/configs', {
      token: r.admin.token,
      body: { name: 'heroTitle1', value: 'Hello', translations: { fr: { value: 'Bonjour' } } },
    })
    expect(config.status).toBe(201)

    const removed = await put({ default: 'en', languages: ['en', 'de'] })
    expect(removed.status).toBe(200)
    expect(removed.body).toEqual({
      default: 'en',
      languages: ['en', 'de'],
      keptTranslations: { fr: 2 },
    })
    const kept = await t.request('GET', `/projects/${project.body.id}`, { token: r.admin.token })
    expect(kept.body.translations).toEqual({ fr: { name: 'Boutique' }, de: { name: 'Laden' } })

    // French is no longer one of the site's: a write in it is refused.
    const refused = await t.request('PATCH', `/projects/${project.body.id}`, {
      token: r.admin.token,
      body: { translations: { fr: { name: 'Magasin' } } },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual({ 'translations.fr': 'Unknown language: fr' })

    const back = await put({ default: 'en', languages: ['en', 'fr', 'de'] })
    expect(back.body.keptTranslations).toEqual({})
    const again = await t.request('GET', `/projects/${project.body.id}`, { token: r.admin.token })
    expect(again.body.translations.fr).toEqual({ name: 'Boutique' })

    // Several removed at once, each counted; one no item uses counts 0.
    const both = await put({ default: 'fr', languages: ['fr'] })
    expect(both.body.keptTranslations).toEqual({ en: 0, de: 1 })
    await put({ default: 'en', languages: ['en'] })
  })

  test('a change moves the content version: visitors get new answers, not kept ones', async () => {
    const first = await t.request('GET', '/projects')
    const etag = first.headers.get('etag')
    expect(etag).toBeTruthy()
    const same = await t.request('GET', '/projects', { headers: { 'if-none-match': etag! } })
    expect(same.status).toBe(304)

    expect((await put({ default: 'en', languages: ['en', 'ja'] })).status).toBe(200)
    const after = await t.request('GET', '/projects', { headers: { 'if-none-match': etag! } })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
    // Visitors' answers are as they were: no translations key.
    for (const item of after.body as Record<string, unknown>[])
      expect(Object.keys(item)).not.toContain('translations')
  })
})
