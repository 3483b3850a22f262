// /github (docs/github.md, docs/decisions/079): an account's public
// repositories, made into projects in one step, and kept up to date. Admins
// only, and asked before GitHub is: the server never calls out for anyone
// else. Everything GitHub gives is read before a transaction opens, so a
// refusal, a timeout or an error of GitHub's leaves nothing written; the
// writes of one call are one transaction, as the caller (row-level security).
import type { Context } from 'hono'
import { z } from 'zod'
import { Api, ok } from '../../operation.ts'
import { asCaller, readAsCaller, type AppEnv } from '../../../context.ts'
import {
  errorBody,
  githubImported,
  githubPullRequests,
  githubRepositories,
  githubSynced,
  type GithubRepositoryItem,
} from '../../../contract/responses.ts'
import { projectSchema } from '../../../contract/schemas.ts'
import type { Queryable } from '../../../db/db.ts'
import { jsonParam } from '../../../db/sql.ts'
import { conflict, HttpError } from '../../../http/errors.ts'
import { DEFAULT_GITHUB_SETTINGS, githubClient, type GithubClient } from '../../../github/client.ts'
import { GITHUB_LOGIN, GITHUB_REPOSITORY } from '../../../contract/github-names.ts'
import {
  fetchAll,
  projectFields,
  takenNames,
  technologyNames,
  type Fetched,
  type Taken,
} from '../../../github/projects.ts'
import { projects } from '../projects/repository.ts'
import { figures, syncImported, technologyIds } from '../../../github/sync.ts'

const tag = 'GitHub'
/** The most repositories one import takes. */
export const MAX_IMPORT = 50

const client = (c: Context<AppEnv>): GithubClient =>
  githubClient(c.get('deps').github ?? DEFAULT_GITHUB_SETTINGS)

/** What GitHub may answer instead of the data, as every call here passes it on. */
const githubAnswers = {
  502: ok(
    'GitHub cannot be reached, did not answer in time or failed; nothing was changed',
    errorBody,
  ),
  503: {
    ...ok(
      "GitHub's rate limit is reached; the message says when it resets (UTC); nothing was changed",
      errorBody,
    ),
    headers: { 'Retry-After': 'Seconds until the limit resets' },
  },
}

const loginQuery = z.object({
  login: z
    .string({ error: 'A GitHub login is required' })
    .trim()
    .min(1, 'A GitHub login is required')
    .max(39, 'A GitHub login has at most 39 characters')
    .regex(GITHUB_LOGIN, 'A GitHub login is letters, digits and single hyphens, not at either end')
    .describe('The GitHub account whose public repositories to list'),
})

const importBody = z.object({
  repositories: z
    .array(
      z
        .string()
        .trim()
        .max(140, 'Not a repository name (owner/name)')
        .regex(GITHUB_REPOSITORY, 'Not a repository name (owner/name)'),
    )
    .min(1, 'Choose at least one repository')
    .max(MAX_IMPORT, `At most ${MAX_IMPORT} repositories at once`)
    .refine(
      (names) => new Set(names.map((n) => n.toLowerCase())).size === names.length,
      'A repository may be named once',
    )
    .describe('The repositories to import, as owner/name'),
})

interface Imported {
  project_id: number
  repository: string
}

/** The projects already imported from any of `names`, by repository (any case). */
async function importedFrom(tx: Queryable, names: string[]): Promise<Imported[]> {
  return tx.query<Imported>(
    `select project_id, repository from public.github_projects
      where lower(repository) in (select lower(value) from jsonb_array_elements_text($1::jsonb))`,
    [jsonParam(names)],
  )
}

/** 409 naming the repositories already imported: an import never makes a second project of one. */
function refuseImported(found: Imported[]) {
  if (!found.length) return
  const names = found.map((f) => f.repository).join(', ')
  const error = conflict(
    `Already imported: ${names}. Sync updates imported projects; nothing was changed.`,
  )
  throw new HttpError(error.status, error.message, { repositories: error.message })
}

const takenOf = (
  fields: ReturnType<typeof projectFields>,
  names: string[],
  fetched: Fetched,
): Taken => ({
  description: fields.description,
  liveUrl: fields.liveUrl,
  endYear: fields.endYear,
  technologies: takenNames(names),
  topics: fetched.repository.topics ?? [],
})

