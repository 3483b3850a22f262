// The images a backup carries are those of every image column the registry
// declares (api/registry.ts, docs/decisions/081): a post's cover, the images
// its Markdown body shows, and those its translations show, which a restore
// stores again and points the texts at.
import { strFromU8 } from 'fflate'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { archiveForm, pngNumbered, unzip } from '@test-support/backup-fixtures.ts'
import { createTestContext, imageForm, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

const upload = async (n: number) => {
  const res = await t.request('POST', '/uploads/image', {
    token: r.admin.token,
    rawBody: imageForm(pngNumbered(n)),
  })
  expect(res.status).toBe(201)
  return res.body.url as string
}

describe("a post's images in a backup", () => {
  test('its cover, its body and its translations travel, and a restore points them at the new files', async () => {
    expect(
      (
        await t.request('PUT', '/languages', {
          token: r.admin.token,
          body: { default: 'en', languages: ['en', 'fr'] },
        })
      ).status,
    ).toBe(200)
    const [cover, shown, french] = (await Promise.all([101, 102, 103].map(upload))) as [
      string,
      string,
      string,
    ]
    const made = await t.request('POST', '/posts', {
      token: r.admin.token,
      body: {
        title: 'Pictures',
        body: `Look: ![a chart](${shown} "The chart")`,
        coverImage: cover,
        status: 'published',
        translations: { fr: { title: 'Images', body: `Voici :\n\n![un schéma](${french})\n` } },
      },
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)

    const res = await t.request<Uint8Array>('GET', '/backup', {
      token: r.admin.token,
      binary: true,
    })
    expect(res.status).toBe(200)
    const files = unzip(res.body)
    const content = JSON.parse(strFromU8(files['content.json']!))
    const urls = content.images.map((i: { url: string }) => i.url)
    expect(urls.sort()).toEqual([cover, shown, french].sort())
    for (const image of content.images) expect(files[image.file]).toBeInstanceOf(Uint8Array)

    const restored = await t.request('POST', '/backup', {
      token: r.admin.token,
      rawBody: archiveForm(res.body),
    })
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    const [post] = (await t.request('GET', '/posts', { token: r.admin.token })).body
    const item = await t.request('GET', `/posts/${post.id}`, { token: r.admin.token })
    const frenchBody: string = item.body.translations.fr.body
    expect(frenchBody).not.toContain(french)
    const now = frenchBody.match(/\]\(([^)\s]+)\)/)?.[1] ?? ''
    // The new file holds the same bytes; the old one, which nothing shows now, is gone.
    expect(await t.storedFile(now)).toEqual(pngNumbered(103))
    expect(await t.storedFile(french)).toBeNull()
    expect(item.body.body).not.toContain(shown)
    expect(item.body.coverImage).not.toBe(cover)
  })
})
