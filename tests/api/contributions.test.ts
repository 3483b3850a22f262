// The Open source section's data (docs/github.md, docs/decisions/080): an
// account's merged pull requests to others' repositories, read from GitHub's
// issue search through a stand-in whose answers are checked against GitHub's
// published OpenAPI description, and the ones the owner chose
// (/contributions: public reads, admin writes). Runs on every target.
import { strFromU8 } from 'fflate'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'
import { archiveForm, unzip } from '@test-support/backup-fixtures.ts'
import {
  githubSchemaErrors,
  startGithubStandIn,
  type GithubStandIn,
  type PullSpec,
} from '@test-support/github-stand-in.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>
let gh: GithubStandIn

beforeAll(async () => {
  gh = await startGithubStandIn()
  t = await createTestContext(undefined, undefined, {
    github: { apiUrl: gh.url, timeoutSeconds: 1 },
  })
  r = await t.roles()
})
afterAll(async () => {
  await t?.close()
  await gh?.close()
})
afterEach(() => {
  // Every answer the stand-in gave matched GitHub's description.
  expect(gh.problems).toEqual([])
  gh.reset()
})

const pulls = (login: string, token: string | null = r.admin.token) =>
  t.request('GET', `/github/pull-requests?login=${encodeURIComponent(login)}`, {
    token: token ?? undefined,
  })
const choose = (body: unknown, token: string | null = r.admin.token) =>
  t.request('POST', '/contributions', { token: token ?? undefined, body })
const count = async () =>
  (await t.sql<{ n: number }>('select count(*)::int as n from public.contributions'))[0]!.n

const octoPulls: PullSpec[] = [
  {
    repository: 'nodejs/node',
    number: 101,
    title: 'fs: fix a race',
    mergedAt: '2024-03-01T10:00:00Z',
  },
  { repository: 'vitejs/vite', number: 7, title: 'docs: typo', mergedAt: '2024-05-02T08:30:00Z' },
  // Its own repository: left out by -user:octo.
  { repository: 'octo/atlas', number: 3, title: 'Own work', mergedAt: '2024-06-01T00:00:00Z' },
  // Closed without merging, and still open: left out by is:merged.
  { repository: 'nodejs/node', number: 102, title: 'Refused', mergedAt: null },
  { repository: 'nodejs/node', number: 103, title: 'Open' },
]

describe('GET /github/pull-requests', () => {
  test('visitors get 401, the user role 403, a bad login 400; GitHub is not asked', async () => {
    const before = gh.requests.length
    expect((await pulls('octo', null)).status).toBe(401)
    expect((await pulls('octo', r.user.token)).status).toBe(403)
    const bad = await pulls('-octo')
    expect(bad.status).toBe(400)
    expect(bad.body.errors.login).toMatch(/letters, digits and single hyphens/)
    expect(gh.requests.length).toBe(before)
  })

  test('merged pull requests to others’ repositories, every page, newest first', async () => {
    gh.setPullRequests('octo', octoPulls)
    gh.pageSize = 1
    const res = await pulls('octo')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      login: 'octo',
      pullRequests: [
        {
          url: 'https://github.com/vitejs/vite/pull/7',
          repository: 'vitejs/vite',
          title: 'docs: typo',
          mergedAt: '2024-05-02T08:30:00.000Z',
          number: 7,
          chosen: false,
        },
        {
          url: 'https://github.com/nodejs/node/pull/101',
          repository: 'nodejs/node',
          title: 'fs: fix a race',
          mergedAt: '2024-03-01T10:00:00.000Z',
          number: 101,
          chosen: false,
        },
      ],
    })
    const searches = gh.requests.filter((q) => q.startsWith('GET /search/issues'))
    expect(searches.at(-2)).toBe(
      'GET /search/issues?q=type%3Apr+is%3Amerged+author%3Aocto+-user%3Aocto&sort=updated&per_page=100',
    )
    expect(searches.at(-1)).toMatch(/&page=2$/)
  })

  test('an unknown login is a 404 naming it (search answers 422)', async () => {
    const res = await pulls('nobody-here')
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('No GitHub account named nobody-here')
  })

  test("GitHub's limit is a 503 with Retry-After; a 5xx a 502", async () => {
    gh.setPullRequests('octo', octoPulls)
    const reset = new Date(Date.now() + 10 * 60_000)
    gh.limit(reset, 403)
    const limited = await pulls('octo')
    expect(limited.status).toBe(503)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(8 * 60)
    gh.limit(null)
    gh.fail(502)
    const failed = await pulls('octo')
    expect(failed.status).toBe(502)
    expect(failed.body.message).toMatch(/GitHub answered 502/)
  })

  test('GitHub unreachable: 502', async () => {
    const away = await createTestContext(undefined, undefined, {
      github: { apiUrl: 'http://127.0.0.1:9', timeoutSeconds: 1 },
    })
    try {
      const admin = await away.registerAdmin()
      const res = await away.request('GET', '/github/pull-requests?login=octo', {
        token: admin.token,
      })
      expect(res.status).toBe(502)
      expect(res.body.message).toMatch(/cannot be reached/)
    } finally {
      await away.close()
    }
  })
})

