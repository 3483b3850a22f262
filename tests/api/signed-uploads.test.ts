// Images sent straight to storage (docs/operations.md, "How uploads flow"): POST /uploads/sign
// authorizes one object, supabase-js's uploadToSignedUrl sends the bytes there
// (the local server on Node, the Storage stand-in on Deno), and before content
// may show a file the API reads its first bytes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MAX_IMAGE_BYTES } from '../../supabase/functions/_shared/contract/messages.ts'
import {
  signUploadToken,
  uploadSigningKey,
} from '../../supabase/functions/_shared/images/upload-token.ts'
import {
  createTestContext,
  inProcess,
  TEST_SECRET,
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
const sign = (body: unknown, token: string | null = r.admin.token) =>
  t.request('POST', '/uploads/sign', { token: token ?? undefined, body })
const png = (bytes: Uint8Array = tinyPng) => new Blob([bytes as BlobPart], { type: 'image/png' })
const html = new TextEncoder().encode('<html><script>alert(1)</script></html>')

describe('POST /uploads/sign', () => {
  test('answers a signed upload of a server-chosen name and the public URL it will have', async () => {
    const res = await sign({ contentType: 'image/webp', size: 1234 })
    expect(res.status).toBe(200)
    expect(res.body.path).toMatch(/^[0-9a-f-]{36}\.webp$/)
    expect(res.body.url.endsWith(`/${res.body.path}`)).toBe(true)
    // Storage's shape: the token rides in the URL of the object it names.
    const signed = new URL(res.body.signedUrl, 'http://site.test')
    expect(signed.pathname).toBe(`/storage/v1/object/upload/sign/images/${res.body.path}`)
    expect(signed.searchParams.get('token')).toBe(res.body.token)
    // Nothing is stored until the bytes arrive.
    expect(await t.storedFile(res.body.url)).toBeNull()
  })

  test('refuses what POST /uploads/image refuses, with its words: a type that is no image, more than 5 MB', async () => {
    const wrong = await sign({ contentType: 'text/html', size: 10 })
    expect(wrong.status).toBe(415)
    expect(wrong.body.message).toBe('Please select a valid image file (JPEG, PNG, GIF, or WEBP)')
    expect((await sign({ contentType: 'constructor', size: 10 })).status).toBe(415)
    const big = await sign({ contentType: 'image/png', size: MAX_IMAGE_BYTES + 1 })
    expect(big.status).toBe(413)
    expect(big.body.message).toBe('Image size should be less than 5MB')
    expect((await sign({ contentType: 'image/png', size: MAX_IMAGE_BYTES })).status).toBe(200)
    expect((await sign({ contentType: 'image/png' })).status).toBe(400)
  })

  test('is for admins: 401 for visitors, 403 for a read-only account', async () => {
    const body = { contentType: 'image/png', size: 10 }
    expect((await sign(body, null)).status).toBe(401)
    expect((await sign(body, r.user.token)).status).toBe(403)
  })
})

describe('the signed upload, as supabase-js sends it', () => {
  test('stores the bytes under the signed name; the URL then works in a project', async () => {
    const { body: signed } = await sign({ contentType: 'image/png', size: tinyPng.length })
    const { data, error } = await t.uploadSigned(signed, png())
    expect(error).toBeNull()
    expect(data).toEqual({ path: signed.path, fullPath: `images/${signed.path}` })
    expect(await t.storedFile(signed.url)).toEqual(tinyPng)
    const project = await t.request('POST', '/projects', {
      token: r.admin.token,
      body: { name: 'Signed', description: 'Sent straight to storage', thumbnail: signed.url },
    })
    expect(project.status).toBe(201)
    expect(project.body.thumbnail).toBe(signed.url)
  })

  test('a token is good for its own object only, and once', async () => {
    const { body: first } = await sign({ contentType: 'image/png', size: tinyPng.length })
    const { body: second } = await sign({ contentType: 'image/png', size: tinyPng.length })
    const swapped = await t.uploadSigned({ ...second, token: first.token }, png())
    expect(swapped.error).not.toBeNull()
    expect(await t.storedFile(second.url)).toBeNull()
    expect((await t.uploadSigned(first, png())).error).toBeNull()
    const again = await t.uploadSigned(first, png())
    expect((again.error as { status?: number } | null)?.status).toBe(409)
  })

  test('takes the raw bytes too, as Storage does when the body is no form', async () => {
    const { body: signed } = await sign({ contentType: 'image/png', size: tinyPng.length })
    const response = await t.storageFetch(
      new Request(new URL(signed.signedUrl, t.supabaseUrl), {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: tinyPng as BodyInit,
      }),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ Key: `images/${signed.path}` })
    expect(await t.storedFile(signed.url)).toEqual(tinyPng)
  })

  // A token of the local store's own making, from three hours ago; Storage's cannot be made here.
  test.skipIf(!inProcess)('the local server refuses an expired token with 400', async () => {
    const path = `${crypto.randomUUID()}.png`
    const token = await signUploadToken(
      uploadSigningKey(TEST_SECRET),
      path,
      Date.now() - 3 * 60 * 60 * 1000,
    )
    const { error } = await t.uploadSigned({ path, token, signedUrl: '', url: '' }, png())
    expect((error as { status?: number } | null)?.status).toBe(400)
    expect(error?.message).toMatch(/expired/)
  })

  test('refuses more than 5 MB and stores nothing', async () => {
    const { body: signed } = await sign({ contentType: 'image/png', size: MAX_IMAGE_BYTES })
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1)
    big.set(tinyPng)
    const { error } = await t.uploadSigned(signed, png(big))
    expect((error as { status?: number } | null)?.status).toBe(413)
    expect(await t.storedFile(signed.url)).toBeNull()
  })

  // Storage keeps what the browser declared; the local server reads the bytes as it receives them.
  test.skipIf(!inProcess)(
    'the local server refuses bytes that are no image, whatever was declared',
    async () => {
      const { body: signed } = await sign({ contentType: 'image/png', size: html.length })
      const { error } = await t.uploadSigned(signed, png(html))
      expect((error as { status?: number } | null)?.status).toBe(415)
      expect(error?.message).toBe('Please select a valid image file (JPEG, PNG, GIF, or WEBP)')
      expect(await t.storedFile(signed.url)).toBeNull()
    },
  )
})

