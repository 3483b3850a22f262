// The profile on the public page (docs/PRODUCT.md §3, "Profile"): name, photo,
// headline, the availability badge with its note, the booking button and the
// links with rel="me", in the hero and the contact section, and the JSON-LD
// Person, in the page's language. Drawn by the server only
// (docs/decisions/071). On PGlite and PostgreSQL; the edge function serves no
// pages, so the deno target skips it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PageRenderer } from '../../server/ssr.ts'
import { jsonLdOf, sourcePageRenderer } from '@test-support/vite-renderer.ts'
import {
  createTestContext,
  imageForm,
  inProcess,
  tinyPng,
  type TestContext,
} from '@test-support/api-harness.ts'

const SITE = 'https://ada.example'

describe.skipIf(!inProcess)('the profile on the public page', () => {
  let t: TestContext
  let pages: PageRenderer
  let close: () => Promise<void>
  let photo: string
  let token: string

  const get = async (url: string) => {
    const response = await pages.serve(url, {})
    if (!response) throw new Error(`no page for ${url}`)
    return response.text()
  }

  beforeAll(async () => {
    t = await createTestContext()
    token = (await t.registerAdmin()).token
    const send = async (method: string, url: string, body: unknown) => {
      const res = await t.request(method, url, { token, body })
      expect(res.status, `${url} ${JSON.stringify(body)}`).toBeLessThan(300)
      return res.body
    }
    await send('PUT', '/languages', { default: 'en', languages: ['en', 'fr'] })
    photo = (await t.request('POST', '/uploads/image', { token, rawBody: imageForm(tinyPng) })).body
      .url
    const configs: [string, string, string?][] = [
      ['ownerName', 'Ada Lovelace'],
      ['headline', 'Analytical engineer', 'Ingénieure analytique'],
      ['photo', photo],
      ['location', 'London', 'Londres'],
      ['availability', 'selective'],
      ['availabilityNote', 'from March', 'à partir de mars'],
      ['bookingUrl', 'https://cal.example.com/ada'],
      ['githubUrl', 'https://github.com/ada'],
      ['email', 'ada@example.com'],
      ['links', JSON.stringify([{ kind: 'mastodon', url: 'https://hachyderm.io/@ada' }])],
    ]
    for (const [name, value, fr] of configs)
      await send('POST', '/configs', {
        name,
        value,
        ...(fr ? { translations: { fr: { value: fr } } } : {}),
      })
    ;({ pages, close } = await sourcePageRenderer(t.app!, t.db!.driver, SITE))
  }, 120_000)

  afterAll(async () => {
    await close?.()
    await t?.close()
  })

  const hero = (html: string) => /<div id="hero-profile">([\s\S]*?)<h1/.exec(html)![1]!
  const contact = (html: string) => /<div id="contact-links">([\s\S]*?)<\/div>/.exec(html)![1]!

  test('the hero shows the name, photo, headline, place, badge with its note and booking button', async () => {
    const part = hero(await get('/'))
    expect(part).toContain('Ada Lovelace')
    expect(part).toMatch(new RegExp(`<img src="${photo}" alt="Photo of Ada Lovelace"`))
    expect(part).toContain('Analytical engineer')
    expect(part).toContain('London')
    expect(part).toContain('Open to the right role')
    expect(part).toContain('from March')
    expect(part).toMatch(/<a href="https:\/\/cal\.example\.com\/ada"[^>]*>[\s\S]*?Book a call<\/a>/)
  })

  test('every link carries rel="me", in the hero and the contact section', async () => {
    const html = await get('/')
    for (const part of [hero(html), contact(html)]) {
      expect(part).toMatch(/<a href="https:\/\/github\.com\/ada" rel="me noopener noreferrer"/)
      expect(part).toMatch(/<a href="https:\/\/hachyderm\.io\/@ada" rel="me noopener noreferrer"/)
      expect(part).toMatch(/<a href="mailto:ada@example\.com" rel="me"/)
    }
    expect(hero(html)).toContain('aria-label="Mastodon"')
    expect(contact(html)).toContain('ada@example.com</span>')
  })

  test('the JSON-LD Person has sameAs, image, jobTitle and address', async () => {
    const person = jsonLdOf(await get('/'))
    expect(person).toMatchObject({
      '@type': 'Person',
      name: 'Ada Lovelace',
      jobTitle: 'Analytical engineer',
      image: new URL(photo, SITE).toString(),
      address: { '@type': 'PostalAddress', addressLocality: 'London' },
      sameAs: ['https://github.com/ada', 'https://hachyderm.io/@ada'],
    })
  })

  test('/fr/ says it in French, with the translated texts', async () => {
    const html = await get('/fr/')
    const part = hero(html)
    expect(part).toContain('Ouvert au bon poste')
    expect(part).toContain('à partir de mars')
    expect(part).toContain('Ingénieure analytique')
    expect(part).toContain('Prendre rendez-vous')
    expect(part).toContain('alt="Photo de Ada Lovelace"')
    expect(jsonLdOf(html)).toMatchObject({
      jobTitle: 'Ingénieure analytique',
      address: { addressLocality: 'Londres' },
    })
  })

  test('open shows "Open to work"; closed shows no badge', async () => {
    const { id } = (await t.request('GET', '/configs/name/availability')).body
    await t.request('PATCH', `/configs/${id}`, { token, body: { value: 'open' } })
    expect(hero(await get('/'))).toContain('Open to work')
    await t.request('PATCH', `/configs/${id}`, { token, body: { value: 'closed' } })
    const part = hero(await get('/'))
    expect(part).not.toContain('Open to')
    expect(part).not.toContain('from March')
  })

  test('the CV page is headed by the same profile, in each language', async () => {
    const { id } = (await t.request('GET', '/configs/name/links')).body
    const links = [
      { kind: 'mastodon', url: 'https://hachyderm.io/@ada' },
      { kind: 'website', url: 'https://ada.example/about' },
    ]
    const patched = await t.request('PATCH', `/configs/${id}`, {
      token,
      body: { value: JSON.stringify(links) },
    })
    expect(patched.status).toBe(200)
    const header = (html: string) => /<header[^>]*>([\s\S]*?)<\/header>/.exec(html)![1]!
    const en = await get('/cv')
    const top = header(en)
    expect(top).toMatch(new RegExp(`<img src="${photo}" alt=""`))
    expect(top).toContain('Ada Lovelace')
    expect(top).toContain('Analytical engineer')
    expect(top).toContain('London')
    for (const href of [
      'mailto:ada@example.com',
      'https://github.com/ada',
      'https://hachyderm.io/@ada',
      'https://ada.example/about',
    ])
      expect(en, href).toContain(`href="${href}"`)
    // A Mastodon address has an '@' and is still no e-mail.
    expect(en).not.toContain('mailto:https')
    const fr = header(await get('/fr/cv'))
    expect(fr).toContain('Ingénieure analytique')
    expect(fr).toContain('Londres')
    expect(fr).not.toContain('London')
  })
})
