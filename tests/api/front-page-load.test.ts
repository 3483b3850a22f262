// What one visitor can cost everyone else (docs/PRODUCT.md §22): kept answers
// are keyed by the query parameters their route reads, expensive work nothing
// kept is limited per address, visitors' writes from other sites are refused,
// and public answers tell a CDN what it may keep. On every target.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'
import { renameProjectQuietly } from '@test-support/quiet-write.ts'

const SITE = 'https://site.example'
let t: TestContext
let admin: Awaited<ReturnType<TestContext['registerAdmin']>>
let projectId: number
let lastAddress = 10
const newAddress = () => `198.51.100.${++lastAddress}`

beforeAll(async () => {
  t = await createTestContext(undefined, undefined, { allowedOrigins: [SITE] })
  admin = await t.registerAdmin()
  const created = await t.request('POST', '/projects', {
    token: admin.token,
    body: {
      name: 'Kept',
      description: 'A portfolio',
      startYear: 2024,
      endYear: null,
      technologiesIds: [],
      images: [],
      isActive: true,
    },
  })
  projectId = created.body.id
})
afterAll(() => t.close())

/** Renames the project without moving the content version (quiet-write.ts). */
const renameQuietly = (name: string) => renameProjectQuietly(t, projectId, name)
/** A write visitors can see: a new content version. */
const renameOpenly = (name: string) =>
  t.request('PATCH', `/projects/${projectId}`, { token: admin.token, body: { name } })

describe('kept answers are keyed by what the route reads', () => {
  test('a query parameter no route reads shares the kept answer; a declared one does not', async () => {
    await renameOpenly('Before')
    const first = await t.request('GET', '/projects?utm_source=a')
    expect(first.body[0].name).toBe('Before')
    await renameQuietly('After')
    // Kept: the same entry as ?utm_source=a, so still the name it was read with.
    const junk = await t.request('GET', '/projects?x=2&utm_source=b')
    expect(junk.status).toBe(200)
    expect(junk.body[0].name).toBe('Before')
    expect(junk.headers.get('etag')).toBe(first.headers.get('etag'))
    // limit is the route's own parameter: its own entry, read now.
    const paged = await t.request('GET', '/projects?limit=5')
    expect(paged.body[0].name).toBe('After')
    await renameOpenly('Visible')
  })

  test('the CV is made once per content version, whatever else the query holds', async () => {
    await renameOpenly('Résumé one')
    const first = await t.request('GET', '/cv.pdf?x=1', { binary: true })
    expect(first.status).toBe(200)
    await renameQuietly('Résumé two')
    const again = await t.request('GET', `/cv.pdf?x=${Math.random()}`, { binary: true })
    expect(again.status).toBe(200)
    expect(Buffer.from(again.body).equals(Buffer.from(first.body))).toBe(true)
    await renameOpenly('Visible')
  })

  test('an invalid value of a declared parameter is still refused', async () => {
    expect((await t.request('GET', '/projects?limit=abc&x=1')).status).toBe(400)
    expect((await t.request('GET', '/technologies?projects=maybe')).status).toBe(400)
  })
})

describe('expensive work nothing kept is limited per address', () => {
  test('a visitor who makes the CV be rendered again and again is answered 429 with Retry-After', async () => {
    const address = newAddress()
    const statuses: number[] = []
    let retryAfter: string | null = null
    // Each write moves the version on, so each CV must be made afresh.
    for (let i = 0; i < 32; i++) {
      await renameOpenly(`Version ${i}`)
      const res = await t.request('GET', '/cv.pdf', {
        binary: true,
        headers: { 'x-forwarded-for': address },
      })
      statuses.push(res.status)
      if (res.status === 429) retryAfter = res.headers.get('retry-after')
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true)
    expect(statuses.slice(30)).toEqual([429, 429])
    expect(Number(retryAfter)).toBeGreaterThan(0)
    // Another visitor is not held back, nor a kept copy.
    const other = await t.request('GET', '/cv.pdf', {
      binary: true,
      headers: { 'x-forwarded-for': newAddress() },
    })
    expect(other.status).toBe(200)
    const kept = await t.request('GET', '/cv.pdf?again=1', {
      binary: true,
      headers: { 'x-forwarded-for': address },
    })
    expect(kept.status).toBe(200)
  })
})

