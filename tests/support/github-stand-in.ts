// A stand-in for GitHub's REST API (docs/github.md): the four reads the
// import makes, served by a small node:http server from repositories a test
// describes. Every JSON answer it sends is first checked against GitHub's
// published OpenAPI description (@octokit/openapi, api.github.com.json), so
// the stand-in cannot drift from what GitHub documents; a mismatch is kept in
// `problems` (each test asserts there is none) and answered as a 500.
//
// What a test can make it do: answer in pages (Link headers), have no README
// (404), refuse with the rate limit reached, fail (5xx), answer late. It also
// answers the issue search for merged pull requests (the Open source section),
// applying the query's `type:pr`, `is:merged`, `author:` and `-user:`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'

export interface RepoSpec {
  name: string
  description?: string | null
  language?: string | null
  topics?: string[]
  stars?: number
  forks?: number
  fork?: boolean
  archived?: boolean
  createdAt?: string
  pushedAt?: string
  homepage?: string | null
  defaultBranch?: string
  /** The README's Markdown; absent: the repository has none (404). */
  readme?: string
  /** Bytes of code per language. */
  languages?: Record<string, number>
}

/** A pull request an account wrote, for the issue search. */
export interface PullSpec {
  /** owner/name of the repository it went to. */
  repository: string
  number: number
  title: string
  /** null: closed without being merged; absent: still open. */
  mergedAt?: string | null
  updatedAt?: string
}

/** The operations whose answers the stand-in gives, and GitHub's schema for each status. */
const OPERATIONS = {
  search: ['/search/issues', '200'],
  searchInvalid: ['/search/issues', '422'],
  list: ['/users/{username}/repos', '200'],
  repo: ['/repos/{owner}/{repo}', '200'],
  readme: ['/repos/{owner}/{repo}/readme', '200'],
  languages: ['/repos/{owner}/{repo}/languages', '200'],
  notFound: ['/repos/{owner}/{repo}', '404'],
} as const
type Checked = keyof typeof OPERATIONS

interface OpenApi {
  info: { version: string }
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
  components: Record<string, Record<string, unknown>>
}

let validators: Record<Checked, ValidateFunction> | undefined
/** The version of the description the answers are checked against. */
export let githubDescriptionVersion = ''

/**
 * GitHub's description is 13 MB: read once per process, and only the needed
 * operations' answer schemas (and what they refer to) are kept and compiled.
 */
function loadValidators(): Record<Checked, ValidateFunction> {
  if (validators) return validators
  const require = createRequire(import.meta.url)
  const file = require.resolve('@octokit/openapi/generated/api.github.com.json')
  const pkg = JSON.parse(
    readFileSync(require.resolve('@octokit/openapi/package.json'), 'utf8'),
  ) as { version: string }
  githubDescriptionVersion = pkg.version
  const whole = JSON.parse(readFileSync(file, 'utf8')) as OpenApi
  const kept: Record<string, Record<string, unknown>> = {}
  const follow = (node: unknown): void => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) return node.forEach(follow)
    for (const [key, value] of Object.entries(node)) {
      if (key === 'examples' || key === 'example') continue
      if (key === '$ref' && typeof value === 'string') {
        const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(value) ?? []
        if (!kind || !name || kept[kind]?.[name]) continue
        ;(kept[kind] ??= {})[name] = whole.components[kind]![name]
        follow(whole.components[kind]![name])
      } else follow(value)
    }
  }
  const answers: Record<string, unknown> = {}
  for (const [name, [path, status]] of Object.entries(OPERATIONS)) {
    const answer = whole.paths[path]!.get!.responses[status]
    answers[name] = answer
    follow(answer)
  }
  // OpenAPI 3.0's `nullable` beside no `type` (the search item has some), which
  // Ajv refuses: the same meaning as JSON Schema, the value or null.
  const nullables = (node: unknown): unknown => {
    if (!node || typeof node !== 'object') return node
    if (Array.isArray(node)) return node.map(nullables)
    const copy = Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, nullables(value)]),
    )
    if (copy.nullable === true && !('type' in copy)) {
      delete copy.nullable
      return { anyOf: [copy, { type: 'null' }] }
    }
    return copy
  }
  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema(nullables({ components: kept, answers }) as object, 'github')
  const made = {} as Record<Checked, ValidateFunction>
  for (const name of Object.keys(OPERATIONS) as Checked[]) {
    // A 404 is a shared response object ($ref to components.responses).
    const { $ref } = answers[name] as { $ref?: string }
    const where = $ref ? $ref.slice(1) : `/answers/${name}`
    made[name] = ajv.compile({ $ref: `github#${where}/content/application~1json/schema` })
  }
  validators = made
  return made
}

