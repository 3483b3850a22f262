// The sync of projects imported from GitHub (docs/github.md, docs/decisions/079):
// figures (stars, forks, last push) always, the description, live URL, end
// year and technologies only while the project still holds what it last took
// from GitHub (github_projects.taken): a field the owner edited stays theirs.
// GitHub is read before the transaction that writes opens, so a failure of
// GitHub's leaves everything as it was. POST /github/sync runs it as the
// caller; the daily pass (githubDailySync) as the server, claimed in the
// database once a day whoever asks (docs/decisions/035).
import type { Driver, Queryable } from '../db/db.ts'
import { jsonParam } from '../db/sql.ts'
import { HttpError } from '../http/errors.ts'
import { claimPeriodic } from '../images/sweep.ts'
import { projects } from '../api/resources/projects/repository.ts'
import { githubClient, type GithubClient, type GithubSettings } from './client.ts'
import {
  fetchAll,
  projectFields,
  takenNames,
  technologyNames,
  type Fetched,
  type Taken,
} from './projects.ts'

/** The ids of technologies named `names` (any case), made when missing; in the order named. */
export async function technologyIds(tx: Queryable, names: string[]): Promise<Map<string, number>> {
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

export const figures = (fetched: Fetched) => [
  Math.max(0, Math.trunc(fetched.repository.stargazers_count) || 0),
  Math.max(0, Math.trunc(fetched.repository.forks_count) || 0),
  fetched.repository.pushed_at,
]

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

type Run = <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>

const LINKED_SQL = `select g.project_id, g.repository, g.taken, p.description,
                          p.live_url, p.end_year,
                          coalesce((select json_agg(t.name) from public.project_technologies pt
                                      join public.technologies t on t.id = pt.technology_id
                                     where pt.project_id = p.id), '[]'::json) as technologies
                     from public.github_projects g join public.projects p on p.id = g.project_id
                    order by g.project_id`

/**
 * Refreshes every imported project: reads them with `read`, asks GitHub,
 * then writes in one transaction of `write`. A repository GitHub no longer
 * has (404) is left as it is and named in `gone`; any other refusal stops
 * the sync with nothing written.
 */
export async function syncImported(
  github: GithubClient,
  read: Run,
  write: Run,
): Promise<{ updated: number; gone: string[] }> {
  const linked = await read((tx) => tx.query<Linked>(LINKED_SQL))
  if (!linked.length) return { updated: 0, gone: [] }
  const fetched = new Map<number, Fetched>()
  const gone: string[] = []
  for (const row of linked) {
    try {
      fetched.set(row.project_id, (await fetchAll(github, [row.repository]))[0]!)
    } catch (error) {
      // A repository deleted or made private: its project stays as it is.
      if (!(error instanceof HttpError) || error.status !== 404) throw error
      gone.push(row.repository)
    }
  }
  const updated = await write(async (tx) => {
    // Read again inside the transaction: the owner may have edited meanwhile.
    const now = await tx.query<Linked>(`${LINKED_SQL} for update of g`)
    let count = 0
    for (const row of now) {
      const got = fetched.get(row.project_id)
      if (got && (await syncOne(tx, row, got))) count++
    }
    return count
  })
  return { updated, gone }
}

/** How often the imported projects are synced without being asked. */
export const GITHUB_SYNC_EVERY_MS = 24 * 60 * 60 * 1000
/** How often a process asks the database whether the daily sync is due. */
export const GITHUB_SYNC_ASK_EVERY_MS = 10 * 60 * 1000

export interface GithubDailySync {
  /** Asks, at most every askEveryMs, whether the sync is due, and makes it if claimed; null when it did not ask. Never rejects. */
  runIfDue(): Promise<void> | null
}

/** The daily sync, as the server (the owner's connection): one process or worker a day makes it. */
export function githubDailySync(
  driver: Driver,
  settings: GithubSettings,
  options: { now?: () => number; askEveryMs?: number; everyMs?: number } = {},
): GithubDailySync {
  const now = options.now ?? Date.now
  const askEveryMs = options.askEveryMs ?? GITHUB_SYNC_ASK_EVERY_MS
  const everyMs = options.everyMs ?? GITHUB_SYNC_EVERY_MS
  let lastAsked = Number.NEGATIVE_INFINITY
  let running: Promise<void> | null = null
  const run: Run = (fn) => driver.transaction(fn)
  return {
    runIfDue() {
      if (running || now() - lastAsked < askEveryMs) return null
      lastAsked = now()
      running = (async () => {
        try {
          // Nothing imported: nothing to claim, and GitHub is not asked.
          const [any] = await driver.query<{ any: boolean }>(
            'select exists (select 1 from public.github_projects) as any',
          )
          if (!any?.any || !(await claimPeriodic(driver, 'github_sync', everyMs))) return
          const { updated, gone } = await syncImported(githubClient(settings), run, run)
          console.info(
            `GitHub sync: ${updated} imported project(s) updated${gone.length ? `; gone from GitHub: ${gone.join(', ')}` : ''}`,
          )
        } catch (error) {
          // GitHub's limit, an outage: the next day's pass tries again.
          const reason =
            error instanceof HttpError
              ? error.message
              : String((error as { code?: unknown })?.code ?? 'error')
          console.warn('GitHub sync failed; the next pass tries again:', reason)
        }
      })().finally(() => {
        running = null
      })
      return running
    },
  }
}
