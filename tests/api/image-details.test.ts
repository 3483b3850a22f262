// Alternative text, sizes and card copies of a project's images
// (docs/PRODUCT.md §15): `imageDetails` beside the spec's `thumbnail` and
// `images`, which keep working alone for clients that know nothing of it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  createTestContext,
  imageForm,
  tinyPng,
  type TestContext,
} from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

/** The smallest lossless WebP (1x1): what the owner's browser sends after re-encoding. */
const tinyWebp = Uint8Array.from(
  Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
)

const upload = async (bytes = tinyPng, name = 'shot.png', type = 'image/png') => {
  const res = await t.request('POST', '/uploads/image', {
    token: r.admin.token,
    rawBody: imageForm(bytes, name, type),
  })
  expect(res.status).toBe(201)
  return res.body.url as string
}
const admin = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.request(method, path, { token: r.admin.token, body, headers })
const stored = async (url: string) => (await t.storedFile(url)) !== null

describe('imageDetails', () => {
  test('a project saved with images only gets one entry per image, thumbnail first, with the default text', async () => {
    const [thumb, a, b] = [await upload(), await upload(), await upload()]
    const res = await admin('POST', '/projects', {
      name: 'Harbor',
      description: 'd',
      thumbnail: thumb,
      images: [a, b, a],
    })
    expect(res.status).toBe(201)
    expect(res.body.images).toEqual([a, b, a])
    expect(res.body.imageDetails).toEqual([
      { url: thumb, alt: 'Harbor screenshot', width: null, height: null, cardUrl: null },
      { url: a, alt: 'Harbor screenshot 1', width: null, height: null, cardUrl: null },
      { url: b, alt: 'Harbor screenshot 2', width: null, height: null, cardUrl: null },
    ])
  })

  test('alt text, size and card copy are stored and answered to visitors, WebP included', async () => {
    const [main, card] = [await upload(tinyWebp, 'a.webp', 'image/webp'), await upload()]
    expect(main).toMatch(/\.webp$/)
    const created = await admin('POST', '/projects', {
      name: 'Lumen',
      description: 'd',
      thumbnail: main,
      imageDetails: [
        { url: main, alt: '  The dashboard  ', width: 2560, height: 1440, cardUrl: card },
      ],
    })
    expect(created.status).toBe(201)
    const visitor = await t.request('GET', `/projects/${created.body.id}`)
    expect(visitor.status).toBe(200)
    expect(visitor.body.imageDetails).toEqual([
      { url: main, alt: 'The dashboard', width: 2560, height: 1440, cardUrl: card },
    ])
    const list = await t.request('GET', '/projects')
    const listed = list.body.find((p: { id: number }) => p.id === created.body.id)
    expect(listed.imageDetails[0].cardUrl).toBe(card)
  })

  test('an update of images alone keeps the details of images still shown and drops the rest', async () => {
    const [a, b, c] = [await upload(), await upload(), await upload()]
    const created = await admin('POST', '/projects', {
      name: 'Keep',
      description: 'd',
      images: [a, b],
      imageDetails: [
        { url: a, alt: 'First', width: 800, height: 600 },
        { url: b, alt: 'Second', width: 10, height: 10 },
      ],
    })
    const updated = await admin('PATCH', `/projects/${created.body.id}`, { images: [c, a] })
    expect(updated.status).toBe(200)
    expect(updated.body.imageDetails).toEqual([
      { url: c, alt: 'Keep screenshot 1', width: null, height: null, cardUrl: null },
      { url: a, alt: 'First', width: 800, height: 600, cardUrl: null },
    ])
    // b's file went with its entry, as before details existed.
    expect(await stored(b)).toBe(false)
  })

  test('an update of imageDetails alone changes the named entries only, and respects If-Match', async () => {
    const [a, b] = [await upload(), await upload()]
    const created = await admin('POST', '/projects', {
      name: 'Versioned',
      description: 'd',
      images: [a, b],
      imageDetails: [{ url: b, alt: 'Bee', width: 5, height: 5 }],
    })
    const read = await admin('GET', `/projects/${created.body.id}`)
    const etag = read.headers.get('etag')!
    const patched = await admin(
      'PATCH',
      `/projects/${created.body.id}`,
      { imageDetails: [{ url: a, alt: 'Ay' }] },
      { 'if-match': etag },
    )
    expect(patched.status).toBe(200)
    expect(patched.body.imageDetails.map((d: { alt: string }) => d.alt)).toEqual(['Ay', 'Bee'])
    const stale = await admin(
      'PATCH',
      `/projects/${created.body.id}`,
      { imageDetails: [{ url: a, alt: 'Late' }] },
      { 'if-match': etag },
    )
    expect(stale.status).toBe(412)
  })

  test('a card copy stays while the project shows it, and goes with its image', async () => {
    const [main, card] = [await upload(), await upload()]
    const created = await admin('POST', '/projects', {
      name: 'Cards',
      description: 'd',
      images: [main],
      imageDetails: [{ url: main, cardUrl: card, width: 3, height: 2 }],
    })
    const refused = await admin('DELETE', '/uploads/image', { url: card })
    expect(refused.status).toBe(409)
    expect(await stored(card)).toBe(true)
    const emptied = await admin('PATCH', `/projects/${created.body.id}`, { images: [] })
    expect(emptied.status).toBe(200)
    expect(emptied.body.imageDetails).toEqual([])
    expect(await stored(main)).toBe(false)
    expect(await stored(card)).toBe(false)
  })

  test('deleting the project removes its card copies', async () => {
    const [main, card] = [await upload(), await upload()]
    const created = await admin('POST', '/projects', {
      name: 'Gone',
      description: 'd',
      thumbnail: main,
      imageDetails: [{ url: main, cardUrl: card }],
    })
    expect((await admin('DELETE', `/projects/${created.body.id}`)).status).toBe(204)
    expect(await stored(card)).toBe(false)
  })

  test('a card copy whose file was deleted meanwhile is refused with 409', async () => {
    const [main, card] = [await upload(), await upload()]
    expect((await admin('DELETE', '/uploads/image', { url: card })).status).toBe(200)
    const res = await admin('POST', '/projects', {
      name: 'Late card',
      description: 'd',
      images: [main],
      imageDetails: [{ url: main, cardUrl: card }],
    })
    expect(res.status).toBe(409)
    expect(res.body.errors).toHaveProperty('imageDetails')
  })

  test.each([
    ['a fractional width', { width: 10.5 }],
    ['a zero height', { height: 0 }],
    ['an alt text of 301 characters', { alt: 'x'.repeat(301) }],
    ['a javascript: card URL', { cardUrl: 'javascript:alert(1)' }],
  ])('%s answers 400', async (_what, detail) => {
    const url = await upload()
    const res = await admin('POST', '/projects', {
      name: 'Bad',
      description: 'd',
      images: [url],
      imageDetails: [{ url, ...detail }],
    })
    expect(res.status).toBe(400)
  })

  test('visitors learn nothing of an inactive project through its details', async () => {
    const url = await upload()
    const created = await admin('POST', '/projects', {
      name: 'Hidden',
      description: 'd',
      isActive: false,
      images: [url],
      imageDetails: [{ url, alt: 'Secret' }],
    })
    expect((await t.request('GET', `/projects/${created.body.id}`)).status).toBe(404)
    const list = await t.request('GET', '/projects')
    expect(JSON.stringify(list.body)).not.toContain('Secret')
  })

  test('rows stored before the details existed are filled by the same rule the migration used', async () => {
    const [row] = await t.sql<{ details: unknown }>(
      `select app.project_image_details('Old', 'https://x.test/t.png',
                array['https://x.test/a.png', 'https://x.test/t.png'], '{}'::jsonb) as details`,
    )
    const details =
      typeof row!.details === 'string' ? JSON.parse(row!.details) : (row!.details as object)
    expect(details).toEqual({
      'https://x.test/t.png': { alt: 'Old screenshot', width: null, height: null, cardUrl: null },
      'https://x.test/a.png': { alt: 'Old screenshot 1', width: null, height: null, cardUrl: null },
    })
  })
})
