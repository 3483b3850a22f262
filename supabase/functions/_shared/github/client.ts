// GitHub's REST API as documented (docs.github.com/rest, version 2022-11-28),
// over plain fetch: the few reads "From GitHub in one step" needs (docs/github.md).
// Every call has a deadline; what GitHub answers that is not the data becomes
// an HttpError the contract lists: 404 for an unknown account, 503 with
// Retry-After when the rate limit is reached, 502 when GitHub cannot be
// reached, times out or fails. The token (GITHUB_TOKEN) goes to GitHub only.
import { GITHUB_REPOSITORY } from '../contract/github-names.ts'
import { HttpError } from '../http/errors.ts'

export interface GithubSettings {
  /** GITHUB_API_URL without a trailing slash; https://api.github.com by default. */
  apiUrl: string
  /** GITHUB_TOKEN: sent as Authorization: Bearer when set (a higher rate limit). */
  token?: string
  /** GITHUB_TIMEOUT_SECONDS, in milliseconds: the longest one call may take. */
  timeoutMs: number
}

export const DEFAULT_GITHUB_API_URL = 'https://api.github.com'
export const DEFAULT_GITHUB_TIMEOUT_MS = 10_000
export const DEFAULT_GITHUB_SETTINGS: GithubSettings = {
  apiUrl: DEFAULT_GITHUB_API_URL,
  timeoutMs: DEFAULT_GITHUB_TIMEOUT_MS,
}

/** The most pages of repositories read for one account (100 each). */
export const MAX_REPOSITORY_PAGES = 10

/** GITHUB_API_URL, GITHUB_TOKEN and GITHUB_TIMEOUT_SECONDS, checked (a bad value stops the boot). */
export function readGithubSettings(env: (name: string) => string | undefined): GithubSettings {
  const apiUrl = (env('GITHUB_API_URL')?.trim() || DEFAULT_GITHUB_API_URL).replace(/\/+$/, '')
  if (!/^https?:\/\/[^\s/]+/i.test(apiUrl) || !URL.canParse(apiUrl))
    throw new Error(`GITHUB_API_URL must be an http(s) URL, got "${env('GITHUB_API_URL')}"`)
  const rawTimeout = env('GITHUB_TIMEOUT_SECONDS')?.trim()
  let timeoutMs = DEFAULT_GITHUB_TIMEOUT_MS
  if (rawTimeout) {
    const seconds = Number(rawTimeout)
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > 60)
      throw new Error(
        `GITHUB_TIMEOUT_SECONDS must be a whole number from 1 to 60, got "${rawTimeout}"`,
      )
    timeoutMs = seconds * 1000
  }
  const token = env('GITHUB_TOKEN')?.trim() || undefined
  return { apiUrl, timeoutMs, ...(token ? { token } : {}) }
}

/** A repository as GET /users/{login}/repos and GET /repos/{owner}/{repo} answer it (the fields read). */
export interface GithubRepository {
  full_name: string
  name: string
  html_url: string
  description: string | null
  language: string | null
  topics?: string[]
  stargazers_count: number
  forks_count: number
  fork: boolean
  archived: boolean
  pushed_at: string | null
  created_at: string | null
  homepage: string | null
  default_branch?: string
}

/** A merged pull request as GET /search/issues answers it (the fields read). */
export interface GithubSearchItem {
  html_url: string
  number: number
  title: string
  repository_url: string
  pull_request?: { merged_at?: string | null; html_url?: string | null } | null
}

/** A merged pull request, as the API answers it. */
export interface GithubPullRequest {
  url: string
  repository: string
  title: string
  mergedAt: string
  number: number
}

/** The most pages of search results read (100 each): GitHub's search gives at most 1,000. */
export const MAX_SEARCH_PAGES = 10

/** HH:MM (UTC) of a Unix time in seconds. */
const clock = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(11, 16)

