// Two tabs editing the same item (docs/PRODUCT.md §11): the signed-in read of one
// item carries its version as an ETag, a write that sends an outdated one in
// If-Match is refused with 412, and a write without If-Match still goes through.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

let n = 0
const unique = (prefix: string) => `${prefix}${++n}x${Math.random().toString(36).slice(2, 8)}`

interface Resource {
  path: string
  method: 'PATCH' | 'PUT'
  what: string
  create: () => Record<string, unknown>
  /** A change, and the field it shows in the answer. */
  change: () => Record<string, string>
  /** Whether visitors may read one item (they get the public-caching ETag of http-cache.ts). */
  publicRead: boolean
}

const resources: Resource[] = [
  {
    path: '/projects',
    method: 'PATCH',
    what: 'project',
    create: () => ({ name: unique('Project'), description: 'd' }),
    change: () => ({ name: unique('Renamed') }),
    publicRead: true,
  },
  {
    path: '/technologies',
    method: 'PATCH',
    what: 'technology',
    create: () => ({ name: unique('Tech') }),
    change: () => ({ name: unique('Renamed') }),
    publicRead: true,
  },
  {
    path: '/certifications',
    method: 'PATCH',
    what: 'certification',
    create: () => ({ name: unique('Cert'), icon: '☁️', obtainedDate: '2024-05-01' }),
    change: () => ({ name: unique('Renamed') }),
    publicRead: true,
  },
  {
    path: '/configs',
    method: 'PATCH',
    what: 'configuration',
    create: () => ({ name: unique('setting'), value: 'first' }),
    change: () => ({ value: unique('value') }),
    publicRead: true,
  },
  {
    path: '/users',
    method: 'PUT',
    what: 'user',
    create: () => ({ username: unique('account'), password: 'pass-word-1', role: 'user' }),
    change: () => ({ username: unique('renamed') }),
    publicRead: false,
  },
  {
    path: '/experiences',
    method: 'PATCH',
    what: 'experience',
    create: () => ({ organization: unique('Org'), role: 'Developer', startDate: '2020-01' }),
    change: () => ({ role: unique('Renamed') }),
    publicRead: true,
  },
  {
    path: '/education',
    method: 'PATCH',
    what: 'education entry',
    create: () => ({ institution: unique('School'), qualification: 'BSc', startDate: '2010-09' }),
    change: () => ({ qualification: unique('Renamed') }),
    publicRead: true,
  },
]

