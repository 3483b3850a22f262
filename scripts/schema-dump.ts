// The check that the topic files and the migrations cannot drift apart
// (docs/decisions/045-schema-by-topic.md): on one PostgreSQL server, one new
// database gets the migrations (as the server applies them on start), another
// gets supabase/schemas/*.sql, and pg_dump of both must read the same,
// definitions and the rows the files insert alike. Both databases first get a
// stand-in of Supabase Storage's two tables, so the buckets and their policy
// are compared too. scripts/schema-topics.test.ts runs it in the test suite;
// `npm run db:check` prints the difference (needs TEST_POSTGRES_URL).
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import postgres from 'postgres'
import { createPostgresDriver } from '../server/db/postgres-driver.ts'
import { migrate } from '../server/migrate.ts'
import { applySchemaFiles } from './schema-topics.ts'

const run = promisify(execFile)

/** What a failed check tells the developer to do. */
export const RULE =
  'A migration that changes an object also changes its topic file in supabase/schemas ' +
  '(and a change to a topic file comes with its migration).'

/** The migration runner's own bookkeeping, which the topic files do not declare. */
const BOOKKEEPING = ['app.schema_migrations', 'app.seed_runs']

/** Storage's two tables, as far as the storage topic file reads them (Supabase has the real ones). */
export const STORAGE_STAND_IN = `
create schema if not exists storage;
create table if not exists storage.buckets (id text primary key, name text not null,
  public boolean default false, file_size_limit bigint, allowed_mime_types text[]);
create table if not exists storage.objects (id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id), name text);
alter table storage.objects enable row level security;`

async function pgDump(databaseUrl: string, mode: '--schema-only' | '--data-only') {
  const { stdout } = await run(
    'pg_dump',
    [
      mode,
      '--no-owner',
      '--schema=public',
      '--schema=app',
      '--schema=storage',
      ...BOOKKEEPING.map((table) => `--exclude-table=${table}`),
      databaseUrl,
    ],
    { maxBuffer: 32 << 20 },
  )
  return (
    stdout
      .split('\n')
      // The versions of pg_dump and the server, and the per-run key of \restrict.
      .filter((line) => !/^-- Dumped (from|by) /.test(line) && !/^\\(un)?restrict /.test(line))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim() + '\n'
  )
}

/** pg_dump of our schemas (and Storage's), without what changes from one run or server to the next. */
export async function dumpSchema(databaseUrl: string): Promise<string> {
  return pgDump(databaseUrl, '--schema-only')
}

/** The rows the definitions insert (the singletons, the periodic jobs, the buckets), times masked. */
export async function dumpData(databaseUrl: string): Promise<string> {
  return (await pgDump(databaseUrl, '--data-only')).replace(
    /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?[+-]\d\d(:\d\d)?/g,
    '<time>',
  )
}

export interface Comparison {
  /** The dump of the database the migrations built: schema, then data. */
  migrations: string
  /** The same of the database the topic files built. */
  schemas: string
  /** `diff -u` of the two, empty when they are the same. */
  diff: string
}

async function unifiedDiff(migrations: string, schemas: string): Promise<string> {
  if (migrations === schemas) return ''
  const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-schema-check-'))
  try {
    await writeFile(path.join(dir, 'migrations.sql'), migrations)
    await writeFile(path.join(dir, 'schemas.sql'), schemas)
    // diff exits 1 when the files differ: its output is the answer.
    const output = await run('diff', ['-u', 'migrations.sql', 'schemas.sql'], { cwd: dir }).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
    )
    return output.stdout || 'The dumps differ.'
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * Builds a database from supabase/migrations and one from supabase/schemas on
 * the server `adminUrl` names (a role that may create databases), compares
 * their dumps, and drops both.
 */
export async function compareBuilds(
  adminUrl: string,
  dirs: { migrations?: string; schemas?: string } = {},
): Promise<Comparison> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  const suffix = `${process.pid}_${Date.now().toString(36)}`
  const names = { migrations: `vitrine_check_m_${suffix}`, schemas: `vitrine_check_s_${suffix}` }
  const urlOf = (database: string) => {
    const url = new URL(adminUrl)
    url.pathname = `/${database}`
    return url.toString()
  }
  const dumps: Record<keyof typeof names, string> = { migrations: '', schemas: '' }
  try {
    for (const [kind, database] of Object.entries(names) as [keyof typeof names, string][]) {
      await admin.unsafe(`create database ${database}`)
      const driver = createPostgresDriver(urlOf(database), 1)
      try {
        await driver.exec(STORAGE_STAND_IN)
        if (kind === 'migrations') await migrate(driver, { seed: false, dir: dirs.migrations })
        else await applySchemaFiles(driver, dirs.schemas)
      } finally {
        await driver.close()
      }
      dumps[kind] = `${await dumpSchema(urlOf(database))}\n${await dumpData(urlOf(database))}`
    }
  } finally {
    for (const database of Object.values(names))
      await admin.unsafe(`drop database if exists ${database} with (force)`).catch(() => {})
    await admin.end({ timeout: 5 })
  }
  return { ...dumps, diff: await unifiedDiff(dumps.migrations, dumps.schemas) }
}

// `npm run db:check`: the same comparison from the command line.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const url = process.env.TEST_POSTGRES_URL?.trim()
  if (!url) {
    console.error(
      'db:check: set TEST_POSTGRES_URL to a PostgreSQL server where it may create databases',
    )
    process.exit(2)
  }
  const { diff } = await compareBuilds(url)
  if (diff) {
    console.error(`${diff}\n${RULE}`)
    process.exit(1)
  }
  console.log('supabase/migrations and supabase/schemas build the same database.')
}