/** The error for an answer GitHub gave that is not the data. */
async function refusal(
  response: Response,
  notFoundMessage: string,
  notFoundStatus = 404,
): Promise<HttpError> {
  await response.body?.cancel().catch(() => {})
  const remaining = response.headers.get('x-ratelimit-remaining')
  if ((response.status === 403 || response.status === 429) && remaining === '0') {
    const reset = Number(response.headers.get('x-ratelimit-reset'))
    const now = Math.floor(Date.now() / 1000)
    const resetAt = Number.isFinite(reset) && reset > 0 ? reset : now + 60
    const wait = Math.max(1, resetAt - now)
    return new HttpError(
      503,
      `GitHub's limit is reached; try again after ${clock(resetAt)} (UTC)`,
      undefined,
      { 'Retry-After': String(wait) },
    )
  }
  if (response.status === 429 || (response.status === 403 && response.headers.has('retry-after'))) {
    const wait = Math.max(1, Number(response.headers.get('retry-after')) || 60)
    return new HttpError(
      503,
      `GitHub's limit is reached; try again after ${clock(Math.floor(Date.now() / 1000) + wait)} (UTC)`,
      undefined,
      { 'Retry-After': String(wait) },
    )
  }
  if (response.status === 404 || response.status === notFoundStatus)
    return new HttpError(404, notFoundMessage)
  if (response.status === 401)
    return new HttpError(
      502,
      "GitHub refused the server's token (GITHUB_TOKEN); nothing was changed",
    )
  return new HttpError(
    502,
    `GitHub answered ${response.status}; nothing was changed. Try again in a moment.`,
  )
}

export interface GithubClient {
  /** Every public repository `login` owns, newest push first (all pages). */
  repositories(login: string): Promise<GithubRepository[]>
  repository(fullName: string): Promise<GithubRepository>
  /** The README as Markdown, or null when the repository has none. */
  readme(fullName: string): Promise<string | null>
  /** Bytes of code per language, largest first. */
  languages(fullName: string): Promise<string[]>
  /**
   * The merged pull requests `login` wrote to repositories it does not own,
   * newest update first (every page, up to search's 1,000 results).
   */
  pullRequests(login: string): Promise<GithubPullRequest[]>
}

export function githubClient(
  settings: GithubSettings,
  fetchFn: typeof fetch = globalThis.fetch,
): GithubClient {
  const headers = (accept: string): Record<string, string> => ({
    Accept: accept,
    'X-GitHub-Api-Version': '2022-11-28',
    'User-Agent': 'Vitrine-portfolio',
    ...(settings.token ? { Authorization: `Bearer ${settings.token}` } : {}),
  })

  /** One GET within the deadline; the answer when 2xx (or 404 when `missing` allows it). */
  async function get(
    url: string,
    notFoundMessage: string,
    accept = 'application/vnd.github+json',
    missing = false,
    notFoundStatus = 404,
  ): Promise<Response | null> {
    let response: Response
    const signal = AbortSignal.timeout(settings.timeoutMs)
    try {
      response = await fetchFn(url, { headers: headers(accept), signal, redirect: 'follow' })
    } catch (error) {
      const timedOut = (error as Error)?.name === 'TimeoutError' || signal.aborted
      throw new HttpError(
        502,
        timedOut
          ? `GitHub did not answer within ${settings.timeoutMs / 1000} s; nothing was changed. Try again in a moment.`
          : 'GitHub cannot be reached from the server; nothing was changed. Try again in a moment.',
      )
    }
    if (response.ok) return response
    if (missing && response.status === 404) {
      await response.body?.cancel().catch(() => {})
      return null
    }
    throw await refusal(response, notFoundMessage, notFoundStatus)
  }

  /** The JSON body, within the same deadline. */
  async function json<T>(response: Response): Promise<T> {
    try {
      return (await response.json()) as T
    } catch {
      throw new HttpError(502, 'GitHub answered something that is not JSON; nothing was changed')
    }
  }

  const api = (path: string) => `${settings.apiUrl}${path}`
  const repoPath = (fullName: string) =>
    fullName
      .split('/')
      .map((part) => encodeURIComponent(part))
      .join('/')

  return {
    async repositories(login) {
      const all: GithubRepository[] = []
      let url: string | null = api(
        `/users/${encodeURIComponent(login)}/repos?per_page=100&sort=pushed&type=owner`,
      )
      for (let page = 0; url && page < MAX_REPOSITORY_PAGES; page++) {
        const response: Response = (await get(url, `No GitHub account named ${login}`))!
        const list = await json<GithubRepository[]>(response)
        if (!Array.isArray(list))
          throw new HttpError(502, 'GitHub answered an unexpected list; nothing was changed')
        all.push(...list)
        url = nextPage(response.headers.get('link'), settings.apiUrl)
      }
      // Newest push first, whatever order the pages came in.
      return all.sort((a, b) => (b.pushed_at ?? '').localeCompare(a.pushed_at ?? ''))
    },
    async repository(fullName) {
      const response = await get(
        api(`/repos/${repoPath(fullName)}`),
        `No GitHub repository named ${fullName}`,
      )
      return json<GithubRepository>(response!)
    },
    async readme(fullName) {
      // The content file (JSON, base64), as GitHub's OpenAPI description gives it.
      const response = await get(
        api(`/repos/${repoPath(fullName)}/readme`),
        `No GitHub repository named ${fullName}`,
        'application/vnd.github+json',
        true,
      )
      if (!response) return null
      const file = await json<{ content?: string; encoding?: string }>(response)
      if (file?.encoding !== 'base64' || typeof file.content !== 'string') return null
      try {
        const binary = atob(file.content.replace(/\s/g, ''))
        return new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)))
      } catch {
        return null
      }
    },
    async languages(fullName) {
      const response = await get(
        api(`/repos/${repoPath(fullName)}/languages`),
        `No GitHub repository named ${fullName}`,
      )
      const bytes = await json<Record<string, number>>(response!)
      return Object.entries(bytes ?? {})
        .filter(([, n]) => typeof n === 'number')
        .sort((a, b) => b[1] - a[1])
        .map(([name]) => name)
    },
    async pullRequests(login) {
      const q = `type:pr is:merged author:${login} -user:${login}`
      let url: string | null = api(
        `/search/issues?q=${encodeURIComponent(q).replace(/%20/g, '+')}&sort=updated&per_page=100`,
      )
      const found: GithubPullRequest[] = []
      const seen = new Set<string>()
      for (let page = 0; url && page < MAX_SEARCH_PAGES; page++) {
        // Search answers 422 for an author it does not know: the account does not exist.
        const response: Response = (await get(
          url,
          `No GitHub account named ${login}`,
          'application/vnd.github+json',
          false,
          422,
        ))!
        const body = await json<{ items?: GithubSearchItem[] }>(response)
        if (!body || !Array.isArray(body.items))
          throw new HttpError(502, 'GitHub answered an unexpected list; nothing was changed')
        for (const item of body.items) {
          const pull = pullRequestOf(item)
          if (pull && !seen.has(pull.url.toLowerCase())) {
            seen.add(pull.url.toLowerCase())
            found.push(pull)
          }
        }
        url = nextPage(response.headers.get('link'), settings.apiUrl)
      }
      return found
    },
  }
}

