// /github (docs/github.md, docs/decisions/079): an account's public
// repositories, made into projects in one step, and kept up to date. Admins
// only, and asked before GitHub is: the server never calls out for anyone
// else. Everything GitHub gives is read before a transaction opens, so a
// refusal, a timeout or an error of GitHub's leaves nothing written; the
// writes of one call are one transaction, as the caller (row-level security).
import type { Context } from 'hono'
import { z } from 'zod'
import { Api, ok } from '../operation.ts'
import { asCaller, readAsCaller, type AppEnv } from '../../context.ts'
import {
  errorBody,
  githubImported,
  githubRepositories,
  githubSynced,
  type GithubRepositoryItem,
} from '../../contract/responses.ts'
import { projectSchema } from '../../contract/schemas.ts'
import type { Queryable } from '../../db/db.ts'
import { jsonParam } from '../../db/sql.ts'
import { conflict, HttpError } from '../../http/errors.ts'
import {
  DEFAULT_GITHUB_SETTINGS,
  GITHUB_LOGIN,
  GITHUB_REPOSITORY,
  githubClient,
  type GithubClient,
} from '../../github/client.ts'
import {
  fetchAll,
  projectFields,
  takenNames,
  technologyNames,
  type Fetched,
  type Taken,
} from '../../github/projects.ts'
import { projects } from '../resources/projects/repository.ts'

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

/** The ids of technologies named `names` (any case), made when missing; in the order named. */
async function technologyIds(tx: Queryable, names: string[]): Promise<Map<string, number>> {
  if (!names.length) return new Map()
  await tx.query(
    `insert into public.technologies (name)
     select n from (select distinct on (lower(n)) n from jsonb_array_elements_text($1::jsonb) as t(n)) d
      where not exists (select 1 from public.technologies x where lower(x.name) = lower(d.n))
     on conflict do nothing`,
    [jsonParam(names)],
  )
  const rows = await tx.query<{ id: number; key: string }>(
    `select id, lower(name) as key from public.technologies
      where lower(name) in (select lower(value) from jsonb_array_elements_text($1::jsonb))`,
    [jsonParam(names)],
  )
  return new Map(rows.map((r) => [r.key, Number(r.id)]))
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

const figures = (fetched: Fetched) => [
  Math.max(0, Math.trunc(fetched.repository.stargazers_count) || 0),
  Math.max(0, Math.trunc(fetched.repository.forks_count) || 0),
  fetched.repository.pushed_at,
]

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

interface Linked {
  project_id: number
  repository: string
  taken: Partial<Taken>
  description: string
  live_url: string | null
  end_year: number | null
  technologies: string[]
}

/** What a sync writes for one project; whether anything changed. */
async function syncOne(tx: Queryable, row: Linked, fetched: Fetched): Promise<boolean> {
  const fields = projectFields(fetched)
  const taken = row.taken
  const next: Taken = {
    description: taken.description ?? row.description,
    liveUrl: taken.liveUrl ?? null,
    endYear: taken.endYear ?? null,
    technologies: taken.technologies ?? [],
    topics: fetched.repository.topics ?? [],
  }
  const sets: string[] = []
  const params: unknown[] = [row.project_id]
  // A field is the owner's once it differs from what was taken: left alone, and so is what was taken.
  const refresh = (
    column: string,
    current: unknown,
    was: unknown,
    now: unknown,
    key: keyof Taken,
  ) => {
    if (current !== was || now === was) return
    params.push(now)
    sets.push(`${column} = $${params.length}`)
    ;(next as unknown as Record<string, unknown>)[key] = now
  }
  refresh('description', row.description, taken.description, fields.description, 'description')
  refresh('live_url', row.live_url, taken.liveUrl ?? null, fields.liveUrl, 'liveUrl')
  refresh('end_year', row.end_year, taken.endYear ?? null, fields.endYear, 'endYear')
  let changed = false
  if (sets.length) {
    await tx.query(`update public.projects set ${sets.join(', ')} where id = $1`, params)
    changed = true
  }
  const names = technologyNames(fetched)
  const current = takenNames(row.technologies)
  const wanted = takenNames(names)
  if (
    JSON.stringify(current) === JSON.stringify(taken.technologies ?? []) &&
    JSON.stringify(wanted) !== JSON.stringify(current)
  ) {
    const ids = await technologyIds(tx, names)
    await projects.relink(tx, row.project_id, {
      technologiesIds: [...new Set(names.map((n) => ids.get(n.toLowerCase())!).filter(Boolean))],
    })
    next.technologies = wanted
    changed = true
  }
  const [figuresChanged] = await tx.query<{ changed: boolean }>(
    `with old as (select stars, forks, pushed_at, taken from public.github_projects where project_id = $1)
     update public.github_projects g
        set stars = $2, forks = $3, pushed_at = $4::timestamptz, synced_at = now(), taken = $5::jsonb
       from old
      where g.project_id = $1
     returning (old.stars, old.forks, old.pushed_at, old.taken)
       is distinct from ($2::int, $3::int, $4::timestamptz, $5::jsonb) as changed`,
    [row.project_id, ...figures(fetched), jsonParam(next)],
  )
  return changed || !!figuresChanged?.changed
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
      return c.json({ login, repositories })
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
      const sql = `select g.project_id, g.repository, g.taken, p.description,
                          p.live_url, p.end_year,
                          coalesce((select json_agg(t.name) from public.project_technologies pt
                                      join public.technologies t on t.id = pt.technology_id
                                     where pt.project_id = p.id), '[]'::json) as technologies
                     from public.github_projects g join public.projects p on p.id = g.project_id
                    order by g.project_id`
      const linked = await readAsCaller(c, (tx) => tx.query<Linked>(sql))
      const github = client(c)
      const fetched: (Fetched | null)[] = []
      const gone: string[] = []
      for (const row of linked) {
        try {
          fetched.push((await fetchAll(github, [row.repository]))[0]!)
        } catch (error) {
          // A repository deleted or made private: its project stays as it is.
          if (!(error instanceof HttpError) || error.status !== 404) throw error
          fetched.push(null)
          gone.push(row.repository)
        }
      }
      const updated = await asCaller(c, async (tx) => {
        // Read again inside the transaction: the owner may have edited meanwhile.
        const now = await tx.query<Linked>(`${sql} for update of g`)
        let count = 0
        for (const row of now) {
          const i = linked.findIndex((l) => l.project_id === row.project_id)
          const got = i >= 0 ? fetched[i] : null
          if (got && (await syncOne(tx, row, got))) count++
        }
        return count
      })
      return c.json({ updated, gone })
    },
  )
