import { existsSync } from 'node:fs'
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { migrationsDir } from '../server/migrate.ts'
import { compareBuilds } from './schema-dump.ts'
import { generateMigration, makeStarts, MigrationRefused, type Starts } from './schema-migration.ts'
import { schemasDir } from './schema-topics.ts'
import { migrationsHash } from '@test-support/migrations-hash.ts'
import { TemplateBlob } from '@test-support/template-blob.ts'

// `npm run db:migration` (scripts/schema-migration.ts): a change made once, in
// a topic file, becomes the migration that makes it on a migrated database.
// Each test works on a copy of supabase/schemas and supabase/migrations.
const adminUrl = process.env.TEST_POSTGRES_URL?.trim()
let work: string
const dirs = () => ({
  migrations: path.join(work, 'migrations'),
  schemas: path.join(work, 'schemas'),
})

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'vitrine-db-migration-'))
})
afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

async function freshCopy() {
  await rm(dirs().migrations, { recursive: true, force: true })
  await rm(dirs().schemas, { recursive: true, force: true })
  await cp(migrationsDir, dirs().migrations, { recursive: true })
  await cp(schemasDir, dirs().schemas, { recursive: true })
}

async function edit(file: string, from: string | RegExp, to: string) {
  const at = path.join(dirs().schemas, file)
  const sql = await readFile(at, 'utf8')
  const changed = sql.replace(from, () => to)
  expect(changed, `${file} holds what the test changes`).not.toBe(sql)
  await writeFile(at, changed)
}

// The first test runs the command as a person does, both builds from scratch
// (an initdb each, about 7 s of CPU). The others start both builds from dumps
// made once for the repository's migrations, which each test's copy holds
// unchanged: kept in the temp folder, named by the migrations' hash.
async function startBytes() {
  const file = (kind: string, hash: string) =>
    path.join(tmpdir(), `vitrine-schema-migration-${kind}-${hash}.tar`)
  const hash = await migrationsHash()
  const [empty, migrated] = [file('empty', hash), file('migrated', hash)]
  if (existsSync(empty) && existsSync(migrated))
    return {
      empty: new Uint8Array(await readFile(empty)),
      migrated: new Uint8Array(await readFile(migrated)),
    }
  const made = await makeStarts(migrationsDir)
  // Write then rename, so a run in parallel never reads half a dump.
  for (const [at, bytes] of [
    [empty, made.empty],
    [migrated, made.migrated],
  ] as const) {
    const partial = `${at}.${process.pid}.${Date.now()}`
    await writeFile(partial, bytes)
    await rename(partial, at)
  }
  return made
}
let bytes: ReturnType<typeof startBytes> | undefined
async function starts(): Promise<Starts> {
  const { empty, migrated } = await (bytes ??= startBytes())
  return { empty: new TemplateBlob(empty), migrated: new TemplateBlob(migrated) }
}

const migrationFiles = async () => (await readdir(dirs().migrations)).sort()

test('on the repository as it is, there is nothing to do and nothing is written', async () => {
  await freshCopy()
  const before = await migrationFiles()
  const result = await generateMigration({
    name: 'nothing',
    migrationsDir: dirs().migrations,
    schemasDir: dirs().schemas,
  })
  expect(result.file).toBeUndefined()
  expect(await migrationFiles()).toEqual(before)
}, 120_000)

