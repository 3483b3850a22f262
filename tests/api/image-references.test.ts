// A stored image is removed only when nothing shows it any more (docs/PRODUCT.md §11,
// item 10): DELETE /uploads/image refuses (409) while any project, technology,
// certification or configuration uses the file, and the clean-up after an
// update or delete looks at all of them too, including the old icons of
// technologies and certifications.
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

let n = 0
const unique = (prefix: string) => `${prefix}${++n}x${Math.random().toString(36).slice(2, 8)}`

/** A fresh upload's URL, as this target's store names it (a path locally, Storage on Deno). */
const uploaded = async (): Promise<string> => {
  const res = await t.request('POST', '/uploads/image', {
    token: r.admin.token,
    rawBody: imageForm(tinyPng),
  })
  expect(res.status).toBe(201)
  return res.body.url
}
const stored = async (url: string) => (await t.storedFile(url)) !== null
const deleteImage = (url: string) =>
  t.request('DELETE', '/uploads/image', { token: r.admin.token, body: { url } })
const admin = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { token: r.admin.token, body })

describe('DELETE /uploads/image', () => {
  test.each([
    [
      'a project thumbnail',
      (url: string) =>
        admin('POST', '/projects', { name: unique('P'), description: 'd', thumbnail: url }),
      '1 project',
    ],
    [
      'an image of an inactive project',
      (url: string) =>
        admin('POST', '/projects', {
          name: unique('P'),
          description: 'd',
          isActive: false,
          images: ['https://cdn.example.com/other.png', url],
        }),
      '1 project',
    ],
    [
      'a technology icon',
      (url: string) => admin('POST', '/technologies', { name: unique('T'), icon: url }),
      '1 technology',
    ],
    [
      'a certification icon',
      (url: string) =>
        admin('POST', '/certifications', {
          name: unique('C'),
          icon: url,
          obtainedDate: '2023-01-01',
        }),
      '1 certification',
    ],
    [
      'a configuration value that mentions it',
      (url: string) =>
        admin('POST', '/configs', { name: unique('heroImage'), value: `See ${url} for the photo` }),
      '1 configuration',
    ],
  ])('refuses with 409 while %s uses the file, and keeps it', async (_what, use, counted) => {
    const url = await uploaded()
    expect((await use(url)).status).toBe(201)
    const res = await deleteImage(url)
    expect(res.status).toBe(409)
    expect(res.body).toEqual({
      statusCode: 409,
      message: `This image is still used by ${counted}, so it was not deleted`,
    })
    expect(await stored(url)).toBe(true)
  })

  test('counts every use, and finds a copy of the URL on another host', async () => {
    const url = await uploaded()
    const elsewhere = `https://cdn.example.com${new URL(url, 'http://base.invalid').pathname}`
    for (const thumbnail of [url, elsewhere])
      await admin('POST', '/projects', { name: unique('P'), description: 'd', thumbnail })
    await admin('POST', '/technologies', { name: unique('T'), icon: url })
    const res = await deleteImage(url)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(
      'This image is still used by 2 projects and 1 technology, so it was not deleted',
    )
  })

  test('deletes the file once nothing uses it any more', async () => {
    const url = await uploaded()
    const tech = (await admin('POST', '/technologies', { name: unique('T'), icon: url })).body
    expect((await deleteImage(url)).status).toBe(409)
    // Dropping the icon removes the file already: nothing else used it.
    expect((await admin('PATCH', `/technologies/${tech.id}`, { icon: null })).status).toBe(200)
    expect(await stored(url)).toBe(false)

    const loose = await uploaded()
    const res = await deleteImage(loose)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true })
    expect(await stored(loose)).toBe(false)
  })

  test('a write that starts using a file never loses the race against its deletion', async () => {
    const project = (await admin('POST', '/projects', { name: unique('Race'), description: 'd' }))
      .body
    for (let round = 0; round < 8; round++) {
      const url = await uploaded()
      const [removed, saved] = await Promise.all([
        deleteImage(url),
        admin('PATCH', `/projects/${project.id}`, { thumbnail: url }),
      ])
      // Whichever comes first wins and the other is refused: never a project showing a removed file.
      const now = (await admin('GET', `/projects/${project.id}`)).body
      if (saved.status === 200) {
        expect(now.thumbnail).toBe(url)
        expect(removed.status, `round ${round}`).toBe(409)
        expect(await stored(url)).toBe(true)
      } else {
        expect(saved.status, `round ${round}`).toBe(409)
        expect(saved.body).toEqual({
          statusCode: 409,
          message: 'This image was deleted meanwhile; upload it again',
          errors: { thumbnail: 'This image was deleted meanwhile; upload it again' },
        })
        expect(removed.status).toBe(200)
        expect(now.thumbnail).not.toBe(url)
        expect(await stored(url)).toBe(false)
      }
    }
  })
})