/** Why `body` is not an answer GitHub documents for `kind`, or null when it is. */
export function githubSchemaErrors(kind: Checked, body: unknown): string | null {
  const validate = loadValidators()[kind]
  return validate(body) ? null : JSON.stringify(validate.errors?.slice(0, 3))
}

export interface GithubStandIn {
  /** The API's root, for GITHUB_API_URL. */
  url: string
  /** Answers that did not match GitHub's description (none, in a passing test). */
  problems: string[]
  /** Every request, as "GET /path?query", in order. */
  requests: string[]
  /** Every Authorization header received (none unless a token is set). */
  authorizations: string[]
  setAccount(login: string, repos: RepoSpec[]): void
  /** The pull requests `login` wrote (the account exists for the search from then on). */
  setPullRequests(login: string, pulls: PullSpec[]): void
  /** Changes a repository of an account in place (for a sync). */
  update(login: string, name: string, change: Partial<RepoSpec>): void
  /** From now on: the rate limit is reached (403 with x-ratelimit-remaining: 0), resetting at `resetAt`. */
  limit(resetAt: Date | null, status?: 403 | 429): void
  /** Every answer after the next `after` ones is `status` (a 5xx); null: none fails. */
  fail(status: number | null, after?: number): void
  /** From now on: every answer comes after `ms`. */
  slow(ms: number): void
  /** The page size of the repository list, whatever per_page asks (GitHub's own is up to 100). */
  pageSize: number | null
  /** Back to answering at once, unlimited, never failing, at per_page's size: between tests. */
  reset(): void
  close(): Promise<void>
}

const iso = (date: string) => new Date(date).toISOString().replace(/\.\d{3}Z$/, 'Z')

/** A repository as GitHub's full-repository schema has it (every required field). */
function repositoryJson(base: string, login: string, spec: RepoSpec, id: number) {
  const full = `${login}/${spec.name}`
  const api = `${base}/repos/${full}`
  const html = `${base}/html/${full}`
  const user = `${base}/users/${login}`
  const owner = {
    login,
    id: 1000,
    node_id: 'MDQ6VXNlcjEwMDA=',
    avatar_url: `${base}/avatars/${login}`,
    gravatar_id: '',
    url: user,
    html_url: `${base}/html/${login}`,
    followers_url: `${user}/followers`,
    following_url: `${user}/following{/other_user}`,
    gists_url: `${user}/gists{/gist_id}`,
    starred_url: `${user}/starred{/owner}{/repo}`,
    subscriptions_url: `${user}/subscriptions`,
    organizations_url: `${user}/orgs`,
    repos_url: `${user}/repos`,
    events_url: `${user}/events{/privacy}`,
    received_events_url: `${user}/received_events`,
    type: 'User',
    site_admin: false,
  }
  const urls = Object.fromEntries(
    [
      ['archive_url', '/{archive_format}{/ref}'],
      ['assignees_url', '/assignees{/user}'],
      ['blobs_url', '/git/blobs{/sha}'],
      ['branches_url', '/branches{/branch}'],
      ['collaborators_url', '/collaborators{/collaborator}'],
      ['comments_url', '/comments{/number}'],
      ['commits_url', '/commits{/sha}'],
      ['compare_url', '/compare/{base}...{head}'],
      ['contents_url', '/contents/{+path}'],
      ['contributors_url', '/contributors'],
      ['deployments_url', '/deployments'],
      ['downloads_url', '/downloads'],
      ['events_url', '/events'],
      ['forks_url', '/forks'],
      ['git_commits_url', '/git/commits{/sha}'],
      ['git_refs_url', '/git/refs{/sha}'],
      ['git_tags_url', '/git/tags{/sha}'],
      ['hooks_url', '/hooks'],
      ['issue_comment_url', '/issues/comments{/number}'],
      ['issue_events_url', '/issues/events{/number}'],
      ['issues_url', '/issues{/number}'],
      ['keys_url', '/keys{/key_id}'],
      ['labels_url', '/labels{/name}'],
      ['languages_url', '/languages'],
      ['merges_url', '/merges'],
      ['milestones_url', '/milestones{/number}'],
      ['notifications_url', '/notifications{?since,all,participating}'],
      ['pulls_url', '/pulls{/number}'],
      ['releases_url', '/releases{/id}'],
      ['stargazers_url', '/stargazers'],
      ['statuses_url', '/statuses/{sha}'],
      ['subscribers_url', '/subscribers'],
      ['subscription_url', '/subscription'],
      ['tags_url', '/tags'],
      ['teams_url', '/teams'],
      ['trees_url', '/git/trees{/sha}'],
    ].map(([key, tail]) => [key, `${api}${tail}`]),
  )
  const stars = spec.stars ?? 0
  const forks = spec.forks ?? 0
  return {
    id,
    node_id: `R_${id}`,
    name: spec.name,
    full_name: full,
    private: false,
    owner,
    html_url: html,
    description: spec.description ?? null,
    fork: spec.fork ?? false,
    url: api,
    ...urls,
    git_url: `git:${html.replace(/^https?:/, '')}.git`,
    ssh_url: `git@example.test:${full}.git`,
    clone_url: `${html}.git`,
    svn_url: html,
    mirror_url: null,
    homepage: spec.homepage ?? null,
    language: spec.language ?? null,
    forks_count: forks,
    forks,
    stargazers_count: stars,
    watchers_count: stars,
    watchers: stars,
    size: 120,
    default_branch: spec.defaultBranch ?? 'main',
    open_issues_count: 0,
    open_issues: 0,
    is_template: false,
    topics: spec.topics ?? [],
    has_issues: true,
    has_projects: true,
    has_wiki: false,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: spec.archived ?? false,
    disabled: false,
    visibility: 'public',
    pushed_at: iso(spec.pushedAt ?? '2024-05-01T10:00:00Z'),
    created_at: iso(spec.createdAt ?? '2021-03-01T10:00:00Z'),
    updated_at: iso(spec.pushedAt ?? '2024-05-01T10:00:00Z'),
    license: null,
    network_count: forks,
    subscribers_count: 1,
  }
}

