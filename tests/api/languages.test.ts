// GET and PUT /languages (docs/PRODUCT.md §23): anyone reads the site's
// languages, admins replace them; tags are BCP 47 in canonical case, at most
// 10, one default among them; a removed language's texts are kept and counted.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'
import { archiveForm } from '@test-support/backup-fixtures.ts'
import { TRANSLATABLE } from '../../supabase/functions/_shared/api/registry.ts'
import { TRANSLATED_ITEMS } from '@test-support/translated-items.ts'

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

  test("a removed language's texts in posts are counted too", async () => {
    expect((await put({ default: 'en', languages: ['en', 'it'] })).status).toBe(200)
    const post = await t.request('POST', '/posts', {
      token: r.admin.token,
      body: {
        title: 'Hello',
        body: 'Some text',
        status: 'draft',
        translations: { it: { title: 'Ciao', body: 'Un testo' } },
      },
    })
    expect(post.status, JSON.stringify(post.body)).toBe(201)
    const removed = await put({ default: 'en', languages: ['en'] })
    expect(removed.body.keptTranslations).toEqual({ it: 1 })
  })

  test("a removed language's texts are counted in every translated resource", async () => {
    // One item of each resource the registry says holds translations, with a Dutch text.
    const items = TRANSLATED_ITEMS
    expect((await put({ default: 'en', languages: ['en', 'nl'] })).status).toBe(200)
    for (const [table, { path, body }] of Object.entries(items)) {
      const field = TRANSLATABLE[table as keyof typeof TRANSLATABLE][0]
      const made = await t.request('POST', path, {
        token: r.admin.token,
        body: { ...body, translations: { nl: { [field]: 'Nederlands' } } },
      })
      expect(made.status, `${path}: ${JSON.stringify(made.body)}`).toBe(201)
    }
    const removed = await put({ default: 'en', languages: ['en'] })
    expect(removed.body.keptTranslations).toEqual({ nl: Object.keys(items).length })
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

describe('the activity history', () => {
  const entries = async () =>
    (
      await t.sql<{ n: number }>(
        "select count(*)::int as n from public.activity where entity = 'languages'",
      )
    )[0]!.n
  const latest = async () =>
    (await t.request('GET', '/activity?limit=1', { token: r.admin.token })).body[0] as Record<
      string,
      unknown
    >
  const changed = (list: string) => `Changed the site's languages: ${list}`

  test('records each change of the list as one entry saying the new list', async () => {
    expect((await put({ default: 'en', languages: ['en'] })).status).toBe(200)
    const before = await entries()
    // Three languages written by one PUT (a delete, then an insert): one entry.
    expect((await put({ default: 'en', languages: ['en', 'fr', 'de'] })).status).toBe(200)
    expect(await entries()).toBe(before + 1)
    expect(await latest()).toMatchObject({
      actor: 'admin',
      action: 'update',
      entity: 'languages',
      entityId: 0,
      summary: changed('en (default), fr, de'),
      changedFields: ['languages'],
      entityExists: true,
    })
    // The user role reads it too.
    const seen = await t.request('GET', '/activity?limit=1', { token: r.user.token })
    expect(seen.body[0]).toMatchObject({
      entity: 'languages',
      summary: changed('en (default), fr, de'),
    })

    // The same list again changes nothing, so records nothing.
    expect((await put({ default: 'EN', languages: ['en', 'FR', 'de'] })).status).toBe(200)
    expect(await entries()).toBe(before + 1)

    expect((await put({ default: 'en', languages: ['en', 'de', 'fr'] })).status).toBe(200)
    expect(await latest()).toMatchObject({
      summary: changed('en (default), de, fr'),
      changedFields: ['languages'],
    })
    expect((await put({ default: 'de', languages: ['en', 'de', 'fr'] })).status).toBe(200)
    expect(await latest()).toMatchObject({
      summary: changed('en, de (default), fr'),
      changedFields: ['default'],
    })
    expect((await put({ default: 'fr', languages: ['fr'] })).status).toBe(200)
    expect(await latest()).toMatchObject({
      summary: changed('fr (default)'),
      changedFields: ['default', 'languages'],
    })
    expect(await entries()).toBe(before + 4)

    // A refused PUT records nothing.
    expect((await put({ default: 'de', languages: ['fr'] })).status).toBe(400)
    expect(await entries()).toBe(before + 4)
    await put({ default: 'en', languages: ['en'] })
  })

  test('a restore records the languages once if it changes them, and not at all if not', async () => {
    expect((await put({ default: 'en', languages: ['en', 'it'] })).status).toBe(200)
    const backup = await t.request<Uint8Array>('GET', '/backup', {
      token: r.admin.token,
      binary: true,
    })
    expect(backup.status).toBe(200)
    const restore = () =>
      t.request('POST', '/backup', { token: r.admin.token, rawBody: archiveForm(backup.body) })

    const before = await entries()
    expect((await restore()).status).toBe(200)
    expect(await entries()).toBe(before)

    expect((await put({ default: 'it', languages: ['it', 'en', 'ja'] })).status).toBe(200)
    expect((await restore()).status).toBe(200)
    expect(await entries()).toBe(before + 2)
    const [entry] = await t.sql<{ summary: string; actor_name: string }>(
      "select summary, actor_name from public.activity where entity = 'languages' order by id desc limit 1",
    )
    expect(entry).toEqual({ summary: changed('en (default), it'), actor_name: 'admin' })
    await put({ default: 'en', languages: ['en'] })
  })
})
