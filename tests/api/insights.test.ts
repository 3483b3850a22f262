// GET /insights (docs/PRODUCT.md §13): findings about the content, the stored
// images and the links, for signed-in accounts. The links point at a local
// server, so the checks run with LINK_CHECK_ALLOW_PRIVATE=1 (set before the
// app or the edge function starts, which inherits it).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Finding } from '../../supabase/functions/_shared/contract/responses.ts'
import { startLinkTarget, type LinkTarget } from '@test-support/link-target.ts'
import {
  createTestContext,
  imageForm,
  tinyPng,
  type TestContext,
} from '@test-support/api-harness.ts'

const allowPrivate = process.env.LINK_CHECK_ALLOW_PRIVATE
process.env.LINK_CHECK_ALLOW_PRIVATE = '1'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>
let site: LinkTarget

beforeAll(async () => {
  site = await startLinkTarget()
  t = await createTestContext()
  r = await t.roles()
})
afterAll(async () => {
  await t.close()
  await site.close()
  // The next file in this worker checks links as a server would by default.
  if (allowPrivate === undefined) delete process.env.LINK_CHECK_ALLOW_PRIVATE
  else process.env.LINK_CHECK_ALLOW_PRIVATE = allowPrivate
})

/** A valid PNG signature followed by padding: 600 kB, over the 500 kB mark. */
const heavyPng = () => {
  const bytes = new Uint8Array(600 * 1000)
  bytes.set(tinyPng)
  return bytes
}

const upload = async (bytes: Uint8Array) => {
  const res = await t.request('POST', '/uploads/image', {
    token: r.admin.token,
    rawBody: imageForm(bytes),
  })
  expect(res.status).toBe(201)
  return res.body.url as string
}

const insights = async (token = r.admin.token) => {
  const res = await t.request<Finding[]>('GET', '/insights', { token })
  expect(res.status).toBe(200)
  return res.body
}