async function created(resource: Resource): Promise<{ id: number; url: string }> {
  const res = await t.request('POST', resource.path, {
    token: r.admin.token,
    body: resource.create(),
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { id: res.body.id, url: `${resource.path}/${res.body.id}` }
}

const tagOf = async (url: string, token = r.admin.token) =>
  (await t.request('GET', url, { token })).headers.get('etag')

describe.each(resources)('$path: one item edited in two tabs', (resource) => {
  const write = (url: string, body: unknown, ifMatch?: string, token = r.admin.token) =>
    t.request(resource.method, url, {
      token,
      body,
      headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
    })

  test('a signed-in read carries the version as a private ETag; a write moves it on', async () => {
    const { id, url } = await created(resource)
    const read = await t.request('GET', url, { token: r.admin.token })
    expect(read.status).toBe(200)
    const tag = read.headers.get('etag')
    expect(tag).toMatch(new RegExp(`^"${id}\\.\\d+"$`))
    expect(read.headers.get('cache-control')).toBe('private, no-store')
    // The ETag is a header, never a field of the entity.
    expect(read.body).not.toHaveProperty('version')
    // A read changes nothing; the reader role sees the same version.
    expect(await tagOf(url)).toBe(tag)
    if (resource.path !== '/users') expect(await tagOf(url, r.user.token)).toBe(tag)

    const saved = await write(url, resource.change(), tag!)
    expect(saved.status).toBe(200)
    expect(saved.body).not.toHaveProperty('version')
    const next = await tagOf(url)
    expect(next).toMatch(new RegExp(`^"${id}\\.\\d+"$`))
    expect(next).not.toBe(tag)
  })

  test('the second tab to save with the version it loaded gets 412 and changes nothing', async () => {
    const { url } = await created(resource)
    const loaded = (await tagOf(url))!
    const first = resource.change()
    expect((await write(url, first, loaded)).status).toBe(200)

    const second = await write(url, resource.change(), loaded)
    expect(second.status).toBe(412)
    expect(second.body).toEqual({
      statusCode: 412,
      message: `This ${resource.what} was changed by someone else after you loaded it. Load it again, then make your changes.`,
    })
    const now = await t.request('GET', url, { token: r.admin.token })
    expect(now.body).toMatchObject(first)
  })

  test('writes without If-Match keep working, as the spec clients send none', async () => {
    const { url } = await created(resource)
    const stale = (await tagOf(url))!
    expect((await write(url, resource.change())).status).toBe(200)
    const change = resource.change()
    const res = await write(url, change)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject(change)
    expect(await tagOf(url)).not.toBe(stale)
  })

  test('reads If-Match as a list, with * and weak tags; anything else is a 412', async () => {
    const { id, url } = await created(resource)
    const other = await created(resource)
    let tag = (await tagOf(url))!
    const accepted = async (ifMatch: string) => {
      const res = await write(url, resource.change(), ifMatch)
      expect(res.status, ifMatch).toBe(200)
      tag = (await tagOf(url))!
    }
    await accepted('*')
    // Compression on the way (npm start, a CDN) turns a strong tag weak: same version.
    await accepted(`W/${tag}`)
    await accepted(`"${id}.0", ${tag}`)

    for (const hostile of [
      `"${id}.0"`,
      tag.replaceAll('"', ''),
      `${tag.slice(0, -1)}0"`,
      `"${other.id}.${tag.split('.')[1]}`,
      (await tagOf(other.url))!,
      `"${id}.1e3"`,
      `"${id}.${'9'.repeat(40)}"`,
      `"${id}.1' or '1'='1"`,
      '**',
      ',',
      `"${'x'.repeat(4000)}"`,
    ]) {
      const res = await write(url, resource.change(), hostile)
      expect(res.status, hostile).toBe(412)
    }
    expect(await tagOf(url)).toBe(tag)
  })

  test('If-Match does not hide a 404, nor the 403 of an account that may not write', async () => {
    const { url } = await created(resource)
    const tag = (await tagOf(url))!
    expect((await write(`${resource.path}/999999`, resource.change(), tag)).status).toBe(404)
    const refused = await write(url, resource.change(), '"0.0"', r.user.token)
    // A reader cannot see other accounts at all, so for them that one does not exist.
    expect(refused.status).toBe(resource.path === '/users' ? 404 : 403)
    expect(await tagOf(url)).toBe(tag)
  })

  test.runIf(resource.publicRead)(
    "a visitor's read keeps the ETag of public caching (http-cache.ts), never the row version",
    async () => {
      const { url } = await created(resource)
      const visitor = await t.request('GET', url)
      expect(visitor.status).toBe(200)
      expect(visitor.headers.get('etag')).toBeTruthy()
      expect(visitor.headers.get('etag')).not.toMatch(/^"\d+\.\d+"$/)
      expect(visitor.headers.get('etag')).not.toBe(await tagOf(url))
    },
  )
})

test('a project edited in two tabs at once: exactly one save wins', async () => {
  const project = await created(resources[0]!)
  const tag = (await tagOf(project.url))!
  const answers = await Promise.all(
    ['Tab one', 'Tab two', 'Tab three'].map((name) =>
      t.request('PATCH', project.url, {
        token: r.admin.token,
        body: { name },
        headers: { 'if-match': tag },
      }),
    ),
  )
  expect(answers.map((a) => a.status).sort()).toEqual([200, 412, 412])
  const winner = answers.find((a) => a.status === 200)!
  const now = await t.request('GET', project.url, { token: r.admin.token })
  expect(now.body.name).toBe(winner.body.name)
})

test('a configuration read by name carries the same version as by id', async () => {
  const config = await created(resources[3]!)
  const byId = await t.request('GET', config.url, { token: r.admin.token })
  const byName = await t.request('GET', `/configs/name/${byId.body.name}`, { token: r.admin.token })
  expect(byName.headers.get('etag')).toMatch(new RegExp(`^"${config.id}\\.\\d+"$`))
  expect(byName.headers.get('etag')).toBe(byId.headers.get('etag'))
})
