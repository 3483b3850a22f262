// A share link's page for its recipient, /s/<token> (docs/PRODUCT.md §24), as
// `npm start` and `npm run dev` serve it: rendered on the server for each
// request with the pass of the link's cookie, the owner's hero, the note and
// the chosen projects in the chosen order, in the link's language; 401 with the
// passphrase form, 404 for an unknown token, 410 for an expired or revoked
// link; private, never indexed, never kept, never in the sitemap. On PGlite and
// PostgreSQL; the edge function serves no pages, so the deno target skips it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PRIVATE_PAGE_HEADERS, sharePassOf, type PageRenderer } from '../../server/ssr.ts'
import { servePage, sourcePageRenderer } from '@test-support/vite-renderer.ts'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'

const SITE = 'http://ada.example'

describe.skipIf(!inProcess)("a share link's page", () => {
  let t: TestContext
  let pages: PageRenderer
  let close: () => Promise<void>
  let admin: string
  let shop: number
  let draft: number
  let maps: number

  const get = (url: string, cookie?: string) => servePage(pages, url, { cookie })
  const send = async (method: string, url: string, body?: unknown) => {
    const res = await t.request(method, url, { token: admin, body })
    expect(res.status, `${method} ${url}`).toBeLessThan(300)
    return res.body
  }
  const link = (body: Record<string, unknown>) =>
    send('POST', '/share-links', { label: 'Acme recruiter (secret label)', ...body }) as Promise<{
      id: number
      token: string
    }>

  beforeAll(async () => {
    t = await createTestContext(undefined, undefined, { siteUrl: SITE })
    admin = (await t.registerAdmin()).token
    await send('PUT', '/languages', { default: 'en', languages: ['en', 'fr'] })
    await send('POST', '/configs', { name: 'ownerName', value: 'Ada Lovelace' })
    const project = async (body: Record<string, unknown>) =>
      ((await send('POST', '/projects', body)) as { id: number }).id
    shop = await project({ name: 'Harbor Shop', description: 'Sells boats.', isActive: true })
    draft = await project({ name: 'Secret Draft', description: 'Not public.', isActive: false })
    maps = await project({
      name: 'Tide Maps',
      description: 'Maps of tides.',
      isActive: true,
      translations: { fr: { name: 'Cartes des marées' } },
    })
    ;({ pages, close } = await sourcePageRenderer(t.app!, t.db!.driver, SITE))
  }, 120_000)

  afterAll(async () => {
    await close?.()
    await t?.close()
  })

  test('shows the hero, the note and exactly the chosen projects in the chosen order, privately', async () => {
    const { token } = await link({
      projectIds: [draft, shop],
      note: 'Hello Grace,\nthe two we spoke about.',
    })
    const page = await get(`/s/${token}`)
    expect(page.status).toBe(200)
    for (const [name, value] of Object.entries(PRIVATE_PAGE_HEADERS))
      expect(page.headers.get(name), name).toBe(value)
    expect(page.headers.get('etag')).toBeNull()
    const { html } = page
    expect(html).toContain('Ada Lovelace')
    expect(html).toContain('Hello Grace,\nthe two we spoke about.')
    const [first, second] = [html.indexOf('Secret Draft'), html.indexOf('Harbor Shop')]
    expect(first).toBeGreaterThan(0)
    expect(second).toBeGreaterThan(first)
    expect(html).not.toContain('Tide Maps')
    expect(html).toContain(`href="/s/${token}/projects/${draft}-secret-draft"`)
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />')
    expect(html).toContain('<meta name="referrer" content="no-referrer" />')
    expect(html).not.toContain('rel="canonical"')
    // The preview names the owner and the note's first line, never the label.
    expect(html).toContain('<meta property="og:title" content="Ada Lovelace — Hello Grace," />')
    expect(html).toContain('<meta property="og:description" content="Hello Grace," />')
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/ada\.example\/og\/[^"]+"/)
    expect(html).not.toContain('secret label')
    expect(html).toMatch(/<html lang="en" dir="ltr"/)
  })

  test("a chosen project's page shows it, inactive too; a project not chosen is not found", async () => {
    const { token } = await link({ projectIds: [draft] })
    const page = await get(`/s/${token}/projects/${draft}-secret-draft`)
    expect(page.status).toBe(200)
    expect(page.html).toContain('Not public.')
    expect(page.html).toContain(`href="/s/${token}"`)
    expect(page.headers.get('cache-control')).toBe('private, no-store')
    const other = await get(`/s/${token}/projects/${shop}-harbor-shop`)
    expect(other.html).not.toContain('Sells boats.')
    expect(other.html).toContain('Page Not Found')
  })

  test('the CV and the contact form only when the link shows them', async () => {
    const plain = await link({ projectIds: [shop] })
    const full = await link({ projectIds: [shop], showCv: true, showContact: true })
    const without = (await get(`/s/${plain.token}`)).html
    const withBoth = (await get(`/s/${full.token}`)).html
    expect(without).not.toContain(`/s/${plain.token}/cv`)
    expect(withBoth).toContain(`href="/s/${full.token}/cv"`)
    expect(withBoth).toContain('/cv.pdf')
    expect(without).not.toContain('Contact form')
    expect(withBoth).toContain('aria-labelledby="shared-contact"')
    expect(without).not.toContain('aria-labelledby="shared-contact"')
    expect((await get(`/s/${plain.token}/cv`)).html).toContain('Page Not Found')
    // The CV page itself, at the link's address, private as the rest.
    const cv = await get(`/s/${full.token}/cv`)
    expect(cv.status).toBe(200)
    expect(cv.headers.get('cache-control')).toBe('private, no-store')
    expect(cv.html).toContain('Loading CV')
    expect(cv.html).not.toContain('Page Not Found')
  })

  test("in the link's language when it has one", async () => {
    const { token } = await link({ projectIds: [maps], lang: 'fr' })
    const page = await get(`/s/${token}`)
    expect(page.status).toBe(200)
    expect(page.html).toMatch(/<html lang="fr" dir="ltr"/)
    expect(page.html).toContain('Projets choisis pour vous')
    expect(page.html).toContain('Cartes des marées')
  })

  test('an unknown token is 404; an expired or revoked link 410 with a way to the portfolio', async () => {
    const unknown = await get(`/s/${'x'.repeat(32)}`)
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('cache-control')).toBe('private, no-store')
    expect(unknown.html).toContain('noindex, nofollow')
    expect((await get('/s/short')).status).toBe(404)

    const expiring = await link({ projectIds: [shop] })
    await send('PATCH', `/share-links/${expiring.id}`, { expiresAt: '2020-01-01T00:00:00Z' })
    const expired = await get(`/s/${expiring.token}`)
    expect(expired.status).toBe(410)
    expect(expired.html).toContain('This link has expired')
    expect(expired.html).toContain('href="/"')
    expect(expired.html).not.toContain('Sells boats.')

    const revoking = await link({ projectIds: [shop] })
    await t.request('DELETE', `/share-links/${revoking.id}`, { token: admin })
    const revoked = await get(`/s/${revoking.token}/projects/${shop}-harbor-shop`)
    expect(revoked.status).toBe(410)
    expect(revoked.html).toContain('This link was revoked')
  })

  test("a passphrase first: 401 with the form; the unlock's cookie opens the page, and only this link's", async () => {
    const locked = await link({ projectIds: [shop], passphrase: 'open sesame' })
    const other = await link({ projectIds: [maps], passphrase: 'open sesame' })
    const form = await get(`/s/${locked.token}`)
    expect(form.status).toBe(401)
    expect(form.html).toContain('This page is private')
    expect(form.html).toMatch(/<label[^>]*for="[^"]+"[^>]*>Passphrase<\/label>/)
    expect(form.html).not.toContain('Sells boats.')

    const unlock = (passphrase: string, headers: Record<string, string> = {}) =>
      t.request('POST', `/shared/${locked.token}/unlock`, {
        body: { passphrase },
        headers: { 'x-forwarded-for': '198.51.100.7', ...headers },
      })
    const wrong = await unlock('open sesame!')
    expect(wrong.status).toBe(401)
    expect(wrong.body.message).toBe('Wrong passphrase')

    // Behind a TLS proxy (X-Forwarded-Proto) the cookie is Secure, on a site served over http.
    const right = await unlock('open sesame', { 'x-forwarded-proto': 'https' })
    expect(right.status).toBe(200)
    const cookies = right.headers.getSetCookie()
    const forPage = cookies.find((c) => c.includes(`Path=/s/${locked.token}`))
    expect(forPage).toMatch(/; Secure/)
    expect(forPage).toMatch(/HttpOnly/)
    const plainHttp = (await unlock('open sesame')).headers.getSetCookie()
    expect(plainHttp.find((c) => c.includes(`Path=/s/${locked.token}`))).not.toMatch(/Secure/)

    const cookie = `theme=dark; ${forPage!.split(';')[0]}`
    expect(sharePassOf(cookie)).toBe(right.body.pass)
    const opened = await get(`/s/${locked.token}`, cookie)
    expect(opened.status).toBe(200)
    expect(opened.html).toContain('Sells boats.')
    expect((await get(`/s/${locked.token}/projects/${shop}-x`, cookie)).status).toBe(200)
    // Never kept: the next visitor without the cookie gets the form again.
    expect((await get(`/s/${locked.token}`)).status).toBe(401)
    // The pass opens its own link only.
    expect((await get(`/s/${other.token}`, cookie)).status).toBe(401)
  })

  test('no share link in the sitemap, robots.txt or the public home page', async () => {
    const { token } = await link({ projectIds: [shop, maps] })
    expect((await get(`/s/${token}`)).status).toBe(200)
    for (const url of ['/sitemap.xml', '/robots.txt', '/', '/fr/', '/llms.txt']) {
      const { html } = await get(url)
      expect(html, url).not.toContain('/s/')
    }
  })
})