/** A pull request as the issue search's items have it (every required field). */
function searchItemJson(base: string, author: string, spec: PullSpec, id: number) {
  const api = `${base}/repos/${spec.repository}`
  const issue = `${api}/issues/${spec.number}`
  const user = `${base}/users/${author}`
  const merged = spec.mergedAt === undefined ? null : spec.mergedAt
  const closed = spec.mergedAt === undefined ? null : iso(spec.mergedAt ?? '2024-01-01T00:00:00Z')
  return {
    url: issue,
    repository_url: api,
    labels_url: `${issue}/labels{/name}`,
    comments_url: `${issue}/comments`,
    events_url: `${issue}/events`,
    html_url: `https://github.com/${spec.repository}/pull/${spec.number}`,
    id,
    node_id: `PR_${id}`,
    number: spec.number,
    title: spec.title,
    locked: false,
    user: {
      login: author,
      id: 1000,
      node_id: 'MDQ6VXNlcjEwMDA=',
      avatar_url: `${base}/avatars/${author}`,
      gravatar_id: '',
      url: user,
      html_url: `https://github.com/${author}`,
      followers_url: `${user}/followers`,
      following_url: `${user}/following{/other_user}`,
      gists_url: `${user}/gists{/gist_id}`,
      starred_url: `${user}/starred{/owner}{/repo}`,
      subscriptions_url: `${user}/subscriptions`,
      organizations_url: `${user}/orgs`,
      repos_url: `${user}/repos`,
      events_url: `${user}/events{/privacy}`,
      received_events_url: `${user}/received_events`,
      type: 'User',
      site_admin: false,
    },
    labels: [],
    state: spec.mergedAt === undefined ? 'open' : 'closed',
    assignee: null,
    milestone: null,
    comments: 0,
    created_at: '2023-01-01T10:00:00Z',
    updated_at: iso(spec.updatedAt ?? spec.mergedAt ?? '2023-01-02T10:00:00Z'),
    closed_at: closed,
    author_association: 'CONTRIBUTOR',
    pull_request: {
      merged_at: merged === null ? null : iso(merged),
      diff_url: `https://github.com/${spec.repository}/pull/${spec.number}.diff`,
      html_url: `https://github.com/${spec.repository}/pull/${spec.number}`,
      patch_url: `https://github.com/${spec.repository}/pull/${spec.number}.patch`,
      url: `${api}/pulls/${spec.number}`,
    },
    score: 1,
  }
}

