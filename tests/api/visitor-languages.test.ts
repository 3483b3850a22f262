// A visitor's reads for a page in one of the site's other languages
// (docs/PRODUCT.md §23): `?lang=fr` adds to each item its French texts alone,
// so the page knows which fields fall back to the default language; without
// `lang` the answers are what they were, byte for byte; the kept answers are
// keyed by it; a tag that is not one, or not the site's, is 400.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let admin: string
let shop: number
let hidden: number

beforeAll(async () => {
  t = await createTestContext()
  admin = (await t.registerAdmin()).token
  const send = async (method: string, url: string, body: unknown) => {
    const res = await t.request(method, url, { token: admin, body })
    expect(res.status, url).toBeLessThan(300)
    return res.body
  }
  await send('PUT', '/languages', { default: 'en', languages: ['en', 'fr', 'ar'] })
  shop = (
    await send('POST', '/projects', {
      name: 'Shop',
      description: 'An online shop',
      isActive: true,
      translations: {
        fr: { name: 'Boutique' },
        ar: { name: 'متجر', description: 'متجر على الإنترنت' },
      },
    })
  ).id
  await send('POST', '/projects', { name: 'Plain', description: 'No texts', isActive: true })
  hidden = (
    await send('POST', '/projects', {
      name: 'Draft',
      description: 'Not yet',
      isActive: false,
      translations: { fr: { name: 'Brouillon' } },
    })
  ).id
  await send('POST', '/certifications', {
    name: 'Cloud Architect',
    icon: '☁️',
    obtainedDate: '2024-03-01',
    isActive: true,
    translations: { fr: { name: 'Architecte cloud' } },
  })
  await send('POST', '/experiences', {
    organization: 'Acme',
    role: 'Developer',
    startDate: '2020-01',
    translations: { fr: { role: 'Développeur' } },
  })
  await send('POST', '/education', {
    institution: 'University',
    qualification: 'Master',
    startDate: '2015-09',
    translations: { ar: { qualification: 'ماجستير' } },
  })
  await send('POST', '/configs', {
    name: 'heroTitle1',
    value: 'FULL STACK',
    translations: { fr: { value: 'DÉVELOPPEUR' } },
  })
  await send('POST', '/configs', { name: 'footerText', value: 'All rights reserved.' })
}, 120_000)
afterAll(() => t.close())

const visitor = (url: string) => t.request('GET', url)
type Item = { id: number; translations?: Record<string, Record<string, string>> }

describe('visitor reads in a language', () => {
  test("each project carries that language's texts alone, {} where it has none", async () => {
    for (const url of ['/projects?lang=fr', '/projects?lang=fr&limit=5']) {
      const res = await visitor(url)
      expect(res.status, url).toBe(200)
      const byId = new Map((res.body as Item[]).map((p) => [p.id, p.translations]))
      expect(byId.get(shop), url).toEqual({ fr: { name: 'Boutique' } })
      expect([...byId.values()], url).toContainEqual({ fr: {} })
      // Never an inactive project, in any language.
      expect(byId.has(hidden), url).toBe(false)
    }
    const one = await visitor(`/projects/${shop}?lang=ar`)
    expect(one.body.translations).toEqual({
      ar: { name: 'متجر', description: 'متجر على الإنترنت' },
    })
    expect(one.body.name).toBe('Shop')
    expect((await visitor(`/projects/${hidden}?lang=fr`)).status).toBe(404)
  })

  test('the story, certifications and configurations answer their texts the same way', async () => {
    const certifications = await visitor('/certifications?lang=fr')
    expect(certifications.body[0].translations).toEqual({ fr: { name: 'Architecte cloud' } })
    const experiences = await visitor('/experiences?lang=fr')
    expect(experiences.body[0].translations).toEqual({ fr: { role: 'Développeur' } })
    const education = await visitor('/education?lang=fr')
    expect(education.body[0].translations).toEqual({ fr: {} })
    expect((await visitor('/education?lang=ar')).body[0].translations).toEqual({
      ar: { qualification: 'ماجستير' },
    })
    const configs = await visitor('/configs/all-as-object?lang=fr')
    expect(configs.body).toEqual({
      footerText: 'All rights reserved.',
      heroTitle1: 'FULL STACK',
      _translations: { fr: { heroTitle1: 'DÉVELOPPEUR' } },
    })
  })

  test('without lang, or with the default language, the answers are unchanged byte for byte', async () => {
    for (const path of [
      '/projects',
      '/projects?limit=5',
      `/projects/${shop}`,
      '/certifications',
      '/experiences',
      '/education',
      '/configs/all-as-object',
    ]) {
      const plain = await t.request<Uint8Array>('GET', path, { binary: true })
      const sep = path.includes('?') ? '&' : '?'
      const inDefault = await t.request<Uint8Array>('GET', `${path}${sep}lang=en`, { binary: true })
      const text = new TextDecoder().decode(plain.body)
      expect(new TextDecoder().decode(inDefault.body), path).toBe(text)
      expect(text, path).not.toContain('translations')
      expect(text, path).toContain(path.startsWith('/configs') ? 'FULL STACK' : '"id"')
    }
  })

  test('the kept answers are one per language', async () => {
    const fr = await visitor('/projects?lang=fr')
    const ar = await visitor('/projects?lang=ar')
    const plain = await visitor('/projects')
    expect(fr.headers.get('etag')).toBeTruthy()
    const names = (body: Item[]) => body.map((p) => Object.keys(p.translations ?? {}).join())
    expect(names(fr.body)).toContain('fr')
    expect(names(ar.body)).toContain('ar')
    expect(names(plain.body).every((n) => n === '')).toBe(true)
    // Asked again, each language finds its own answer.
    expect((await visitor('/projects?lang=fr')).body).toEqual(fr.body)
  })

  test('a tag that is not one, or not one of the site languages, is 400 with a clear message', async () => {
    const bad = await visitor('/projects?lang=not_a_tag')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Not a language tag: not_a_tag')
    for (const url of [
      '/projects?lang=de',
      '/certifications?lang=de',
      `/projects/${shop}?lang=de`,
    ]) {
      const res = await visitor(url)
      expect(res.status, url).toBe(400)
      expect(res.body.message, url).toBe('Unknown language: de')
    }
    expect((await visitor('/configs/all-as-object?lang=de')).status).toBe(400)
  })

  test('a tag in another case reads as its canonical form', async () => {
    const res = await visitor(`/projects/${shop}?lang=FR`)
    expect(res.status).toBe(200)
    expect(res.body.translations).toEqual({ fr: { name: 'Boutique' } })
  })

  test('the OpenAPI document declares lang on each read that takes it', async () => {
    const doc = (await t.request('GET', '/openapi.json')).body
    for (const path of [
      '/projects',
      '/projects/{id}',
      '/certifications',
      '/experiences',
      '/education',
      '/configs/all-as-object',
      // Its posts' titles (docs/PRODUCT.md §26); technology names are not translated.
      '/technologies',
    ]) {
      const names = (doc.paths[path].get.parameters ?? []).map((p: { name: string }) => p.name)
      expect(names, path).toContain('lang')
    }
    const technology = doc.paths['/technologies/{id}'].get.parameters ?? []
    expect(technology.map((p: { name: string }) => p.name)).not.toContain('lang')
  })

  test('signed-in reads still answer every language, whatever lang says', async () => {
    const res = await t.request('GET', `/projects/${shop}?lang=fr`, { token: admin })
    expect(Object.keys(res.body.translations).sort()).toEqual(['ar', 'fr'])
  })
})
