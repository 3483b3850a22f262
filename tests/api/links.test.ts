// Links that browsers would send to another host must never pass as "a path on
// this site" (docs/PRODUCT.md §11): not through the API's schemas, and not
// through the database either, whoever writes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { messages } from '../../supabase/functions/_shared/contract/messages.ts'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let admin: string

beforeAll(async () => {
  t = await createTestContext()
  admin = (await t.registerAdmin()).token
})
afterAll(() => t.close())

/** Each one resolves to another host in a browser, or could, depending on the parser. */
const hostile = [
  '/\\evil.example',
  '/\\\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '//evil.example',
  '///evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\u0001/evil.example',
  '/uploads//evil.example',
  'https:\\\\evil.example',
  'https:/\\evil.example',
  'https://good.example\\@evil.example',
  'https:///evil.example',
]

/** Stand-ins for what an owner really stores; they must keep working. */
const fine = ['/demo/photo.png', '/icons/react.svg', 'https://example.com/a//b?q=1']

const project = (fields: Record<string, unknown>) => ({
  name: 'Links',
  description: 'd',
  technologiesIds: [],
  ...fields,
})

describe('the API refuses links that leave the site', () => {
  test.each(hostile)(
    'refuses %j as an icon, a project link, a thumbnail and an image',
    async (url) => {
      const tech = await t.request('POST', '/technologies', {
        token: admin,
        body: { name: 'Evil', icon: url },
      })
      expect(tech.status).toBe(400)
      expect(tech.body.errors.icon).toBe(messages.invalidUrl)

      for (const field of ['liveUrl', 'githubUrl', 'thumbnail']) {
        const res = await t.request('POST', '/projects', {
          token: admin,
          body: project({ [field]: url }),
        })
        expect(res.status, field).toBe(400)
        expect(res.body.errors[field], field).toBe(messages.invalidUrl)
      }
      const images = await t.request('POST', '/projects', {
        token: admin,
        body: project({ images: ['/demo/ok.png', url] }),
      })
      expect(images.status).toBe(400)

      const cert = await t.request('POST', '/certifications', {
        token: admin,
        body: { name: 'Evil', icon: url, obtainedDate: '2024-01-01' },
      })
      expect(cert.status).toBe(400)
      expect(cert.body.errors.icon).toBe(messages.invalidUrl)
    },
  )

  test('keeps accepting site paths, http(s) URLs and emoji icons', async () => {
    for (const [i, url] of fine.entries()) {
      const res = await t.request('POST', '/projects', {
        token: admin,
        body: project({ name: `Fine ${i}`, liveUrl: url, thumbnail: url, images: [url] }),
      })
      expect(res.status, url).toBe(201)
    }
    const cert = await t.request('POST', '/certifications', {
      token: admin,
      body: { name: 'Cloud', icon: '☁️', obtainedDate: '2024-01-01' },
    })
    expect(cert.status).toBe(201)
  })
})

describe('the database refuses them too, for any writer', () => {
  test.each(hostile.filter((url) => !url.includes('\u0000')))(
    'refuses %j in every link column',
    async (url) => {
      const attempts: [string, string, unknown[]][] = [
        [
          'technologies_icon_is_unambiguous',
          'insert into public.technologies (name, icon) values ($1, $2)',
          ['Evil', url],
        ],
        [
          'projects_live_url_is_unambiguous',
          'insert into public.projects (name, description, live_url) values ($1, $1, $2)',
          ['Evil', url],
        ],
        [
          'projects_github_url_is_unambiguous',
          'insert into public.projects (name, description, github_url) values ($1, $1, $2)',
          ['Evil', url],
        ],
        [
          'projects_thumbnail_is_unambiguous',
          'insert into public.projects (name, description, thumbnail) values ($1, $1, $2)',
          ['Evil', url],
        ],
        [
          'projects_images_are_unambiguous',
          'insert into public.projects (name, description, images) values ($1, $1, array[$2])',
          ['Evil', url],
        ],
        [
          'certifications_icon_is_unambiguous',
          'insert into public.certifications (name, icon, obtained_date) values ($1, $2, current_date)',
          ['Evil', url],
        ],
      ]
      for (const [constraint, sql, params] of attempts) {
        await expect(t.sql(sql, params), constraint).rejects.toMatchObject({ code: '23514' })
      }
    },
  )
})
