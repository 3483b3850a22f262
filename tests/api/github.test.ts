// /github (docs/github.md, docs/decisions/079): an account's public
// repositories, made into projects in one step and kept up to date, against
// a stand-in for GitHub whose every answer is checked against GitHub's
// published OpenAPI description (tests/support/github-stand-in.ts). Runs on
// every target: the server reads GITHUB_API_URL and GITHUB_TIMEOUT_SECONDS.
import { strFromU8 } from 'fflate'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'
import { githubDailySync } from '../../supabase/functions/_shared/github/sync.ts'
import { archiveForm, unzip } from '@test-support/backup-fixtures.ts'
import {
  githubDescriptionVersion,
  githubSchemaErrors,
  startGithubStandIn,
  type GithubStandIn,
  type RepoSpec,
} from '@test-support/github-stand-in.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>
let gh: GithubStandIn

/** The stand-in answers late by this much in the timeout test; the server waits 1 s. */
const SLOW_MS = 2500

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

/** `token` null: a visitor's call. */
const list = (login: string, token: string | null = r.admin.token) =>
  t.request('GET', `/github/repositories?login=${encodeURIComponent(login)}`, {
    token: token ?? undefined,
  })
const importRepos = (repositories: unknown, token: string | null = r.admin.token) =>
  t.request('POST', '/github/import', { token: token ?? undefined, body: { repositories } })

/** What the database holds that an import writes. */
async function written() {
  const [row] = await t.sql<{ projects: number; github: number; technologies: number }>(
    `select (select count(*)::int from public.projects) as projects,
            (select count(*)::int from public.github_projects) as github,
            (select count(*)::int from public.technologies) as technologies`,
  )
  return row!
}

const README = `# Atlas

A map of things. ![screenshot](docs/shot.png) See [the guide](docs/guide.md),
[the site](https://atlas.example) and [below](#install).

<img src="./logo.svg" alt="logo">

[ref]: /CONTRIBUTING.md
`

const atlas: RepoSpec = {
  name: 'atlas',
  description: 'Maps',
  language: 'TypeScript',
  topics: ['typescript', 'maps'],
  stars: 42,
  forks: 3,
  createdAt: '2021-02-03T04:05:06Z',
  pushedAt: '2024-06-01T00:00:00Z',
  homepage: 'https://atlas.example',
  readme: README,
  languages: { TypeScript: 9000, CSS: 500, Shell: 20, HTML: 10 },
}
const beacon: RepoSpec = {
  name: 'beacon',
  description: 'A lighthouse simulator',
  language: 'Go',
  archived: true,
  createdAt: '2019-01-01T00:00:00Z',
  pushedAt: '2022-09-09T00:00:00Z',
  homepage: 'ftp://beacon.example',
  languages: { Go: 1000 },
}

describe('who may call', () => {
  test('visitors get 401 and the user role 403; GitHub is not asked', async () => {
    gh.setAccount('octo', [atlas])
    const before = gh.requests.length
    expect((await list('octo', null)).status).toBe(401)
    expect((await list('octo', r.user.token)).status).toBe(403)
    expect((await importRepos(['octo/atlas'], null)).status).toBe(401)
    expect((await t.request('POST', '/github/sync')).status).toBe(401)
    expect((await importRepos(['octo/atlas'], r.user.token)).status).toBe(403)
    expect((await t.request('POST', '/github/sync', { token: r.user.token })).status).toBe(403)
    expect(gh.requests.length).toBe(before)
  })

  test('a login GitHub could not have is a 400 naming the field', async () => {
    for (const login of ['', '-octo', 'octo-', 'oc--to', 'a'.repeat(40), 'octo/cat', 'oct o']) {
      const res = await list(login)
      expect(res.status, login).toBe(400)
      expect(res.body.errors.login, login).toBeTruthy()
    }
    expect((await list('a'.repeat(39))).status).toBe(404)
    const missing = await t.request('GET', '/github/repositories', { token: r.admin.token })
    expect(missing.status).toBe(400)
    expect(missing.body.errors.login).toBe('A GitHub login is required')
  })

  test('an import names owner/name, once each, 1 to 50', async () => {
    for (const names of [[], ['atlas'], ['octo/atlas', 'OCTO/Atlas'], ['x/'], 'octo/atlas']) {
      const res = await importRepos(names)
      expect(res.status, JSON.stringify(names)).toBe(400)
    }
  })
})

