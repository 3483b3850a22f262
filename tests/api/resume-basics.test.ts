// A JSON Resume's basics and the profile (docs/PRODUCT.md §20, §3 "Profile"):
// the import fills the profile's empty values from basics, shown in its plan
// first; an image is taken only when it is one of this site's uploads; the
// export writes the profile back.
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

const importResume = (body: unknown, query = '') =>
  t.request('POST', `/resume/import${query}`, { token: r.admin.token, body })
const value = async (name: string) =>
  (await t.request('GET', `/configs/value/${name}`)).body.value as string | undefined

describe('basics and the profile', () => {
  test('plans, then fills the profile from basics; keeps what is set; maps networks to links', async () => {
    await t.request('POST', '/configs', {
      token: r.admin.token,
      body: { name: 'headline', value: 'Set by hand' },
    })
    const resume = {
      basics: {
        name: 'Noor Haddad',
        label: 'Platform engineer',
        email: 'noor@example.com',
        url: 'https://noor.example.com',
        summary: 'Builds calm infrastructure.',
        image: 'https://elsewhere.example/noor.png',
        location: { city: 'Amman', countryCode: 'JO' },
        profiles: [
          { network: 'GitHub', url: 'https://github.com/noor' },
          { network: 'Mastodon', url: 'https://hachyderm.io/@noor' },
          { network: 'Twitter', url: 'https://twitter.com/noor' },
          { network: 'Myspace', url: 'https://myspace.com/noor' },
        ],
      },
    }
    const plan = await importResume(resume, '?dryRun=true')
    expect(plan.status).toBe(200)
    expect(plan.body.profile).toEqual({
      ownerName: 'Noor Haddad',
      email: 'noor@example.com',
      bio: 'Builds calm infrastructure.',
      location: 'Amman, JO',
      githubUrl: 'https://github.com/noor',
      links: JSON.stringify([
        { kind: 'website', url: 'https://noor.example.com' },
        { kind: 'mastodon', url: 'https://hachyderm.io/@noor' },
        { kind: 'x', url: 'https://twitter.com/noor' },
      ]),
    })
    expect(await value('ownerName')).toBeUndefined()

    const done = await importResume(resume)
    expect(done.body).toEqual(plan.body)
    expect(await value('ownerName')).toBe('Noor Haddad')
    expect(await value('headline')).toBe('Set by hand')
    expect(await value('photo')).toBeUndefined()
    expect((await importResume(resume)).body.profile).toBeUndefined()
  })

  test('takes the image when it is one of this site’s uploads', async () => {
    const upload = await t.request('POST', '/uploads/image', {
      token: r.admin.token,
      rawBody: imageForm(tinyPng),
    })
    const plan = await importResume({ basics: { image: upload.body.url } }, '?dryRun=true')
    expect(plan.body.profile).toEqual({ photo: upload.body.url })
  })

  test('the export writes the profile back as basics', async () => {
    const res = await t.request('GET', '/resume.json')
    expect(res.status).toBe(200)
    expect(res.body.basics).toMatchObject({
      name: 'Noor Haddad',
      label: 'Set by hand',
      email: 'noor@example.com',
      url: 'https://noor.example.com',
      summary: 'Builds calm infrastructure.',
      location: { city: 'Amman, JO' },
      profiles: [
        { network: 'GitHub', username: 'noor', url: 'https://github.com/noor' },
        { network: 'Mastodon', username: '@noor', url: 'https://hachyderm.io/@noor' },
        { network: 'X', username: 'noor', url: 'https://twitter.com/noor' },
      ],
    })
  })
})