describe('content may show a stored file only once its bytes say it is an image', () => {
  const entities = [
    ['projects', 'thumbnail', (url: string) => ({ name: 'P', description: 'D', thumbnail: url })],
    ['technologies', 'icon', (url: string) => ({ name: `T${Math.random()}`, icon: url })],
    [
      'certifications',
      'icon',
      (url: string) => ({ name: 'C', icon: url, obtainedDate: '2024-01-02' }),
    ],
  ] as const

  for (const [path, field, payload] of entities) {
    test(`POST /${path} refuses a file that is not an image with 415, and the file is deleted`, async () => {
      const url = await t.plantStoredFile(`${crypto.randomUUID()}.png`, html, 'image/png')
      const res = await t.request('POST', `/${path}`, { token: r.admin.token, body: payload(url) })
      expect(res.status).toBe(415)
      expect(res.body.message).toMatch(/not a JPEG, PNG, GIF or WEBP image/)
      expect(res.body.errors[field]).toBe(
        'Please select a valid image file (JPEG, PNG, GIF, or WEBP)',
      )
      expect(await t.storedFile(url)).toBeNull()
    })
  }

  test('PATCH refuses it too, and the row keeps its image', async () => {
    const good = await t.plantStoredFile(`${crypto.randomUUID()}.png`, tinyPng, 'image/png')
    const created = await t.request('POST', '/technologies', {
      token: r.admin.token,
      body: { name: 'Kept icon', icon: good },
    })
    expect(created.status).toBe(201)
    const bad = await t.plantStoredFile(`${crypto.randomUUID()}.png`, html, 'image/png')
    const res = await t.request('PATCH', `/technologies/${created.body.id}`, {
      token: r.admin.token,
      body: { icon: bad },
    })
    expect(res.status).toBe(415)
    expect(await t.storedFile(bad)).toBeNull()
    const after = await t.request('GET', `/technologies/${created.body.id}`, {
      token: r.admin.token,
    })
    expect(after.body.icon).toBe(good)
    expect(await t.storedFile(good)).toEqual(tinyPng)
  })

  test('a file some content already shows is refused for new content but kept', async () => {
    // Only reachable by pasting its URL into a configuration, which is free text.
    const bad = await t.plantStoredFile(`${crypto.randomUUID()}.png`, html, 'image/png')
    await t.sql(`insert into public.configs (name, value) values ('pastedImage', $1)`, [bad])
    const res = await t.request('POST', '/certifications', {
      token: r.admin.token,
      body: { name: 'C', icon: bad, obtainedDate: '2024-01-02' },
    })
    expect(res.status).toBe(415)
    expect(await t.storedFile(bad)).not.toBeNull()
  })
})