describe('GET /github/repositories', () => {
  test('every page, newest push first, forks and archived marked, none imported yet', async () => {
    const many: RepoSpec[] = Array.from({ length: 150 }, (_, i) => ({
      name: `repo-${i}`,
      pushedAt: new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString(),
      fork: i % 10 === 0,
      archived: i % 7 === 0,
      topics: i === 149 ? ['cli'] : [],
      stars: i,
    }))
    gh.setAccount('many', many)
    const before = gh.requests.length
    const res = await list('many')
    expect(res.status).toBe(200)
    // Two pages of 100, the second found through the Link header.
    const asked = gh.requests.slice(before)
    expect(asked).toEqual(
      [
        '/users/many/repos?per_page=100&sort=pushed&type=owner',
        '/users/many/repos?per_page=100&sort=pushed&type=owner&page=2',
      ].map((path) => `GET ${path}`),
    )
    expect(res.body.login).toBe('many')
    expect(res.body.repositories).toHaveLength(150)
    const first = res.body.repositories[0]
    expect(first).toMatchObject({
      fullName: 'many/repo-149',
      name: 'repo-149',
      topics: ['cli'],
      stars: 149,
      fork: false,
      archived: false,
      projectId: null,
    })
    const pushed = res.body.repositories.map((repo: { pushedAt: string }) => repo.pushedAt)
    expect([...pushed].sort().reverse()).toEqual(pushed)
    expect(res.body.repositories.filter((repo: { fork: boolean }) => repo.fork)).toHaveLength(15)
    expect(gh.authorizations).toEqual([])
  })

  test('an unknown login is a 404 naming it', async () => {
    const res = await list('nobody-here')
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('No GitHub account named nobody-here')
  })
})