test.each([
  [
    'a new project',
    (url: string) =>
      admin('POST', '/projects', { name: unique('P'), description: 'd', images: [url] }),
  ],
  [
    'a new technology',
    (url: string) => admin('POST', '/technologies', { name: unique('T'), icon: url }),
  ],
  [
    'a new certification',
    (url: string) =>
      admin('POST', '/certifications', {
        name: unique('C'),
        icon: url,
        obtainedDate: '2020-02-02',
      }),
  ],
])('%s cannot start using a file that was deleted', async (_what, use) => {
  const url = await uploaded()
  expect((await deleteImage(url)).status).toBe(200)
  const res = await use(url)
  expect(res.status).toBe(409)
  expect(res.body.message).toBe('This image was deleted meanwhile; upload it again')
})

describe('clean-up after an update or a delete', () => {
  test('keeps a dropped project image that a technology, certification or configuration still uses', async () => {
    const [forTech, forCert, forConfig, alone] = [
      await uploaded(),
      await uploaded(),
      await uploaded(),
      await uploaded(),
    ]
    await admin('POST', '/technologies', { name: unique('T'), icon: forTech })
    await admin('POST', '/certifications', {
      name: unique('C'),
      icon: forCert,
      obtainedDate: '2022-02-02',
    })
    await admin('POST', '/configs', { name: unique('banner'), value: forConfig })
    const project = (
      await admin('POST', '/projects', {
        name: unique('P'),
        description: 'd',
        thumbnail: alone,
        images: [forTech, forCert, forConfig],
      })
    ).body
    expect((await admin('PATCH', `/projects/${project.id}`, { images: [] })).status).toBe(200)
    expect(await stored(forTech)).toBe(true)
    expect(await stored(forCert)).toBe(true)
    expect(await stored(forConfig)).toBe(true)
    expect((await admin('DELETE', `/projects/${project.id}`)).status).toBe(204)
    expect(await stored(alone)).toBe(false)
  })

  test("removes a technology's old icon when it changes and its icon when it is deleted", async () => {
    const [first, second] = [await uploaded(), await uploaded()]
    const tech = (await admin('POST', '/technologies', { name: unique('T'), icon: first })).body
    expect((await admin('PATCH', `/technologies/${tech.id}`, { icon: second })).status).toBe(200)
    expect(await stored(first)).toBe(false)
    expect(await stored(second)).toBe(true)
    // A rename alone leaves the icon where it is.
    expect((await admin('PATCH', `/technologies/${tech.id}`, { name: unique('T') })).status).toBe(
      200,
    )
    expect(await stored(second)).toBe(true)
    expect((await admin('DELETE', `/technologies/${tech.id}`)).status).toBe(204)
    expect(await stored(second)).toBe(false)
  })

  test("removes a certification's old icon when it changes and its icon when it is deleted", async () => {
    const [first, second] = [await uploaded(), await uploaded()]
    const cert = (
      await admin('POST', '/certifications', {
        name: unique('C'),
        icon: first,
        obtainedDate: '2021-03-04',
      })
    ).body
    expect((await admin('PATCH', `/certifications/${cert.id}`, { icon: second })).status).toBe(200)
    expect(await stored(first)).toBe(false)
    // Back to an emoji: the uploaded icon goes.
    expect((await admin('PATCH', `/certifications/${cert.id}`, { icon: '☁️' })).status).toBe(200)
    expect(await stored(second)).toBe(false)

    const third = await uploaded()
    await admin('PATCH', `/certifications/${cert.id}`, { icon: third })
    expect((await admin('DELETE', `/certifications/${cert.id}`)).status).toBe(204)
    expect(await stored(third)).toBe(false)
  })

  test('keeps an old icon that something else still shows', async () => {
    const shared = await uploaded()
    const tech = (await admin('POST', '/technologies', { name: unique('T'), icon: shared })).body
    const cert = (
      await admin('POST', '/certifications', {
        name: unique('C'),
        icon: shared,
        obtainedDate: '2020-01-01',
      })
    ).body
    await admin('PATCH', `/technologies/${tech.id}`, { icon: null })
    expect(await stored(shared)).toBe(true)
    await admin('DELETE', `/certifications/${cert.id}`)
    expect(await stored(shared)).toBe(false)
  })

  test('a refused change by the read-only role removes nothing', async () => {
    const icon = await uploaded()
    const tech = (await admin('POST', '/technologies', { name: unique('T'), icon })).body
    const write = (method: string) =>
      t.request(method, `/technologies/${tech.id}`, { token: r.user.token, body: { icon: null } })
    expect((await write('PATCH')).status).toBe(403)
    expect((await write('DELETE')).status).toBe(403)
    expect(await stored(icon)).toBe(true)
  })
})