/** owner/name of a search item's `repository_url` (…/repos/owner/name), or null. */
function repositoryOf(repositoryUrl: unknown): string | null {
  if (typeof repositoryUrl !== 'string') return null
  const match = /\/repos\/([^/]+)\/([^/?#]+)\/?$/.exec(repositoryUrl)
  const name = match && `${decodeURIComponent(match[1]!)}/${decodeURIComponent(match[2]!)}`
  return name && GITHUB_REPOSITORY.test(name) ? name : null
}

/**
 * A search item as the API answers it, or null when it is not a merged pull
 * request of a repository named as GitHub names them. Its address is always
 * made from the repository and number: nothing GitHub sends becomes a link as sent.
 */
export function pullRequestOf(item: GithubSearchItem): GithubPullRequest | null {
  const repository = repositoryOf(item?.repository_url)
  const mergedAt = item?.pull_request?.merged_at
  const number = item?.number
  if (!repository || typeof mergedAt !== 'string' || !Number.isInteger(number) || number < 1)
    return null
  const when = new Date(mergedAt)
  if (Number.isNaN(when.getTime())) return null
  const title = typeof item.title === 'string' ? item.title.trim().slice(0, 300) : ''
  return {
    url: `https://github.com/${repository}/pull/${number}`,
    repository,
    title: title || `${repository}#${number}`,
    mergedAt: when.toISOString(),
    number,
  }
}

/**
 * The next page's URL from a Link header (RFC 8288, as GitHub sends it), only
 * when it is on the API's own origin: a header never sends the server elsewhere.
 */
export function nextPage(link: string | null, apiUrl: string): string | null {
  if (!link) return null
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim())
    if (!match || !match[2]!.split(/\s+/).includes('next')) continue
    if (!URL.canParse(match[1]!)) return null
    const next = new URL(match[1]!)
    return next.origin === new URL(apiUrl).origin ? next.toString() : null
  }
  return null
}
