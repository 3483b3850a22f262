// Bench data, written straight into the server's database with the server's own
// drivers (the server is stopped for PGlite, which one process owns at a time):
// the migrations and demo seed, then generated projects up to a given count.
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { createPgliteDriver } from '../../server/db/pglite-driver.ts'
import { createPostgresDriver } from '../../server/db/postgres-driver.ts'
import { migrate } from '../../server/migrate.ts'

export type Target = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string }

async function open(target: Target) {
  if (target.kind === 'pglite') await mkdir(target.dataDir, { recursive: true })
  return target.kind === 'pglite'
    ? createPgliteDriver(path.join(target.dataDir, 'pglite'))
    : createPostgresDriver(target.url, 1)
}

/**
 * Migrates and seeds, then adds generated projects until there are `projects`
 * in all, each with 3 technologies and 3 images (like a real card).
 */
export async function prepareDatabase(target: Target, projects?: number): Promise<void> {
  const driver = await open(target)
  try {
    await migrate(driver, { seed: true })
    if (projects === undefined) return
    await driver.exec(`
      insert into public.projects (name, description, start_year, end_year, live_url, github_url, is_active, thumbnail, images)
      select 'Bench project ' || n,
             'Generated for the benchmark: a realistic description of about two hundred characters, '
               || 'so that the JSON of each card weighs what a real one does. Project number ' || n || '.',
             2000 + (n % 25), null, 'https://example.com/p/' || n, 'https://github.com/example/p' || n,
             true, '/demo/harbor.svg',
             array['/demo/harbor.svg', '/demo/harbor-detail.svg', '/demo/lumen-notes.svg']
        from generate_series((select count(*) from public.projects) + 1, ${Math.trunc(projects)}) as n;
      insert into public.project_technologies (project_id, technology_id)
      select p.id, t.id
        from public.projects p
        cross join lateral (
          select t.id from public.technologies t
           order by (t.id + p.id) % (select count(*) from public.technologies)
           limit 3
        ) t
       where p.name like 'Bench project %'
      on conflict do nothing;
      analyze;`)
  } finally {
    await driver.close()
  }
}

/** A fresh database on the server of `url` (same credentials), for the PostgreSQL figures. */
export async function createFreshDatabase(url: string, name: string): Promise<string> {
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const driver = createPostgresDriver(admin.toString(), 1)
  try {
    await driver.exec(`drop database if exists ${name} with (force)`)
    await driver.exec(`create database ${name}`)
  } finally {
    await driver.close()
  }
  const fresh = new URL(url)
  fresh.pathname = `/${name}`
  return fresh.toString()
}