function readmeJson(base: string, login: string, spec: RepoSpec) {
  const full = `${login}/${spec.name}`
  const bytes = Buffer.from(spec.readme ?? '', 'utf8')
  const url = `${base}/repos/${full}/contents/README.md`
  const html = `${base}/html/${full}/blob/main/README.md`
  const git = `${base}/repos/${full}/git/blobs/0123456789abcdef0123456789abcdef01234567`
  // GitHub wraps the base64 at 60 characters.
  const content = (bytes.toString('base64').match(/.{1,60}/g) ?? []).join('\n') + '\n'
  return {
    type: 'file',
    encoding: 'base64',
    size: bytes.length,
    name: 'README.md',
    path: 'README.md',
    content,
    sha: '0123456789abcdef0123456789abcdef01234567',
    url,
    git_url: git,
    html_url: html,
    download_url: `${base}/raw/${full}/main/README.md`,
    _links: { git, self: url, html },
  }
}

/** `port`: 0 for any free one (the tests), or a fixed one (the e2e run's stand-in). */
export async function startGithubStandIn(port = 0): Promise<GithubStandIn> {
  const check = loadValidators()
  const accounts = new Map<string, RepoSpec[]>()
  const pulls = new Map<string, PullSpec[]>()
  let limitedUntil: Date | null | undefined
  let limitStatus: 403 | 429 = 403
  let failing: number | null = null
  let failAfter = 0
  let delay = 0
  const problems: string[] = []
  const requests: string[] = []
  const authorizations: string[] = []
  let base = ''

  const send = (
    res: ServerResponse,
    status: number,
    body: unknown,
    kind: Checked | null,
    headers: Record<string, string> = {},
  ) => {
    if (kind && !check[kind](body)) {
      const message = `${kind}: ${JSON.stringify(check[kind].errors?.slice(0, 3))}`
      problems.push(message)
      status = 500
      body = { message: `stand-in answer not as GitHub documents it: ${message}` }
    }
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'x-github-api-version-selected': '2022-11-28',
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '59',
      ...headers,
    })
    res.end(JSON.stringify(body))
  }
  const notFound = (res: ServerResponse) =>
    send(
      res,
      404,
      {
        message: 'Not Found',
        documentation_url: 'https://docs.github.com/rest',
        status: '404',
      },
      'notFound',
    )

  const findRepo = (owner: string, name: string) => {
    const list = [...accounts.entries()].find(
      ([login]) => login.toLowerCase() === owner.toLowerCase(),
    )
    const index = list?.[1].findIndex((r) => r.name.toLowerCase() === name.toLowerCase()) ?? -1
    return list && index >= 0 ? { login: list[0], spec: list[1][index]!, id: index + 1 } : null
  }

  /** GET /search/issues for `type:pr is:merged author:X -user:Y`, in pages, newest update first. */
  const search = (url: URL, res: ServerResponse) => {
    const terms = (url.searchParams.get('q') ?? '').split(/\s+/).filter(Boolean)
    const value = (prefix: string) =>
      terms
        .find((t) => t.startsWith(prefix))
        ?.slice(prefix.length)
        .toLowerCase()
    const author = value('author:')
    const excluded = terms
      .filter((t) => t.startsWith('-user:'))
      .map((t) => t.slice(6).toLowerCase())
    const known = [...new Set([...accounts.keys(), ...pulls.keys()])].find(
      (login) => login.toLowerCase() === author,
    )
    if (!known)
      return send(
        res,
        422,
        {
          message: 'Validation Failed',
          errors: [
            {
              message:
                'The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.',
              resource: 'Search',
              field: 'q',
              code: 'invalid',
            },
          ],
          documentation_url: 'https://docs.github.com/v3/search/',
          status: '422',
        },
        'searchInvalid',
      )
    const all = (pulls.get(known) ?? [])
      .map((spec, i) => searchItemJson(base, known, spec, i + 1))
      .filter((item) => !terms.includes('type:pr') || item.pull_request)
      .filter((item) => !terms.includes('is:merged') || item.pull_request.merged_at !== null)
      .filter((item) => {
        const owner = item.repository_url.split('/repos/')[1]!.split('/')[0]!.toLowerCase()
        return !excluded.includes(owner)
      })
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
    const perPage = Math.min(100, Number(url.searchParams.get('per_page')) || 30)
    const size = standIn.pageSize ?? perPage
    const page = Math.max(1, Number(url.searchParams.get('page')) || 1)
    // Search gives the first 1,000 results at most.
    const capped = all.slice(0, 1000)
    const last = Math.max(1, Math.ceil(capped.length / size))
    const link = (n: number, rel: string) => {
      const next = new URL(url)
      next.searchParams.set('page', String(n))
      return `<${next}>; rel="${rel}"`
    }
    const links = [
      ...(page > 1 ? [link(page - 1, 'prev'), link(1, 'first')] : []),
      ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
    ]
    const body = {
      total_count: all.length,
      incomplete_results: false,
      items: capped.slice((page - 1) * size, page * size),
      search_type: 'lexical',
    }
    return send(res, 200, body, 'search', links.length ? { link: links.join(', ') } : {})
  }

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', base)
    requests.push(`${req.method} ${url.pathname}${url.search}`)
    if (req.headers.authorization) authorizations.push(req.headers.authorization)
    if (!req.headers['user-agent'] || req.headers['x-github-api-version'] !== '2022-11-28') {
      // GitHub refuses a request without a User-Agent; the version header is ours to send.
      return send(res, 403, { message: 'Request forbidden by administrative rules.' }, null)
    }
    if (limitedUntil !== undefined) {
      const reset = Math.floor((limitedUntil ?? new Date()).getTime() / 1000)
      return send(
        res,
        limitStatus,
        {
          message: 'API rate limit exceeded for 127.0.0.1.',
          documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
        },
        null,
        {
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(reset),
        },
      )
    }
    if (failing !== null && failAfter-- <= 0)
      return send(res, failing, { message: 'Server Error' }, null)
    const path = url.pathname.split('/').map(decodeURIComponent)
    if (url.pathname === '/search/issues') return search(url, res)
    // /users/{login}/repos
    if (path[1] === 'users' && path[3] === 'repos' && path.length === 4) {
      const entry = [...accounts.entries()].find(
        ([l]) => l.toLowerCase() === path[2]!.toLowerCase(),
      )
      if (!entry) return notFound(res)
      const [login, specs] = entry
      const perPage = Math.min(100, Number(url.searchParams.get('per_page')) || 30)
      const size = standIn.pageSize ?? perPage
      const page = Math.max(1, Number(url.searchParams.get('page')) || 1)
      const all = specs
        .map((spec, i) => repositoryJson(base, login, spec, i + 1))
        .sort((a, b) => b.pushed_at.localeCompare(a.pushed_at))
      const last = Math.max(1, Math.ceil(all.length / size))
      const link = (n: number, rel: string) => {
        const next = new URL(url)
        next.searchParams.set('page', String(n))
        return `<${next}>; rel="${rel}"`
      }
      const links = [
        ...(page > 1 ? [link(page - 1, 'prev'), link(1, 'first')] : []),
        ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
      ]
      const body = all.slice((page - 1) * size, page * size)
      return send(res, 200, body, 'list', links.length ? { link: links.join(', ') } : {})
    }
    if (path[1] === 'repos' && path.length >= 4) {
      const found = findRepo(path[2]!, path[3]!)
      if (!found) return notFound(res)
      const { login, spec, id } = found
      if (path.length === 4) return send(res, 200, repositoryJson(base, login, spec, id), 'repo')
      if (path[4] === 'readme' && path.length === 5)
        return spec.readme === undefined
          ? notFound(res)
          : send(res, 200, readmeJson(base, login, spec), 'readme')
      if (path[4] === 'languages' && path.length === 5)
        return send(res, 200, spec.languages ?? {}, 'languages')
    }
    return notFound(res)
  }

  const server: Server = createServer((req, res) => {
    if (delay) setTimeout(() => handle(req, res), delay).unref()
    else handle(req, res)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const standIn: GithubStandIn = {
    url: base,
    problems,
    requests,
    authorizations,
    pageSize: null,
    setAccount: (login, repos) => void accounts.set(login, repos),
    setPullRequests: (login, list) => void pulls.set(login, list),
    update(login, name, change) {
      const spec = accounts.get(login)?.find((r) => r.name === name)
      if (!spec) throw new Error(`no repository ${login}/${name}`)
      Object.assign(spec, change)
    },
    limit(resetAt, status = 403) {
      limitedUntil = resetAt === null ? undefined : resetAt
      limitStatus = status
    },
    fail(status, after = 0) {
      failing = status
      failAfter = after
    },
    slow: (ms) => void (delay = ms),
    reset() {
      standIn.limit(null)
      standIn.fail(null)
      standIn.slow(0)
      standIn.pageSize = null
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return standIn
}