test('a column with a check, a changed trigger and trigger function, a new function and a new policy become one migration that makes both builds agree', async () => {
  await freshCopy()
  // A column, with a check and its grant, declared last in the create table.
  await edit(
    '15_posts.sql',
    "  translations jsonb not null default '{}'::jsonb,\n  constraint posts_scheduled",
    `  translations jsonb not null default '{}'::jsonb,
  subtitle text not null default '' check (length(subtitle) <= 200),
  constraint posts_scheduled`,
  )
  // A trigger function's body.
  await edit(
    '00_roles_and_helpers.sql',
    'new.updated_at := now();',
    'new.updated_at := clock_timestamp();',
  )
  // A trigger's events, and a new function executable by signed-in accounts alone.
  await edit(
    '06_story.sql',
    'create trigger experiences_touch before update on public.experiences',
    `create or replace function app.story_probe() returns integer language sql as $$ select 1 $$;
revoke all on function app.story_probe() from public;
grant execute on function app.story_probe() to authenticated;
create trigger experiences_touch before insert or update on public.experiences`,
  )
  // A policy, and a column grant.
  await edit(
    '06_story.sql',
    'create policy "Admins can delete education"',
    `create policy "Signed-in accounts can read education again"
  on public.education for select to authenticated using ((select app.is_signed_in()));
grant update (location) on public.experiences to anon;
create policy "Admins can delete education"`,
  )

  const { file, sql = '' } = await generateMigration({
    name: 'posts_subtitle',
    migrationsDir: dirs().migrations,
    schemasDir: dirs().schemas,
    at: '29991231000000',
    starts: await starts(),
  })
  expect(path.basename(file!)).toBe('29991231000000_posts_subtitle.sql')
  expect(sql).toContain(
    `alter table public.posts add column subtitle text default ''::text not null;`,
  )
  expect(sql).toMatch(/alter table public\.posts add constraint posts_subtitle_check CHECK/)
  expect(sql).toMatch(/CREATE OR REPLACE FUNCTION app\.touch_updated_at\(\)[^]*clock_timestamp\(\)/)
  expect(sql).toContain(
    'create policy "Signed-in accounts can read education again" on public.education as permissive for select to authenticated using',
  )
  expect(sql).toContain('grant update (location) on table public.experiences to anon;')
  expect(sql).toContain('drop trigger experiences_touch on public.experiences;')
  expect(sql).toContain(
    'CREATE TRIGGER experiences_touch BEFORE INSERT OR UPDATE ON public.experiences',
  )
  expect(sql).toContain(
    'revoke all on function app.story_probe() from public, anon, authenticated;',
  )
  expect(sql).toContain('grant execute on function app.story_probe() to authenticated;')
  // Only what changed: not the other 100 functions, nor the other policies.
  expect(sql.match(/CREATE OR REPLACE FUNCTION/g)).toHaveLength(2)
  expect(sql.match(/create policy/g)).toHaveLength(1)

  // The migrations, with the new one, build what the topic files declare.
  const second = await generateMigration({
    name: 'again',
    migrationsDir: dirs().migrations,
    schemasDir: dirs().schemas,
    starts: await starts(),
  })
  expect(second.file).toBeUndefined()

  // And on PostgreSQL, the agreement check's pg_dump says the same.
  if (adminUrl) expect((await compareBuilds(adminUrl, dirs())).diff).toBe('')
}, 240_000)

test('what it cannot write stops it, naming the object, and no file is written', async () => {
  await freshCopy()
  // A column declared in the middle of the table cannot be added there.
  await edit(
    '06_story.sql',
    "  location text not null default '' check (length(location) <= 200),",
    "  location text not null default '' check (length(location) <= 200),\n  team text,",
  )
  // Rows are not definitions.
  await edit(
    '10_periodic_jobs.sql',
    "('file_sweep'), ('new_year')",
    "('file_sweep'), ('new_year'), ('a_job_the_test_adds')",
  )
  const before = await migrationFiles()
  const refusal = await generateMigration({
    name: 'refused',
    migrationsDir: dirs().migrations,
    schemasDir: dirs().schemas,
    starts: await starts(),
  }).catch((error: unknown) => error)
  expect(refusal).toBeInstanceOf(MigrationRefused)
  expect((refusal as Error).message).toMatch(
    /table public\.experiences: a migration adds columns last/,
  )
  expect((refusal as Error).message).toMatch(/table app\.periodic_jobs: its rows differ/)
  expect(await migrationFiles()).toEqual(before)
}, 120_000)
