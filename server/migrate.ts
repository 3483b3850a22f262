// Applies supabase/migrations/*.sql in order, remembering which ran in
// app.schema_migrations, and supabase/seed.sql once on a database that has
// never been seeded (docs/ARCHITECTURE.md, "Three ways to run it").
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export interface SqlRunner {
  exec(sql: string): Promise<void>
  transaction<T>(
    fn: (tx: {
      query<R extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>
    }) => Promise<T>,
  ): Promise<T>
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const migrationsDir = path.join(root, 'supabase', 'migrations')
export const seedFile = path.join(root, 'supabase', 'seed.sql')

/**
 * Several processes may start on one database at the same moment (docs/operations.md,
 * "Running several processes"); each would apply the same migration, and the
 * second one's start failed (even `create schema if not exists` collides).
 * Every script takes this transaction-level lock first, and then checks that
 * nobody applied it meanwhile: the second process waits, then skips.
 */
const MIGRATION_LOCK = 731_022_012
/** The SQLSTATE a script raises when another process applied it first. */
const DONE_ALREADY = 'VTDON'
const locked = (guard: string, body: string) =>
  `begin;
select pg_advisory_xact_lock(${MIGRATION_LOCK});
do $guard$ begin if ${guard} then
  raise exception 'applied by another process' using errcode = '${DONE_ALREADY}';
end if; end $guard$;
${body}
;commit;`
const doneAlready = (error: unknown) => (error as { code?: unknown }).code === DONE_ALREADY

/**
 * The migrations up to SQUASHED_LAST were squashed into the baseline
 * (docs/decisions/045-schema-by-topic.md). A database they built to the end
 * holds what the baseline makes, so the baseline is recorded there, not run. One
 * they left half-way cannot be brought on: it has to be made again.
 */
export const BASELINE = '20261204000000_baseline'
const SQUASHED_LAST = '20261203005000_two_step_sign_in'

async function adoptBaseline(db: SqlRunner, done: Set<string>): Promise<void> {
  if (done.has(BASELINE)) return
  if (done.has(SQUASHED_LAST)) {
    await db.exec(
      `insert into app.schema_migrations (version) values ('${BASELINE}') on conflict do nothing`,
    )
    done.add(BASELINE)
    return
  }
  const older = [...done].filter((version) => version < BASELINE)
  if (older.length > 0)
    throw new Error(
      `This database stopped at migration ${older.sort().at(-1)}, before ${SQUASHED_LAST}, ` +
        `and the migrations up to that one are now the baseline ${BASELINE}: ` +
        'make it again (a new data folder or an empty database), then restore a backup into it.',
    )
}

/**
 * `supabase db push` (and `npm run deploy:supabase`) records what it applied in
 * supabase_migrations.schema_migrations, by the file name's timestamp, and the
 * seed in supabase_migrations.seed_files. A server started later on that
 * database (DATABASE_URL pointing at it) takes those as done rather than
 * running them a second time, which failed on the first `create table`.
 */
async function adoptSupabaseHistory(db: SqlRunner, files: string[], done: Set<string>) {
  const adopted = await db.transaction(async (tx) => {
    const [present] = await tx.query<{ migrations: boolean; seeds: boolean }>(
      `select to_regclass('supabase_migrations.schema_migrations') is not null as migrations,
              to_regclass('supabase_migrations.seed_files') is not null as seeds`,
    )
    if (!present?.migrations) return []
    const pushed = new Set(
      (
        await tx.query<{ version: string }>(
          'select version from supabase_migrations.schema_migrations',
        )
      ).map((r) => r.version),
    )
    const versions = files
      .map((f) => f.replace(/\.sql$/, ''))
      .filter((v) => !done.has(v) && pushed.has(v.split('_')[0] ?? v))
    for (const version of versions)
      await tx.query(
        'insert into app.schema_migrations (version) values ($1) on conflict do nothing',
        [version],
      )
    if (present.seeds)
      await tx.query(
        `insert into app.seed_runs (id)
           select 1 from supabase_migrations.seed_files where path like '%seed.sql' limit 1
         on conflict do nothing`,
      )
    return versions
  })
  for (const version of adopted) done.add(version)
}

export interface MigrateResult {
  applied: string[]
  seeded: boolean
}

/** `dir`: another folder of migrations (the migration generator's tests use a copy). */
export async function migrate(
  db: SqlRunner,
  options: { seed?: boolean; dir?: string } = {},
): Promise<MigrateResult> {
  const dir = options.dir ?? migrationsDir
  await db.exec(`
    begin;
    select pg_advisory_xact_lock(${MIGRATION_LOCK});
    create schema if not exists app;
    create table if not exists app.schema_migrations (
      version text primary key,
      applied_at timestamptz not null default now()
    );
    create table if not exists app.seed_runs (
      id integer primary key default 1 check (id = 1),
      seeded_at timestamptz not null default now()
    );
    commit;`)
  const done = new Set(
    (
      await db.transaction((tx) =>
        tx.query<{ version: string }>('select version from app.schema_migrations'),
      )
    ).map((r) => r.version),
  )
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()
  await adoptSupabaseHistory(db, files, done)
  await adoptBaseline(db, done)
  const applied: string[] = []
  for (const file of files) {
    const version = file.replace(/\.sql$/, '')
    if (done.has(version)) continue
    const sql = await readFile(path.join(dir, file), 'utf8')
    try {
      await db.exec(
        locked(
          `exists (select 1 from app.schema_migrations where version = '${version}')`,
          `${sql}\n;insert into app.schema_migrations (version) values ('${version}');`,
        ),
      )
    } catch (error) {
      await db.exec('rollback').catch(() => {})
      if (doneAlready(error)) continue
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error })
    }
    applied.push(version)
  }

  let seeded = false
  if (options.seed !== false) {
    const [row] = await db.transaction((tx) =>
      tx.query<{ n: number }>('select count(*)::int as n from app.seed_runs'),
    )
    if (!row?.n) {
      const sql = await readFile(seedFile, 'utf8')
      try {
        await db.exec(
          locked(
            'exists (select 1 from app.seed_runs)',
            `${sql}\n;insert into app.seed_runs default values;`,
          ),
        )
        seeded = true
      } catch (error) {
        await db.exec('rollback').catch(() => {})
        if (!doneAlready(error)) throw error
      }
    }
  }
  return { applied, seeded }
}