describe("visitors' writes from other sites are refused", () => {
  const event = { type: 'view', path: '/' }
  const message = { name: 'Ann', email: 'ann@example.com', message: 'Hello there', website: '' }
  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    t.request('POST', path, {
      rawBody: JSON.stringify(body),
      headers: { 'x-forwarded-for': newAddress(), 'user-agent': 'Mozilla/5.0', ...headers },
    })

  test.each([
    ['/contact', message],
    ['/events', event],
  ])('POST %s from another site is refused 403, in the error shape', async (path, body) => {
    const senders: Record<string, string>[] = [
      { origin: 'https://evil.example', 'content-type': 'text/plain;charset=UTF-8' },
      { origin: 'https://evil.example', 'content-type': 'application/json' },
      { origin: 'null', 'content-type': 'application/json' },
      { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
    ]
    for (const headers of senders) {
      const res = await post(path, body, headers)
      expect(res.status, JSON.stringify(headers)).toBe(403)
      expect(res.body.statusCode).toBe(403)
      expect(res.body.message).toMatch(/other sites/)
    }
  })

  test('POST /contact reads JSON only: a form or text post is refused 415', async () => {
    for (const type of [
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await post('/contact', message, { 'content-type': type })
      expect(res.status, type).toBe(415)
      expect(res.body.message).toMatch(/application\/json/)
    }
    const none = await post('/contact', message, {})
    expect(none.status).toBe(415)
  })

  test("POST /events takes the beacon's text/plain and JSON, nothing else", async () => {
    expect(
      (await post('/events', event, { 'content-type': 'application/x-www-form-urlencoded' }))
        .status,
    ).toBe(415)
    // What navigator.sendBeacon sends from the site's own page.
    const beacon = await post('/events', event, {
      'content-type': 'text/plain;charset=UTF-8',
      'sec-fetch-site': 'same-origin',
    })
    expect(beacon.status).toBe(204)
  })

  test('the site named in ALLOWED_ORIGINS and a script without those headers are let through', async () => {
    const fromSite = await post('/contact', message, {
      origin: SITE,
      'sec-fetch-site': 'cross-site',
      'content-type': 'application/json',
    })
    expect(fromSite.status).toBe(201)
    const beacon = await post('/events', event, {
      origin: SITE,
      'sec-fetch-site': 'cross-site',
      'content-type': 'text/plain;charset=UTF-8',
    })
    expect(beacon.status).toBe(204)
    const script = await post('/contact', message, { 'content-type': 'application/json' })
    expect(script.status).toBe(201)
    // Another host of the same site, as the browser judges it (www. beside api.).
    const sibling = await post('/events', event, {
      origin: 'https://www.api.example',
      'sec-fetch-site': 'same-site',
      'content-type': 'text/plain;charset=UTF-8',
    })
    expect(sibling.status).toBe(204)
  })
})

describe('what a CDN may keep', () => {
  const directives = (header: string | null) =>
    new Map(
      (header ?? '').split(',').map((part) => {
        const [name = '', value] = part.trim().toLowerCase().split('=')
        return [name, value] as const
      }),
    )

  test.each(['/projects', `/projects/${1}`, '/resume.json', '/cv.pdf', '/configs/all-as-object'])(
    'a public GET %s may be kept by a CDN 60 s and served stale while it refreshes',
    async (path) => {
      const url = path === '/projects/1' ? `/projects/${projectId}` : path
      const res = await t.request('GET', url, { binary: path === '/cv.pdf' })
      expect(res.status).toBe(200)
      const browsers = directives(res.headers.get('cache-control'))
      expect(browsers.has('public')).toBe(true)
      expect(browsers.get('max-age')).toBe('0')
      expect(browsers.get('s-maxage')).toBe('60')
      const cdn = directives(res.headers.get('cdn-cache-control'))
      expect(cdn.get('max-age')).toBe('60')
      expect(Number(cdn.get('stale-while-revalidate'))).toBeGreaterThanOrEqual(60)
      expect(res.headers.get('vary')).toMatch(/Authorization/)
    },
  )

  test('a signed-in read stays private and is never kept', async () => {
    const res = await t.request('GET', '/projects', { token: admin.token })
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('cdn-cache-control')).toBeNull()
  })
})