describe('POST /github/import', () => {
  test('makes projects: README with absolute links, years, live URL, technologies', async () => {
    gh.setAccount('octo', [atlas, beacon])
    // An existing technology is matched whatever its case; the others are made.
    const ts = await t.request('POST', '/technologies', {
      token: r.admin.token,
      body: { name: 'TypeScript' },
    })
    expect(ts.status).toBe(201)
    const res = await importRepos(['octo/atlas', 'octo/beacon'])
    expect(res.status).toBe(201)
    expect(res.body.projects.map((p: { repository: string }) => p.repository)).toEqual([
      'octo/atlas',
      'octo/beacon',
    ])
    const [a, b] = res.body.projects.map((p: { id: number }) => p.id)

    const one = (await t.request('GET', `/projects/${a}`)).body
    const html = `${gh.url}/html/octo/atlas`
    expect(one).toMatchObject({
      name: 'atlas',
      githubUrl: html,
      liveUrl: 'https://atlas.example',
      startYear: 2021,
      endYear: null,
      github: {
        repository: 'octo/atlas',
        stars: 42,
        forks: 3,
        pushedAt: '2024-06-01T00:00:00.000Z',
      },
    })
    expect(one.description).toContain(`![screenshot](${html}/raw/main/docs/shot.png)`)
    expect(one.description).toContain(`[the guide](${html}/blob/main/docs/guide.md)`)
    expect(one.description).toContain('[the site](https://atlas.example)')
    expect(one.description).toContain('[below](#install)')
    expect(one.description).toContain(`src="${html}/raw/main/logo.svg"`)
    expect(one.description).toContain(`[ref]: ${html}/blob/main/CONTRIBUTING.md`)
    // The three main languages by bytes, then the topics, once each.
    expect(one.technologies.map((x: { name: string }) => x.name).sort()).toEqual(
      ['CSS', 'maps', 'Shell', 'TypeScript'].sort(),
    )
    expect(one.technologies.find((x: { name: string }) => x.name === 'TypeScript').id).toBe(
      ts.body.id,
    )
    expect(Date.parse(one.github.syncedAt)).toBeGreaterThan(Date.now() - 60_000)

    const two = (await t.request('GET', `/projects/${b}`)).body
    // No README: the repository's description; archived: ended at the last push; ftp is no live URL.
    expect(two).toMatchObject({
      description: 'A lighthouse simulator',
      startYear: 2019,
      endYear: 2022,
      liveUrl: null,
      github: { repository: 'octo/beacon', stars: 0, forks: 0 },
    })
    // A project made by hand has no repository.
    const own = await t.request('POST', '/projects', {
      token: r.admin.token,
      body: { name: 'Hand made', description: 'By hand' },
    })
    expect((await t.request('GET', `/projects/${own.body.id}`)).body.github).toBeNull()
    const listed = (await t.request('GET', '/projects')).body
    expect(listed.find((p: { id: number }) => p.id === a).github.repository).toBe('octo/atlas')

    // The list now knows which repositories are imported.
    const repos = (await list('octo')).body.repositories
    expect(
      Object.fromEntries(
        repos.map((x: { name: string; projectId: number }) => [x.name, x.projectId]),
      ),
    ).toEqual({ atlas: a, beacon: b })
  })

  test('importing a repository already imported is refused whole: 409, nothing written', async () => {
    gh.setAccount('octo', [atlas, beacon, { name: 'comet', readme: 'Comet' }])
    const before = await written()
    const res = await importRepos(['octo/comet', 'OCTO/ATLAS'])
    expect(res.status).toBe(409)
    expect(res.body.message).toContain('Already imported: octo/atlas')
    expect(await written()).toEqual(before)
  })

  test('a README past the description limit is cut at a paragraph, with a link to the rest', async () => {
    const paragraph = `${'word '.repeat(150).trim()}\n\n`
    gh.setAccount('long', [{ name: 'novel', readme: paragraph.repeat(40) }])
    const res = await importRepos(['long/novel'])
    expect(res.status).toBe(201)
    const { description } = (await t.request('GET', `/projects/${res.body.projects[0].id}`)).body
    expect(description.length).toBeLessThanOrEqual(10_000)
    expect(description.length).toBeGreaterThan(9_000)
    expect(description).toMatch(
      /word\n\n\[Read the rest on GitHub\]\(http:\/\/[^)]+\/html\/long\/novel#readme\)$/,
    )
  })

  test('an unknown repository is a 404; nothing written', async () => {
    gh.setAccount('octo', [atlas, beacon, { name: 'comet', readme: 'Comet' }])
    const before = await written()
    const res = await importRepos(['octo/comet', 'octo/nothing'])
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('No GitHub repository named octo/nothing')
    expect(await written()).toEqual(before)
  })
})