describe('portfolio health', () => {
  test('visitors and broken tokens get 401', async () => {
    expect((await t.request('GET', '/insights')).status).toBe(401)
    expect((await t.request('GET', '/insights', { token: r.expiredToken })).status).toBe(401)
  })

  test('finds what an owner should fix, errors first', async () => {
    const heavy = await upload(heavyPng())
    const light = await upload(tinyPng)
    const unused = await upload(tinyPng)
    const card = await upload(tinyPng)
    // A URL of this store whose file was never stored.
    const missing = light.replace(/[^/]+\.png$/, '00000000-0000-4000-8000-000000000000.png')
    const tech = await t.request('POST', '/technologies', {
      token: r.admin.token,
      body: { name: 'Lonely' },
    })
    const bare = await t.request('POST', '/projects', {
      token: r.admin.token,
      body: {
        name: 'Bare',
        description: 'Short text',
        isActive: true,
        thumbnail: heavy,
        images: [light],
        // The card copy of an image is a file the content uses, not a stray one.
        imageDetails: [{ url: light, cardUrl: card }],
        technologiesIds: [],
        liveUrl: `${site.url}/gone`,
        githubUrl: `${site.url}/ok`,
      },
    })
    expect(bare.status).toBe(201)
    const hidden = await t.request('POST', '/projects', {
      token: r.admin.token,
      body: {
        name: 'Hidden',
        description: 'Short',
        isActive: false,
        technologiesIds: [],
        liveUrl: `${site.url}/broken`,
      },
    })
    await t.sql('update public.projects set images = array[$2::text] where id = $1', [
      hidden.body.id,
      missing,
    ])
    await t.sql(`insert into public.configs (name, value) values ('heroTitle1', '  ')`)
    await t.sql(`insert into public.configs (name, value) values ('linkedinUrl', $1)`, [
      `${site.url}/moved`,
    ])
    const [linkedin] = await t.sql<{ id: number }>(
      `select id from public.configs where name = 'linkedinUrl'`,
    )

    const found = await insights()
    const has = (kind: string, entity: string, id: number | string) =>
      found.find((f) => f.kind === kind && f.entity === entity && f.id === id)
    const bareId = bare.body.id as number
    expect(has('project-without-thumbnail', 'project', bareId)).toBeUndefined()
    expect(has('project-without-technologies', 'project', bareId)).toMatchObject({
      severity: 'warning',
      message: 'Active project "Bare" lists no technology',
    })
    expect(has('project-one-line-description', 'project', bareId)?.severity).toBe('info')
    expect(has('image-heavy', 'project', bareId)).toMatchObject({
      severity: 'warning',
      message: 'An image of project "Bare" weighs 600 kB (more than 500 kB)',
    })
    expect(has('image-missing', 'project', hidden.body.id)).toMatchObject({ severity: 'error' })
    expect(has('image-unused', 'image', unused)?.severity).toBe('info')
    expect(has('image-unused', 'image', light)).toBeUndefined()
    expect(has('image-unused', 'image', card)).toBeUndefined()
    expect(has('technology-unused', 'technology', tech.body.id)?.severity).toBe('info')
    expect(found.find((f) => f.kind === 'hero-text-empty')?.message).toBe(
      'The hero text "heroTitle1" is empty',
    )
    expect(has('hero-text-default', 'configuration', 'heroTitle2')?.severity).toBe('info')
    const broken = found.filter((f) => f.kind === 'link-broken')
    expect(broken.map((f) => [f.entity, f.id, f.severity])).toEqual(
      expect.arrayContaining([
        ['project', bareId, 'error'],
        ['project', hidden.body.id, 'error'],
        ['configuration', linkedin!.id, 'error'],
      ]),
    )
    expect(broken).toHaveLength(3)
    expect(broken.find((f) => f.entity === 'project' && f.id === bareId)?.message).toBe(
      `The live link of "Bare" (${site.url}/gone) does not work: answers 404`,
    )
    // Only active projects are judged on thumbnails and descriptions.
    const aboutHidden = found.filter((f) => f.entity === 'project' && f.id === hidden.body.id)
    expect(aboutHidden.map((f) => f.kind).sort()).toEqual(['image-missing', 'link-broken'])
    const order = found.map((f) => ['error', 'warning', 'info'].indexOf(f.severity))
    expect(order).toEqual([...order].sort())
  })

  test('asks each link once within the hour and lets the user role read the same findings', async () => {
    expect(site.hits.get('/broken')).toBe(1)
    const forReader = await insights(r.user.token)
    expect(site.hits.get('/broken')).toBe(1)
    expect(forReader).toEqual(await insights())
  })
})

describe('posts in the health', () => {
  test("a post's cover and the images of its bodies are in use; a heavy or missing one is found", async () => {
    const languages = await t.request('PUT', '/languages', {
      token: r.admin.token,
      body: { default: 'en', languages: ['en', 'fr'] },
    })
    expect(languages.status).toBe(200)
    const cover = await upload(heavyPng())
    const inBody = await upload(tinyPng)
    const inFrench = await upload(tinyPng)
    const inDraft = await upload(tinyPng)
    const linked = await upload(tinyPng)
    const stray = await upload(tinyPng)
    const missing = inBody.replace(/[^/]+\.png$/, '00000000-0000-4000-8000-0000000000a1.png')
    const post = async (body: Record<string, unknown>) => {
      const res = await t.request('POST', '/posts', { token: r.admin.token, body })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      return res.body.id as number
    }
    const launch = await post({
      title: 'Launch notes',
      coverImage: cover,
      body: `Intro\n\n![Diagram](${inBody})\n\nThe [slides](${linked}).`,
      status: 'published',
      // A reference-style image, in the French body only.
      translations: { fr: { title: 'Notes', body: `![Schéma][s]\n\n[s]: ${inFrench}` } },
    })
    const draft = await post({ title: 'Half done', body: `![Sketch](${inDraft} "Sketch")` })
    const lost = await post({ title: 'Lost pictures', body: `![Gone](${missing})` })

    const found = await insights()
    const about = (entity: string, id: number | string) =>
      found.filter((f) => f.entity === entity && f.id === id).map((f) => [f.kind, f.message])
    expect(about('post', launch)).toEqual([
      ['image-heavy', 'An image of post "Launch notes" weighs 600 kB (more than 500 kB)'],
    ])
    expect(about('post', draft)).toEqual([])
    expect(about('post', lost)).toEqual([
      ['image-missing', `An image of post "Lost pictures" is missing from the store (${missing})`],
    ])
    // Used by a post alone (cover, body, French body, draft, a link in the text), as the clean-up rules count.
    for (const url of [cover, inBody, inFrench, inDraft, linked])
      expect(about('image', url), url).toEqual([])
    expect(about('image', stray)).toEqual([
      ['image-unused', `The stored file ${stray.split('/').pop()} is used by no content`],
    ])
    // Once the draft is deleted, nothing uses its image any more.
    const res = await t.request('DELETE', `/posts/${draft}`, { token: r.admin.token })
    expect(res.status).toBe(204)
    expect((await insights()).find((f) => f.id === inDraft)?.kind).toBe('image-unused')
  })
})