describe('/contributions', () => {
  const vite = {
    url: 'https://github.com/vitejs/vite/pull/7',
    repository: 'vitejs/vite',
    title: 'docs: typo',
    mergedAt: '2024-05-02T08:30:00.000Z',
    number: 7,
  }

  test('only admins choose; every field is checked, the address against the repository', async () => {
    expect((await choose(vite, null)).status).toBe(401)
    expect((await choose(vite, r.user.token)).status).toBe(403)
    const cases: [Record<string, unknown>, string][] = [
      [{ ...vite, url: 'https://evil.example/vitejs/vite/pull/7' }, 'url'],
      [{ ...vite, url: 'javascript:alert(1)//github.com/vitejs/vite/pull/7' }, 'url'],
      [{ ...vite, number: 8 }, 'url'],
      [{ ...vite, repository: 'vitejs', url: 'https://github.com/vitejs/pull/7' }, 'repository'],
      [{ ...vite, title: '   ' }, 'title'],
      [{ ...vite, title: 'x'.repeat(301) }, 'title'],
      [{ ...vite, mergedAt: 'yesterday' }, 'mergedAt'],
      [{ ...vite, number: -7 }, 'number'],
      [{ ...vite, number: '7' }, 'number'],
    ]
    for (const [body, field] of cases) {
      const res = await choose(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.errors?.[field], JSON.stringify(body)).toBeTruthy()
    }
    expect(await count()).toBe(0)
  })

  test('a choice is public, kept with an ETag, a content change with a history entry', async () => {
    const kept = await t.request('GET', '/contributions')
    expect(kept.status).toBe(200)
    expect(kept.body).toEqual([])
    const etag = kept.headers.get('etag')!
    expect(etag).toBeTruthy()
    expect(
      (await t.request('GET', '/contributions', { headers: { 'if-none-match': etag } })).status,
    ).toBe(304)

    const made = await choose(vite)
    expect(made.status).toBe(201)
    expect(made.body).toEqual({ id: expect.any(Number), ...vite })
    const [entry] = (await t.request('GET', '/activity?limit=1', { token: r.admin.token })).body
    expect(entry).toMatchObject({
      action: 'create',
      entity: 'contributions',
      entityId: made.body.id,
      summary: 'Created contribution "vitejs/vite#7"',
    })

    const after = await t.request('GET', '/contributions', { headers: { 'if-none-match': etag } })
    expect(after.status).toBe(200)
    expect(after.body).toEqual([made.body])
    // A visitor's list holds what an admin's does.
    expect((await t.request('GET', '/contributions', { token: r.user.token })).body).toEqual([
      made.body,
    ])

    // Chosen once, whatever the case of its address.
    const again = await choose({
      ...vite,
      url: vite.url.replace('vitejs/vite', 'ViteJS/Vite'),
      repository: 'ViteJS/Vite',
    })
    expect(again.status).toBe(409)
    expect(await count()).toBe(1)

    // The list of pull requests marks it.
    gh.setPullRequests('octo', octoPulls)
    const listed = await pulls('octo')
    expect(
      listed.body.pullRequests.map((p: { number: number; chosen: boolean }) => [
        p.number,
        p.chosen,
      ]),
    ).toEqual([
      [7, true],
      [101, false],
    ])
  })

  test('newest merge first; removing is for admins', async () => {
    const node = await choose({
      url: 'https://github.com/nodejs/node/pull/101',
      repository: 'nodejs/node',
      title: 'fs: fix a race',
      mergedAt: '2024-03-01T10:00:00Z',
      number: 101,
    })
    expect(node.status).toBe(201)
    const list = (await t.request('GET', '/contributions')).body
    expect(list.map((c: { number: number }) => c.number)).toEqual([7, 101])
    expect((await t.request('DELETE', `/contributions/${node.body.id}`)).status).toBe(401)
    expect(
      (await t.request('DELETE', `/contributions/${node.body.id}`, { token: r.user.token })).status,
    ).toBe(403)
    expect(
      (await t.request('DELETE', `/contributions/${node.body.id}`, { token: r.admin.token }))
        .status,
    ).toBe(204)
    expect(
      (await t.request('DELETE', `/contributions/${node.body.id}`, { token: r.admin.token }))
        .status,
    ).toBe(404)
    expect(
      (await t.request('GET', '/contributions')).body.map((c: { number: number }) => c.number),
    ).toEqual([7])
  })

  test('backups keep the chosen pull requests', async () => {
    const before = (await t.request('GET', '/contributions')).body
    expect(before.length).toBe(1)
    const backup = await t.request<Uint8Array>('GET', '/backup', {
      token: r.admin.token,
      binary: true,
    })
    expect(backup.status).toBe(200)
    const content = JSON.parse(strFromU8(unzip(backup.body)['content.json']!))
    expect(content.contributions).toEqual([
      {
        url: before[0].url,
        repository: before[0].repository,
        number: before[0].number,
        title: before[0].title,
        mergedAt: '2024-05-02T08:30:00.000000Z',
      },
    ])
    await t.sql('delete from public.contributions')
    const restored = await t.request('POST', '/backup', {
      token: r.admin.token,
      rawBody: archiveForm(backup.body),
    })
    expect(restored.status).toBe(200)
    const after = (await t.request('GET', '/contributions')).body
    expect(after.map(({ id: _, ...c }: { id: number }) => c)).toEqual(
      before.map(({ id: _, ...c }: { id: number }) => c),
    )
  })
})

test("the stand-in's search answers are GitHub's documented ones", () => {
  expect(
    githubSchemaErrors('search', {
      total_count: 0,
      incomplete_results: false,
      items: [],
      search_type: 'lexical',
    }),
  ).toBeNull()
  expect(githubSchemaErrors('search', { items: [] })).toMatch(/required/)
})