describe("GitHub's refusals and failures leave nothing written", () => {
  test('the rate limit: 503 with Retry-After and the time it resets (UTC)', async () => {
    gh.setAccount('octo', [atlas, beacon, { name: 'comet', readme: 'Comet' }])
    const reset = new Date(Date.now() + 20 * 60_000)
    reset.setUTCSeconds(0, 0)
    const hhmm = reset.toISOString().slice(11, 16)
    for (const status of [403, 429] as const) {
      gh.limit(reset, status)
      const listed = await list('octo')
      expect(listed.status).toBe(503)
      expect(listed.body.message).toBe(`GitHub's limit is reached; try again after ${hhmm} (UTC)`)
      const wait = Number(listed.headers.get('retry-after'))
      expect(wait).toBeGreaterThan(18 * 60)
      expect(wait).toBeLessThanOrEqual(20 * 60)
    }
    gh.limit(reset)
    const before = await written()
    const res = await importRepos(['octo/comet'])
    expect(res.status).toBe(503)
    expect((await t.request('POST', '/github/sync', { token: r.admin.token })).status).toBe(503)
    expect(await written()).toEqual(before)
  })

  test('a 5xx part way through an import: 502, nothing written', async () => {
    gh.setAccount('fail', [
      { name: 'one', readme: 'One', topics: ['brand-new-topic'] },
      { name: 'two', readme: 'Two' },
    ])
    const before = await written()
    // The first repository's three reads answer; the second's do not.
    gh.fail(502, 3)
    const res = await importRepos(['fail/one', 'fail/two'])
    expect(res.status).toBe(502)
    expect(res.body.message).toMatch(/GitHub answered 502; nothing was changed/)
    expect(await written()).toEqual(before)
    gh.fail(500)
    expect((await list('fail')).status).toBe(502)
  })

  test('an answer later than the timeout: 502 saying so, nothing written', async () => {
    gh.setAccount('slow', [{ name: 'snail', readme: 'Slow' }])
    const before = await written()
    gh.slow(SLOW_MS)
    const started = Date.now()
    const res = await importRepos(['slow/snail'])
    expect(res.status).toBe(502)
    expect(res.body.message).toBe(
      'GitHub did not answer within 1 s; nothing was changed. Try again in a moment.',
    )
    expect(Date.now() - started).toBeLessThan(SLOW_MS)
    expect(await written()).toEqual(before)
  })

  test('GitHub unreachable: 502', async () => {
    const away = await createTestContext(undefined, undefined, {
      github: { apiUrl: 'http://127.0.0.1:9', timeoutSeconds: 1 },
    })
    try {
      const admin = await away.registerAdmin()
      const res = await away.request('GET', '/github/repositories?login=octo', {
        token: admin.token,
      })
      expect(res.status).toBe(502)
      expect(res.body.message).toBe(
        'GitHub cannot be reached from the server; nothing was changed. Try again in a moment.',
      )
    } finally {
      await away.close()
    }
  })
})

describe('POST /github/sync', () => {
  test("refreshes figures always, a field only while it is still GitHub's", async () => {
    gh.setAccount('sync', [
      { name: 'kept', readme: 'Old kept readme', topics: ['alpha'], stars: 1 },
      { name: 'fresh', readme: 'Old fresh readme', topics: ['alpha'], stars: 1 },
    ])
    const made = await importRepos(['sync/kept', 'sync/fresh'])
    expect(made.status).toBe(201)
    const [kept, fresh] = made.body.projects.map((p: { id: number }) => p.id)
    // The owner edits one project's description and technologies.
    const edited = await t.request('PATCH', `/projects/${kept}`, {
      token: r.admin.token,
      body: { description: 'My own words', technologiesIds: [] },
      headers: {
        'if-match': (
          await t.request('GET', `/projects/${kept}`, { token: r.admin.token })
        ).headers.get('etag')!,
      },
    })
    expect(edited.status).toBe(200)
    for (const name of ['kept', 'fresh'])
      gh.update('sync', name, {
        readme: `New ${name} readme`,
        topics: ['beta'],
        stars: 7,
        forks: 2,
        pushedAt: '2025-01-02T03:04:05Z',
      })
    const res = await t.request('POST', '/github/sync', { token: r.admin.token })
    expect(res.status).toBe(200)
    expect(res.body.gone).toEqual([])
    // Every imported project so far got new figures or texts; these two at least.
    expect(res.body.updated).toBeGreaterThanOrEqual(2)

    const a = (await t.request('GET', `/projects/${kept}`)).body
    expect(a.description).toBe('My own words')
    expect(a.technologies).toEqual([])
    expect(a.github).toMatchObject({ stars: 7, forks: 2, pushedAt: '2025-01-02T03:04:05.000Z' })
    const b = (await t.request('GET', `/projects/${fresh}`)).body
    expect(b.description).toBe('New fresh readme')
    expect(b.technologies.map((x: { name: string }) => x.name)).toEqual(['beta'])
    expect(b.github).toMatchObject({ stars: 7, forks: 2 })

    // Nothing new on GitHub: nothing changes.
    const again = await t.request('POST', '/github/sync', { token: r.admin.token })
    expect(again.body.updated).toBe(0)
  })
})

