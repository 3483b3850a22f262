import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MAX_IMAGE_BYTES } from '../../supabase/functions/_shared/contract/messages.ts'
import {
  createTestContext,
  imageForm,
  inProcess,
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

/** `null` sends no token (a visitor). */
const upload = (form: FormData, token: string | null = r.admin.token) =>
  t.request('POST', '/uploads/image', { token: token ?? undefined, rawBody: form })
/** Whether the image store still holds the file behind an answered URL. */
const stored = async (url: string) => (await t.storedFile(url)) !== null

describe('image uploads', () => {
  test('stores a real PNG under a server-chosen name and answers 201 with its url', async () => {
    const res = await upload(imageForm(tinyPng, '../../evil name.html'))
    expect(res.status).toBe(201)
    // A server-chosen name under the store's own prefix (/uploads/ locally, the bucket on Supabase).
    expect(res.body.url).toMatch(/\/[0-9a-f-]{36}\.png$/)
    expect(await t.storedFile(res.body.url)).toEqual(tinyPng)
  })

  test('decides the type by the bytes: HTML named .png and declared image/png is refused with 415', async () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>')
    const res = await upload(imageForm(html, 'photo.png', 'image/png'))
    expect(res.status).toBe(415)
    expect(res.body.message).toBe('Please select a valid image file (JPEG, PNG, GIF, or WEBP)')
  })

  test('accepts GIF, JPEG and WEBP by their signatures whatever the declared type', async () => {
    const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00')
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])
    const webp = new TextEncoder().encode('RIFF\x1a\x00\x00\x00WEBPVP8 ')
    for (const [bytes, ext] of [
      [gif, 'gif'],
      [jpeg, 'jpg'],
      [webp, 'webp'],
    ] as const) {
      const res = await upload(imageForm(bytes, 'file.txt', 'text/plain'))
      expect(res.status, ext).toBe(201)
      expect(res.body.url.endsWith(`.${ext}`)).toBe(true)
    }
  })

  test('refuses a file of 5 MB + 1 byte with 413 and keeps one of exactly 5 MB', async () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1)
    big.set(tinyPng)
    const res = await upload(imageForm(big))
    expect(res.status).toBe(413)
    expect(res.body.message).toBe('Image size should be less than 5MB')
    const limit = await upload(imageForm(big.subarray(0, MAX_IMAGE_BYTES)))
    expect(limit.status).toBe(201)
  })

  // In-process only: a real HTTP client will not send a Content-Length that its body does not match.
  test.skipIf(!inProcess)(
    'refuses a declared Content-Length far over the limit before reading the body',
    async () => {
      const res = await t.request('POST', '/uploads/image', {
        token: r.admin.token,
        rawBody: 'x',
        headers: {
          'content-length': String(MAX_IMAGE_BYTES * 2),
          'content-type': 'multipart/form-data; boundary=x',
        },
      })
      expect(res.status).toBe(413)
    },
  )

  test('answers 400 when no file is sent', async () => {
    const form = new FormData()
    form.append('other', 'value')
    expect((await upload(form)).status).toBe(400)
    const notMultipart = await t.request('POST', '/uploads/image', {
      token: r.admin.token,
      body: { file: 'x' },
    })
    expect(notMultipart.status).toBe(400)
  })

  test('visitors get 401 and the user role 403, and nothing is stored', async () => {
    const before = await t.storedCount()
    expect((await upload(imageForm(tinyPng), null)).status).toBe(401)
    expect((await upload(imageForm(tinyPng), r.user.token)).status).toBe(403)
    expect(await t.storedCount()).toBe(before)
    expect(
      (
        await t.request('DELETE', '/uploads/image', {
          token: r.user.token,
          body: { url: '/uploads/x.png' },
        })
      ).status,
    ).toBe(403)
    expect(
      (await t.request('DELETE', '/uploads/image', { body: { url: '/uploads/x.png' } })).status,
    ).toBe(401)
  })

  test('an admin deletes an uploaded image; a URL that is not ours is a 400', async () => {
    const { url } = (await upload(imageForm(tinyPng))).body
    const res = await t.request('DELETE', '/uploads/image', { token: r.admin.token, body: { url } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true })
    expect(await stored(url)).toBe(false)
    for (const other of [
      'https://elsewhere.example.com/a.png',
      '/uploads/../package.json',
      '/etc/passwd',
    ]) {
      expect(
        (
          await t.request('DELETE', '/uploads/image', {
            token: r.admin.token,
            body: { url: other },
          })
        ).status,
        other,
      ).toBe(400)
    }
  })
})

describe('files nobody references any more', () => {
  test('are removed when a project is deleted, unless another project still uses them', async () => {
    const shared = (await upload(imageForm(tinyPng))).body.url as string
    const own = (await upload(imageForm(tinyPng))).body.url as string
    const a = (
      await t.request('POST', '/projects', {
        token: r.admin.token,
        body: { name: 'A', description: 'd', thumbnail: shared, images: [own] },
      })
    ).body
    await t.request('POST', '/projects', {
      token: r.admin.token,
      body: { name: 'B', description: 'd', images: [shared] },
    })

    expect((await t.request('DELETE', `/projects/${a.id}`, { token: r.admin.token })).status).toBe(
      204,
    )
    expect(await stored(own)).toBe(false)
    expect(await stored(shared)).toBe(true)
  })

  test('are removed when an update drops a thumbnail or an image, and kept images stay', async () => {
    const thumb = (await upload(imageForm(tinyPng))).body.url as string
    const keep = (await upload(imageForm(tinyPng))).body.url as string
    const drop = (await upload(imageForm(tinyPng))).body.url as string
    const p = (
      await t.request('POST', '/projects', {
        token: r.admin.token,
        body: { name: 'C', description: 'd', thumbnail: thumb, images: [keep, drop] },
      })
    ).body

    const res = await t.request('PATCH', `/projects/${p.id}`, {
      token: r.admin.token,
      body: { thumbnail: null, images: [keep] },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ thumbnail: null, images: [keep] })
    expect(await stored(thumb)).toBe(false)
    expect(await stored(drop)).toBe(false)
    expect(await stored(keep)).toBe(true)
  })

  test('stay when a refused update or delete changes nothing', async () => {
    const img = (await upload(imageForm(tinyPng))).body.url as string
    const p = (
      await t.request('POST', '/projects', {
        token: r.admin.token,
        body: { name: 'D', description: 'd', images: [img] },
      })
    ).body
    expect(
      (await t.request('PATCH', `/projects/${p.id}`, { token: r.user.token, body: { images: [] } }))
        .status,
    ).toBe(403)
    expect((await t.request('DELETE', `/projects/${p.id}`, { token: r.user.token })).status).toBe(
      403,
    )
    expect(await stored(img)).toBe(true)
  })
})