describe("the demo content's links", () => {
  /** Records a row's current fingerprint as the seed would: the row is then the demo's (decision 069). */
  const markAsDemo = (entity: 'projects' | 'configs', id: number) =>
    t.sql(
      `insert into app.demo_content (entity, fingerprint)
         select f.entity, f.fingerprint from app.content_fingerprints() f
          where f.entity = $1 and f.id = $2
       on conflict do nothing`,
      [entity, id],
    )

  test('are not asked while the rows are as the seed wrote them; once edited they are the owner’s', async () => {
    const example = await t.request('POST', '/projects', {
      token: r.admin.token,
      body: {
        name: 'Example project',
        description: 'Written by the seed',
        isActive: true,
        technologiesIds: [],
        liveUrl: `${site.url}/demo-live`,
        githubUrl: `${site.url}/demo-code`,
      },
    })
    expect(example.status).toBe(201)
    await t.sql(`insert into public.configs (name, value) values ('demoSiteLink', $1)`, [
      `${site.url}/demo-config`,
    ])
    const [config] = await t.sql<{ id: number }>(
      `select id from public.configs where name = 'demoSiteLink'`,
    )
    await markAsDemo('projects', example.body.id as number)
    await markAsDemo('configs', config!.id)

    const demoOnes = (found: Finding[]) =>
      found
        .filter(
          (f) =>
            f.kind === 'link-broken' &&
            ((f.entity === 'project' && f.id === example.body.id) ||
              (f.entity === 'configuration' && f.id === config!.id)),
        )
        .map((f) => [f.entity, f.id])
    expect(demoOnes(await insights())).toEqual([])
    expect(demoOnes(await insights(r.user.token))).toEqual([])
    // Not asked at all, not only left out of the answer.
    for (const path of ['/demo-live', '/demo-code', '/demo-config'])
      expect(site.hits.get(path), path).toBeUndefined()
    // The rest of the health still speaks of the demo's rows.
    expect(
      (await insights()).find((f) => f.entity === 'project' && f.id === example.body.id)?.kind,
    ).toBe('project-without-thumbnail')

    // An edit makes the row the owner's: its links are checked again.
    const edited = await t.request('PATCH', `/projects/${example.body.id}`, {
      token: r.admin.token,
      body: { name: 'My project now' },
    })
    expect(edited.status).toBe(200)
    await t.sql(`update public.configs set value = $1 where id = $2`, [
      `${site.url}/demo-config-mine`,
      config!.id,
    ])
    expect(demoOnes(await insights())).toEqual([
      ['configuration', config!.id],
      ['project', example.body.id],
      ['project', example.body.id],
    ])
    expect(site.hits.get('/demo-live')).toBe(1)
    expect(site.hits.get('/demo-config-mine')).toBe(1)
  })
})
