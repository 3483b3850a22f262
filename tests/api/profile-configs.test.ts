// The profile's configurations have declared names (docs/PRODUCT.md §3,
// "Profile"): a bad value for one is a 400 with the field's message, whether
// it comes as POST or PATCH /configs; names not declared stay free text.
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

const post = (name: string, value: string, token = r.admin.token) =>
  t.request('POST', '/configs', { token, body: { name, value } })
const patch = (id: number, body: Record<string, unknown>, token = r.admin.token) =>
  t.request('PATCH', `/configs/${id}`, { token, body })

describe('declared configuration names', () => {
  test.each([
    ['availability', 'sometimes', 'Availability must be open, selective or closed'],
    ['bookingUrl', 'http://cal.example.com/me', 'The booking link must be an https:// address'],
    [
      'githubUrl',
      'https://gitlab.com/ada',
      'GitHub address must look like https://github.com/<user>',
    ],
    ['email', 'not an address', 'E-mail address must look like you@example.com'],
    ['bio', 'x'.repeat(601), 'Bio must be at most 600 characters'],
    ['links', 'not json', 'Links must be a JSON list of { "kind", "url" }'],
    [
      'links',
      JSON.stringify([{ kind: 'mastodon', url: 'https://mastodon.social/ada' }]),
      'Mastodon address must look like https://<server>/@<user>',
    ],
    ['photo', 'https://elsewhere.example/me.png', 'The photo must be an image uploaded here'],
  ])('POST refuses a bad %s with 400 and its message', async (name, value, message) => {
    const res = await post(name, value)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ message, errors: { value: message } })
    expect((await t.request('GET', `/configs/name/${name}`)).status).toBe(404)
  })

  test('POST accepts good values, and an empty one', async () => {
    for (const [name, value] of [
      ['availability', 'open'],
      ['availabilityNote', 'from March'],
      ['bookingUrl', 'https://cal.example.com/ada'],
      ['githubUrl', 'https://github.com/ada'],
      ['email', 'ada@example.com'],
      ['links', JSON.stringify([{ kind: 'mastodon', url: 'https://hachyderm.io/@ada' }])],
      ['headline', ''],
    ])
      expect((await post(name!, value!)).status, name).toBe(201)
  })

  test('PATCH checks the value against the row name, and keeps the old one', async () => {
    const { id } = (await t.request('GET', '/configs/name/availability')).body
    const res = await patch(id, { value: 'maybe' })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({
      message: 'Availability must be open, selective or closed',
      errors: { value: 'Availability must be open, selective or closed' },
    })
    expect((await t.request('GET', '/configs/value/availability')).body).toEqual({ value: 'open' })
    expect((await patch(id, { value: 'selective' })).status).toBe(200)
  })

  test('PATCH checks the translations of a declared name too', async () => {
    await t.request('PUT', '/languages', {
      token: r.admin.token,
      body: { default: 'en', languages: ['en', 'fr'] },
    })
    const { id } = (await post('location', 'Lisbon')).body
    const res = await patch(id, { translations: { fr: { value: 'x'.repeat(101) } } })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({
      'translations.fr.value': 'Location must be at most 100 characters',
    })
    expect((await patch(id, { translations: { fr: { value: 'Lisbonne' } } })).status).toBe(200)
  })

  test('takes a photo only from this site’s uploads', async () => {
    const upload = await t.request('POST', '/uploads/image', {
      token: r.admin.token,
      rawBody: imageForm(tinyPng),
    })
    expect(upload.status).toBe(201)
    const res = await post('photo', upload.body.url)
    expect(res.status).toBe(201)
    const bad = await patch(res.body.id, { value: '/somewhere/else.png' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ value: 'The photo must be an image uploaded here' })
  })

  test('leaves names not declared free', async () => {
    const res = await post('myOwnSetting', 'anything at all: sometimes')
    expect(res.status).toBe(201)
    expect((await patch(res.body.id, { value: 'http://not-checked' })).status).toBe(200)
  })

  test('answers a read-only account 403', async () => {
    expect((await post('headline', 'Engineer', r.user.token)).status).toBe(403)
    const { id } = (await t.request('GET', '/configs/name/availability')).body
    expect((await patch(id, { value: 'closed' }, r.user.token)).status).toBe(403)
  })
})
