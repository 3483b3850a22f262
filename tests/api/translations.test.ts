// Translations of content texts (docs/PRODUCT.md §23): writes carry
// `translations` (language -> field -> text) beside the default-language
// fields, checked with the same rules; signed-in reads answer them; visitors'
// answers are as they were; a backup and its restore keep them.
import { strFromU8 } from 'fflate'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { archiveForm, unzip, zip } from '@test-support/backup-fixtures.ts'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
  const res = await t.request('PUT', '/languages', {
    token: r.admin.token,
    body: { default: 'en', languages: ['en', 'fr', 'de'] },
  })
  expect(res.status).toBe(200)
})
afterAll(() => t.close())

const send = (method: string, url: string, body: unknown) =>
  t.request(method, url, { token: r.admin.token, body })
const read = (url: string, token?: string) => t.request('GET', url, { token })

/** A visitor's project, as it was before there were languages (and its description's HTML, §26). */
const PROJECT_KEYS = [
  'id',
  'name',
  'description',
  'startYear',
  'endYear',
  'liveUrl',
  'githubUrl',
  'isActive',
  'featured',
  'featuredOrder',
  'thumbnail',
  'images',
  'imageDetails',
  'technologies',
  'github',
  'createdAt',
  'updatedAt',
  'descriptionHtml',
]

