import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'
import { createPgliteDriver } from '../server/db/pglite-driver.ts'
import { BASELINE, migrationsDir } from '../server/migrate.ts'
import { compareBuilds, RULE } from './schema-dump.ts'
import { applySchemaFiles, baselineSql, schemaFiles } from './schema-topics.ts'

// supabase/schemas (the place to read the database) and supabase/migrations
// (how a database gets there) must build the same database
// (docs/decisions/045-schema-by-topic.md, scripts/schema-dump.ts).
const adminUrl = process.env.TEST_POSTGRES_URL?.trim()

test.runIf(!!adminUrl)('the migrations and the topic files build the same database', async () => {
  const { migrations, schemas, diff } = await compareBuilds(adminUrl!)
  expect(migrations.length).toBeGreaterThan(10_000)
  // Every table and policy is there once, as it is now, and so are the rows
  // and the storage bucket the definitions insert.
  expect(schemas).toContain('CREATE TABLE public.projects')
  expect(schemas).toContain('CREATE POLICY "Visitors can read active projects"')
  expect(schemas.match(/CREATE FUNCTION app\.attempt_login\(/g)).toHaveLength(1)
  expect(schemas).toContain('COPY app.periodic_jobs')
  expect(schemas).toMatch(/^backups\tbackups\tf\t52428800/m)
  expect(schemas).toContain('CREATE POLICY "backups are for the API alone" ON storage.objects')
  if (diff) expect.fail(`${RULE}\n\n${diff}`)
})

test('the topic files apply in name order on an empty PGlite database', async () => {
  const files = await schemaFiles()
  expect(files[0]).toBe('00_roles_and_helpers.sql')
  const db = await createPgliteDriver()
  try {
    await applySchemaFiles(db)
    const tables = await db.transaction((tx) =>
      tx.query<{ n: number }>(
        `select count(*)::int as n from pg_tables where schemaname in ('public', 'app')`,
      ),
    )
    expect(tables[0]!.n).toBeGreaterThan(20)
  } finally {
    await db.close()
  }
})

// Once a migration follows the baseline the topic files move on without it,
// and the comparison above is what holds them together.
const baselineIsLast = async () =>
  (await readdir(migrationsDir))
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .at(-1) === `${BASELINE}.sql`

test.runIf(await baselineIsLast())(
  'the baseline is the topic files joined, as npm run db:baseline writes it',
  async () => {
    const committed = await readFile(path.join(migrationsDir, `${BASELINE}.sql`), 'utf8')
    expect(committed === (await baselineSql()), 'run npm run db:baseline').toBe(true)
  },
)