describe('the daily sync', () => {
  test.runIf(inProcess)(
    'is claimed once a day in the database, whichever process asks',
    async () => {
      const settings = { apiUrl: gh.url, timeoutMs: 1000 }
      const stars = async () =>
        (
          await t.sql<{ stars: number }>(
            `select stars from public.github_projects where repository = 'sync/fresh'`,
          )
        )[0]!.stars
      const pass = () => githubDailySync(t.db!.driver, settings, { askEveryMs: 0 }).runIfDue()
      await t.sql(`delete from app.periodic_jobs where name = 'github_sync'`)
      gh.update('sync', 'fresh', { stars: 99 })
      const info = vi.spyOn(console, 'info').mockImplementation(() => {})
      await pass()
      expect(await stars()).toBe(99)
      expect(info).toHaveBeenCalledWith(expect.stringMatching(/^GitHub sync: \d+ imported project/))
      // Another process the same day: not its turn.
      gh.update('sync', 'fresh', { stars: 100 })
      await pass()
      expect(await stars()).toBe(99)
      // A day later.
      await t.sql(
        `update app.periodic_jobs set last_run = now() - interval '25 hours' where name = 'github_sync'`,
      )
      await pass()
      expect(await stars()).toBe(100)
      // GitHub's limit reached: a warning, nothing written, and no rejection.
      await t.sql(`update app.periodic_jobs set last_run = '-infinity' where name = 'github_sync'`)
      gh.update('sync', 'fresh', { stars: 101 })
      gh.limit(new Date(Date.now() + 60_000))
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      await pass()
      expect(warn).toHaveBeenCalledWith(
        'GitHub sync failed; the next pass tries again:',
        expect.stringMatching(/^GitHub's limit is reached/),
      )
      expect(await stars()).toBe(100)
      info.mockRestore()
      warn.mockRestore()
    },
  )
})

describe('backups', () => {
  test('keep which projects came from which repository, so a restore still knows', async () => {
    const before = await t.sql<{ repository: string; name: string; stars: number; taken: object }>(
      `select g.repository, p.name, g.stars, g.taken from public.github_projects g
         join public.projects p on p.id = g.project_id order by g.repository`,
    )
    expect(before.length).toBeGreaterThan(2)
    const backup = await t.request<Uint8Array>('GET', '/backup', {
      token: r.admin.token,
      binary: true,
    })
    expect(backup.status).toBe(200)
    const content = JSON.parse(strFromU8(unzip(backup.body)['content.json']!))
    expect(content.github).toHaveLength(before.length)
    // Gone before the restore: the restore brings it back, linked to the new project.
    await t.sql('delete from public.github_projects')
    const restored = await t.request('POST', '/backup', {
      token: r.admin.token,
      rawBody: archiveForm(backup.body),
    })
    expect(restored.status).toBe(200)
    const after = await t.sql(
      `select g.repository, p.name, g.stars, g.taken from public.github_projects g
         join public.projects p on p.id = g.project_id order by g.repository`,
    )
    expect(after).toEqual(before)
    // Imported still: importing one again is refused.
    expect((await importRepos([before[0]!.repository])).status).toBe(409)
  })
})

describe('the stand-in', () => {
  test(`checks its answers against GitHub's description (@octokit/openapi ${githubDescriptionVersion || '23'})`, () => {
    expect(githubDescriptionVersion).toBe('23.0.2')
    expect(githubSchemaErrors('languages', { TypeScript: 10 })).toBeNull()
    expect(githubSchemaErrors('languages', { TypeScript: 'many' })).not.toBeNull()
    expect(githubSchemaErrors('repo', { name: 'x' })).toMatch(/required/)
  })
})