describe('translations', () => {
  test('a project stores texts per language; signed-in reads answer them, visitors do not', async () => {
    const created = await send('POST', '/projects', {
      name: 'Shop',
      description: 'An online shop',
      translations: {
        fr: { name: 'Boutique', description: 'Une boutique en ligne' },
        DE: { name: 'Laden' },
      },
    })
    expect(created.status).toBe(201)
    expect(created.body.translations).toEqual({
      fr: { name: 'Boutique', description: 'Une boutique en ligne' },
      de: { name: 'Laden' },
    })
    const { id } = created.body
    const plain = await send('POST', '/projects', { name: 'Plain', description: 'No texts' })

    for (const token of [r.admin.token, r.user.token]) {
      const one = await read(`/projects/${id}`, token)
      expect(one.body.translations).toEqual(created.body.translations)
      expect((await read(`/projects/${plain.body.id}`, token)).body.translations).toEqual({})
      const list = await read('/projects', token)
      const listed = list.body.find((p: { id: number }) => p.id === id)
      expect(listed.translations).toEqual(created.body.translations)
      const page = await read('/projects?limit=5', token)
      for (const item of page.body) expect(item.translations).toEqual(expect.any(Object))
    }

    const visitorOne = await read(`/projects/${id}`)
    expect(Object.keys(visitorOne.body)).toEqual(PROJECT_KEYS)
    for (const url of ['/projects', '/projects?limit=5'])
      for (const item of (await read(url)).body) expect(Object.keys(item)).toEqual(PROJECT_KEYS)
  })

  test('a PATCH replaces the languages it gives, removes one given as null, keeps the rest', async () => {
    const { body } = await send('POST', '/projects', {
      name: 'Blog',
      description: 'A blog',
      translations: { fr: { name: 'Carnet', description: 'Un carnet' }, de: { name: 'Blog' } },
    })
    const replaced = await send('PATCH', `/projects/${body.id}`, {
      translations: { fr: { name: 'Journal' } },
    })
    expect(replaced.status).toBe(200)
    expect(replaced.body.translations).toEqual({ fr: { name: 'Journal' }, de: { name: 'Blog' } })

    const untouched = await send('PATCH', `/projects/${body.id}`, { name: 'Weblog' })
    expect(untouched.body.name).toBe('Weblog')
    expect(untouched.body.translations).toEqual({ fr: { name: 'Journal' }, de: { name: 'Blog' } })

    const removed = await send('PATCH', `/projects/${body.id}`, { translations: { fr: null } })
    expect(removed.body.translations).toEqual({ de: { name: 'Blog' } })
    const none = await send('PATCH', `/projects/${body.id}`, { translations: { de: null } })
    expect(none.status).toBe(200)
    expect((await read(`/projects/${body.id}`, r.admin.token)).body.translations).toEqual({})
  })

  test('each text is checked as its field is, with errors keyed by language and field', async () => {
    const plain = await send('POST', '/projects', { name: ' ', description: 'd' })
    const res = await send('POST', '/projects', {
      name: 'Ok',
      description: 'Ok',
      translations: { fr: { name: ' ', description: 'x'.repeat(10001) } },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors['translations.fr.name']).toBe(plain.body.errors.name)
    expect(res.body.errors['translations.fr.name']).toBe('Project name is required')
    expect(res.body.errors['translations.fr.description']).toBe('Must be at most 10000 characters')

    const field = await send('POST', '/projects', {
      name: 'Ok',
      description: 'Ok',
      translations: { fr: { name: 'Ok', liveUrl: 'https://example.com' } },
    })
    expect(field.status).toBe(400)
    expect(field.body.errors).toEqual({ 'translations.fr': 'Not a translatable field: liveUrl' })

    const tag = await send('POST', '/projects', {
      name: 'Ok',
      description: 'Ok',
      translations: { french: { name: 'Ok' } },
    })
    expect(tag.body.errors).toEqual({ 'translations.french': 'Not a language tag: french' })

    const shape = await send('POST', '/projects', {
      name: 'Ok',
      description: 'Ok',
      translations: [],
    })
    expect(shape.status).toBe(400)
    expect(Object.keys(shape.body.errors)).toEqual(['translations'])
  })

  test("a language not the site's, or the default one, is refused", async () => {
    const unknown = await send('POST', '/certifications', {
      name: 'Cert',
      icon: '⭐',
      obtainedDate: '2024-01-01',
      translations: { es: { name: 'Certificado' } },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toBe('Unknown language: es')
    expect(unknown.body.errors).toEqual({ 'translations.es': 'Unknown language: es' })

    const own = await send('POST', '/certifications', {
      name: 'Cert',
      icon: '⭐',
      obtainedDate: '2024-01-01',
      translations: { en: { name: 'Certificate' } },
    })
    expect(own.status).toBe(400)
    expect(own.body.errors).toEqual({
      'translations.en': "The default language's text is the field itself",
    })
    const listed = await read('/certifications', r.admin.token)
    expect(listed.body.map((c: { name: string }) => c.name)).not.toContain('Cert')
  })

  test('certifications, the story and configurations translate their own fields', async () => {
    const cert = await send('POST', '/certifications', {
      name: 'Cloud',
      icon: '☁️',
      obtainedDate: '2024-01-01',
      translations: { fr: { name: 'Nuage' } },
    })
    expect(cert.status).toBe(201)
    const certPatched = await send('PATCH', `/certifications/${cert.body.id}`, {
      translations: { de: { name: 'Wolke' } },
    })
    expect(certPatched.body.translations).toEqual({ fr: { name: 'Nuage' }, de: { name: 'Wolke' } })
    expect(
      await send('PATCH', `/certifications/${cert.body.id}`, {
        translations: { de: { icon: '⭐' } },
      }),
    ).toMatchObject({ status: 400, body: { errors: { 'translations.de': expect.any(String) } } })
    const visitorCert = (await read(`/certifications/${cert.body.id}`)).body
    expect(Object.keys(visitorCert)).toEqual([
      'id',
      'name',
      'icon',
      'obtainedDate',
      'isActive',
      'technologies',
    ])

    const job = await send('POST', '/experiences', {
      organization: 'Acme',
      role: 'Engineer',
      startDate: '2020-01',
      translations: { fr: { role: 'Ingénieur', location: 'Paris' } },
    })
    expect(job.status).toBe(201)
    expect(job.body.translations).toEqual({ fr: { role: 'Ingénieur', location: 'Paris' } })
    const badRole = await send('PATCH', `/experiences/${job.body.id}`, {
      translations: { fr: { role: '' } },
    })
    expect(badRole.body.errors).toEqual({ 'translations.fr.role': 'Role is required' })
    expect(Object.keys((await read(`/experiences/${job.body.id}`)).body)).not.toContain(
      'translations',
    )

    const school = await send('POST', '/education', {
      institution: 'Uni',
      qualification: 'BSc',
      startDate: '2010-09',
      translations: { de: { qualification: 'Bachelor', field: 'Informatik' } },
    })
    expect(school.status).toBe(201)
    const schools = await read('/education', r.user.token)
    expect(schools.body.find((e: { id: number }) => e.id === school.body.id).translations).toEqual({
      de: { qualification: 'Bachelor', field: 'Informatik' },
    })

    const config = await send('POST', '/configs', {
      name: 'heroTitle2',
      value: 'DEVELOPER',
      translations: { fr: { value: 'DÉVELOPPEUR' } },
    })
    expect(config.status).toBe(201)
    expect(config.body.translations).toEqual({ fr: { value: 'DÉVELOPPEUR' } })
    const tooLong = await send('PATCH', `/configs/${config.body.id}`, {
      translations: { fr: { value: 'x'.repeat(10001) } },
    })
    expect(tooLong.body.errors).toEqual({ 'translations.fr.value': 'Value is too long' })
    expect((await read(`/configs/${config.body.id}`)).body).toEqual({
      id: config.body.id,
      name: 'heroTitle2',
      value: 'DEVELOPER',
      description: null,
    })
    expect((await read('/configs/all-as-object')).body.heroTitle2).toBe('DEVELOPER')
  })

  test('a backup and its restore keep the translations and the languages', async () => {
    const download = async () => {
      const res = await t.request<Uint8Array>('GET', '/backup', {
        token: r.admin.token,
        binary: true,
      })
      expect(res.status).toBe(200)
      return unzip(res.body)
    }
    const restore = (files: Record<string, Uint8Array | string>) =>
      t.request('POST', '/backup', { token: r.admin.token, rawBody: archiveForm(zip(files)) })
    const signedInView = async () =>
      Object.fromEntries(
        await Promise.all(
          ['/projects', '/certifications', '/experiences', '/education', '/configs'].map(
            async (url) => [
              url,
              (await read(url, r.admin.token)).body.map(
                ({ id: _id, createdAt: _c, updatedAt: _u, ...rest }: Record<string, unknown>) =>
                  rest,
              ),
            ],
          ),
        ),
      )

    const before = await signedInView()
    expect(JSON.stringify(before)).toContain('Boutique')
    const files = await download()
    const content = JSON.parse(strFromU8(files['content.json']!))
    expect(content.languages).toEqual({ default: 'en', languages: ['en', 'fr', 'de'] })
    expect(content.projects.find((p: { name: string }) => p.name === 'Shop').translations).toEqual({
      fr: { name: 'Boutique', description: 'Une boutique en ligne' },
      de: { name: 'Laden' },
    })

    // Change both, then restore: the archive's come back.
    await send('PUT', '/languages', { default: 'de', languages: ['de', 'ja'] })
    const shop = (await read('/projects', r.admin.token)).body.find(
      (p: { name: string }) => p.name === 'Shop',
    )
    await send('DELETE', `/projects/${shop.id}`, undefined)
    const restored = await restore(files)
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    expect((await read('/languages')).body).toEqual({
      default: 'en',
      languages: ['en', 'fr', 'de'],
    })
    expect(await signedInView()).toEqual(before)

    // An archive from before languages leaves the site's languages as they are.
    await send('PUT', '/languages', { default: 'en', languages: ['en', 'ja'] })
    const { languages: _languages, ...older } = content
    const olderRestore = await restore({ ...files, 'content.json': JSON.stringify(older) })
    expect(olderRestore.status, JSON.stringify(olderRestore.body)).toBe(200)
    expect((await read('/languages')).body).toEqual({ default: 'en', languages: ['en', 'ja'] })
    expect(await signedInView()).toEqual(before)
  })
})
