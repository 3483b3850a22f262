import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createPgliteDriver, type PgliteDriver } from './db/pglite-driver.ts'
import { migrate, migrationsDir, type MigrateResult } from './migrate.ts'
import { TEST_PGLITE_SETTINGS } from '@test-support/pglite-settings.ts'

const publicDir = path.resolve(import.meta.dirname, '..', 'public')
const siteTexts = [
  'heroTitle1',
  'heroTitle2',
  'heroDescription',
  'footerText',
  'contactTitle',
  'portfolioTitle',
  'skillsTitle',
  'certificationsTitle',
  'linkedinUrl',
  'githubUrl',
  'email',
  'siteTitle',
  'siteDescription',
  'ownerName',
]

let dataDir: string
let first: MigrateResult
let second: MigrateResult
let db: PgliteDriver
/** The first database before its migrations, for the tests that build a history of their own. */
let empty: Blob
/** A new, empty database from it: an initdb costs seconds, loading a copy about one. */
const emptyDb = () =>
  createPgliteDriver(undefined, {
    loadDataDir: empty,
    settings: TEST_PGLITE_SETTINGS,
  })

const all = <T extends Record<string, unknown>>(sql: string) =>
  db.transaction((tx) => tx.query<T>(sql))

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-migrate-'))
  const firstDb = await createPgliteDriver(dataDir)
  empty = await firstDb.pg.dumpDataDir('none')
  first = await migrate(firstDb)
  await firstDb.close()
  // Reopen the same folder, as `npm run dev` does on its next start.
  db = await createPgliteDriver(dataDir)
  second = await migrate(db)
})