/** Writes the projects of `all` in one transaction; answers their ids in order. */
async function importProjects(c: Context<AppEnv>, all: Fetched[]) {
  return asCaller(c, async (tx) => {
    refuseImported(
      await importedFrom(
        tx,
        all.map((f) => f.repository.full_name),
      ),
    )
    const names = all.map(technologyNames)
    const ids = await technologyIds(tx, names.flat())
    const made: { id: number; repository: string }[] = []
    for (const [i, fetched] of all.entries()) {
      const fields = projectFields(fetched)
      const payload = projectSchema.safeParse({
        ...fields,
        technologiesIds: names[i]!.map((n) => ids.get(n.toLowerCase())!).filter(Boolean),
      })
      if (!payload.success)
        throw new HttpError(
          502,
          `GitHub's data for ${fetched.repository.full_name} does not make a valid project (${payload.error.issues[0]?.message}); nothing was changed`,
        )
      const [id] = await projects.insert(tx, [payload.data])
      await tx.query(
        `insert into public.github_projects (project_id, repository, stars, forks, pushed_at, taken)
         values ($1, $2, $3, $4, $5::timestamptz, $6::jsonb)`,
        [
          id,
          fetched.repository.full_name,
          ...figures(fetched),
          jsonParam(takenOf(fields, names[i]!, fetched)),
        ],
      )
      made.push({ id: id!, repository: fetched.repository.full_name })
    }
    return made
  })
}

export const githubApi = new Api()
  .add(
    {
      method: 'get',
      path: '/github/repositories',
      operationId: 'listGithubRepositories',
      summary: "An account's public repositories, newest push first, and which are imported",
      tag,
      access: 'admin',
      confirmAdmin: true,
      query: loginQuery,
      answers: {
        200: ok('Every public repository the account owns', githubRepositories),
        400: ok('Not a GitHub login (`errors.login` says why)', errorBody),
        404: ok('No GitHub account has this login', errorBody),
        ...githubAnswers,
      },
    },
    async (c, { query }) => {
      const login = query.login
      const list = await client(c).repositories(login)
      const imported = await readAsCaller(c, (tx) =>
        importedFrom(
          tx,
          list.map((r) => r.full_name),
        ),
      )
      const byName = new Map(
        imported.map((r) => [r.repository.toLowerCase(), Number(r.project_id)]),
      )
      const repositories: GithubRepositoryItem[] = list.map((r) => ({
        fullName: r.full_name,
        name: r.name,
        description: r.description ?? null,
        language: r.language ?? null,
        topics: r.topics ?? [],
        stars: r.stargazers_count ?? 0,
        forks: r.forks_count ?? 0,
        fork: !!r.fork,
        archived: !!r.archived,
        pushedAt: r.pushed_at ?? null,
        homepage: r.homepage || null,
        projectId: byName.get(r.full_name.toLowerCase()) ?? null,
      }))
      return c.json({ login, repositories }, 200)
    },
  )
  .add(
    {
      method: 'get',
      path: '/github/pull-requests',
      operationId: 'listGithubPullRequests',
      summary:
        "An account's merged pull requests to repositories it does not own, and which are shown",
      tag,
      access: 'admin',
      confirmAdmin: true,
      query: loginQuery,
      answers: {
        200: ok(
          "Every merged pull request GitHub's search finds (at most 1,000), newest update first",
          githubPullRequests,
        ),
        400: ok('Not a GitHub login (`errors.login` says why)', errorBody),
        404: ok('No GitHub account has this login', errorBody),
        ...githubAnswers,
      },
    },
    async (c, { query }) => {
      const login = query.login
      const list = await client(c).pullRequests(login)
      const chosen = await readAsCaller(c, (tx) =>
        tx.query<{ url: string }>(
          `select lower(url) as url from public.contributions
            where lower(url) in (select lower(value) from jsonb_array_elements_text($1::jsonb))`,
          [jsonParam(list.map((p) => p.url))],
        ),
      )
      const shown = new Set(chosen.map((r) => r.url))
      const pullRequests = list.map((p) => ({ ...p, chosen: shown.has(p.url.toLowerCase()) }))
      return c.json({ login, pullRequests }, 200)
    },
  )
  .add(
    {
      method: 'post',
      path: '/github/import',
      operationId: 'importFromGithub',
      summary: 'Make a project of each repository named, in one transaction',
      tag,
      access: 'admin',
      confirmAdmin: true,
      body: importBody,
      answers: {
        201: ok('The projects made, in the order asked', githubImported),
        404: ok('GitHub has no repository of one of these names; nothing was changed', errorBody),
        409: ok('One of these repositories is imported already; nothing was changed', errorBody),
        ...githubAnswers,
      },
    },
    async (c, { body }) => {
      const names = body.repositories
      // Refused before GitHub is asked; asked again in the transaction that writes.
      refuseImported(await readAsCaller(c, (tx) => importedFrom(tx, names)))
      const fetched = await fetchAll(client(c), names)
      return c.json({ projects: await importProjects(c, fetched) }, 201)
    },
  )
  .add(
    {
      method: 'post',
      path: '/github/sync',
      operationId: 'syncFromGithub',
      summary:
        'Refresh imported projects from GitHub: figures always, a field only while the owner has not edited it',
      tag,
      access: 'admin',
      confirmAdmin: true,
      answers: {
        200: ok('How many imported projects changed', githubSynced),
        ...githubAnswers,
      },
    },
    async (c) => {
      const { updated, gone } = await syncImported(
        client(c),
        (fn) => readAsCaller(c, fn),
        (fn) => asCaller(c, fn),
      )
      return c.json({ updated, gone }, 200)
    },
  )