afterAll(async () => {
  await db?.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('migrate()', () => {
  test('applies every migration on an empty database and seeds it', async () => {
    const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort()
    expect(files.length).toBeGreaterThan(0)
    expect(first.applied).toEqual(files.map((f) => f.replace(/\.sql$/, '')))
    expect(first.seeded).toBe(true)
  })

  test('is a no-op on the next start and does not seed twice', async () => {
    expect(second).toEqual({ applied: [], seeded: false })
    const [row] = await all<{ n: number }>('select count(*)::int as n from app.schema_migrations')
    expect(row?.n).toBe(first.applied.length)
    const [technologies] = await all<{ n: number }>(
      'select count(*)::int as n from public.technologies',
    )
    expect(technologies?.n).toBe(12)
  })
})

describe('the demo seed', () => {
  test('holds 12 technologies, 6 projects, 4 certifications and no account', async () => {
    const [counts] = await all<Record<string, number>>(`select
      (select count(*)::int from public.technologies) as technologies,
      (select count(*)::int from public.projects) as projects,
      (select count(*)::int from public.certifications) as certifications,
      (select count(*)::int from public.users) as users`)
    expect(counts).toEqual({ technologies: 12, projects: 6, certifications: 4, users: 0 })
  })

  test('links every project to 2 to 4 technologies', async () => {
    const rows = await all<{ name: string; n: number }>(
      `select p.name, count(pt.technology_id)::int as n
       from public.projects p left join public.project_technologies pt on pt.project_id = p.id group by p.name`,
    )
    expect(rows).toHaveLength(6)
    for (const row of rows) expect(row.n, row.name).toBeGreaterThanOrEqual(2)
    for (const row of rows) expect(row.n, row.name).toBeLessThanOrEqual(4)
  })

  test('has one ongoing project, one inactive project and one inactive certification', async () => {
    const [row] = await all<Record<string, number>>(`select
      (select count(*)::int from public.projects where end_year is null) as ongoing,
      (select count(*)::int from public.projects where not is_active) as inactive_projects,
      (select count(*)::int from public.certifications where not is_active) as inactive_certifications,
      (select count(distinct start_year)::int from public.projects) as years`)
    expect(row).toMatchObject({ ongoing: 1, inactive_projects: 1, inactive_certifications: 1 })
    expect(row?.years).toBeGreaterThanOrEqual(4)
  })

  test('defines every site text of docs/PRODUCT.md §3 and the page metadata, each described', async () => {
    const rows = await all<{ name: string; value: string; description: string | null }>(
      'select name, value, description from public.configs',
    )
    const byName = new Map(rows.map((r) => [r.name, r]))
    for (const name of siteTexts) {
      expect(byName.get(name)?.value, name).toBeTruthy()
      expect(byName.get(name)?.description, name).toBeTruthy()
    }
    expect(byName.get('heroTitle1')?.value).toBe('FULL STACK')
    expect(byName.get('heroTitle2')?.value).toBe('DEVELOPER')
    expect(byName.get('contactTitle')?.value).toBe('DO YOU HAVE A PROJECT TO DISCUSS?')
    expect(byName.get('portfolioTitle')?.value).toBe('PORTFOLIO')
    expect(byName.get('skillsTitle')?.value).toBe('SKILLS')
    expect(byName.get('certificationsTitle')?.value).toBe('MY CERTIFICATIONS')
  })

  test('points every local icon and image at a file in public/', async () => {
    const rows = await all<{ url: string }>(`
      select icon as url from public.technologies
      union all select icon from public.certifications
      union all select thumbnail from public.projects
      union all select unnest(images) from public.projects`)
    const local = rows.map((r) => r.url).filter((url) => url?.startsWith('/'))
    expect(local.length).toBeGreaterThan(20)
    for (const url of local) expect(existsSync(path.join(publicDir, url)), url).toBe(true)
  })
})

describe('the baseline on a database the squashed migrations made', () => {
  test('is recorded without running when they all ran', async () => {
    // The folder as the migrations before the baseline left it: their last one recorded.
    await db.exec(`
      delete from app.schema_migrations where version = '20261204000000_baseline';
      insert into app.schema_migrations (version) values ('20261203005000_two_step_sign_in');`)
    expect((await migrate(db)).applied).toEqual([])
    const rows = await all<{ version: string }>(
      `select version from app.schema_migrations where version like '20261204000000%'`,
    )
    expect(rows).toEqual([{ version: '20261204000000_baseline' }])
  })

  test('is refused, naming what to do, when they stopped half-way', async () => {
    const halfway = await emptyDb()
    try {
      await halfway.exec(`
        create schema app;
        create table app.schema_migrations (version text primary key,
          applied_at timestamptz not null default now());
        insert into app.schema_migrations (version) values ('20261123002020_sessions');`)
      await expect(migrate(halfway)).rejects.toThrow(
        'This database stopped at migration 20261123002020_sessions, before 20261203005000_two_step_sign_in',
      )
    } finally {
      await halfway.close()
    }
  })
})

describe('a database `supabase db push` made', () => {
  test('takes what the CLI recorded as done and applies only the rest', async () => {
    const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort()
    const pushed = files.slice(0, -1)
    const pushedDb = await emptyDb()
    try {
      // As the CLI leaves it: its own history tables, each file run and
      // recorded by its timestamp, the seed recorded by path.
      await pushedDb.exec(`
        create schema supabase_migrations;
        create table supabase_migrations.schema_migrations (version text primary key,
          statements text[], name text);
        create table supabase_migrations.seed_files (path text primary key, hash text not null);`)
      for (const file of pushed) {
        await pushedDb.exec(await readFile(path.join(migrationsDir, file), 'utf8'))
        const [version, ...name] = file.replace(/\.sql$/, '').split('_')
        await pushedDb.exec(
          `insert into supabase_migrations.schema_migrations (version, name)
             values ('${version}', '${name.join('_')}')`,
        )
      }
      await pushedDb.exec(
        `insert into supabase_migrations.seed_files values ('supabase/seed.sql', 'x')`,
      )
      const result = await migrate(pushedDb)
      expect(result).toEqual({ applied: [files.at(-1)!.replace(/\.sql$/, '')], seeded: false })
      const [row] = await pushedDb.transaction((tx) =>
        tx.query<{ n: number }>('select count(*)::int as n from app.schema_migrations'),
      )
      expect(row?.n).toBe(files.length)
      expect(await migrate(pushedDb)).toEqual({ applied: [], seeded: false })
    } finally {
      await pushedDb.close()
    }
  })
})

describe("the demo's fingerprints (docs/decisions/069)", () => {
  const fingerprints = () =>
    all<{ entity: string; n: number }>(
      'select entity, count(*)::int as n from app.demo_content group by entity order by entity',
    )
  const SEEDED = [
    { entity: 'certifications', n: 4 },
    { entity: 'configs', n: 14 },
    { entity: 'education', n: 2 },
    { entity: 'experiences', n: 3 },
    { entity: 'projects', n: 6 },
    { entity: 'technologies', n: 12 },
  ]

  test('the seed records one for every row it writes', async () => {
    expect(await fingerprints()).toEqual(SEEDED)
  })

  test("a database seeded before them gets those of the seed's rows it never updated", async () => {
    const migration = await readFile(
      path.join(migrationsDir, '20261207010000_demo_content.sql'),
      'utf8',
    )
    const backfill = migration.slice(migration.indexOf('do $$'))
    // As if the seed ran before the table existed, and one row was edited since.
    await db.exec(`begin;
      delete from app.demo_content;
      update public.projects set name = 'Edited since' where name = 'Atlas CLI';
      ${backfill};
      commit;`)
    try {
      expect(await fingerprints()).toEqual(
        SEEDED.map((row) => (row.entity === 'projects' ? { ...row, n: 5 } : row)),
      )
    } finally {
      await db.exec(`begin;
        update public.projects set name = 'Atlas CLI' where name = 'Edited since';
        insert into app.demo_content (entity, fingerprint)
          select f.entity, f.fingerprint from app.content_fingerprints() f
        on conflict do nothing;
        commit;`)
    }
  })
})
