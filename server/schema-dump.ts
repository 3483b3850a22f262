// The database as the migrations leave it, in one file: supabase/schema.sql,
// the place to read the current definition of every table, function, policy
// and grant (a function redefined by three migrations is there once, as it is
// now). Made by pg_dump from a fresh database the migrations ran on; a test
// (server/schema-dump.test.ts) fails when the file and the migrations differ,
// and `npm run db:schema` writes it again (docs/decisions/028-schema-dump.md).
import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)

export const SCHEMA_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'supabase',
  'schema.sql',
)

const HEADER = `-- The schema the migrations in supabase/migrations build, dumped by pg_dump
-- (server/schema-dump.ts). Read it; never apply it or edit it by hand: change
-- the schema with a new migration, then run \`npm run db:schema\`.
`

/** pg_dump of our two schemas, without what changes from one run or server to the next. */
export async function dumpSchema(databaseUrl: string): Promise<string> {
  const { stdout } = await run(
    'pg_dump',
    ['--schema-only', '--no-owner', '--schema=public', '--schema=app', databaseUrl],
    { maxBuffer: 32 << 20 },
  )
  const lines = stdout
    .split('\n')
    // The versions of pg_dump and the server, and the per-run key of \restrict.
    .filter((line) => !/^-- Dumped (from|by) /.test(line) && !/^\\(un)?restrict /.test(line))
  return (
    HEADER +
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim() +
    '\n'
  )
}

// `npm run db:schema`: migrate a throwaway database on TEST_POSTGRES_URL's server and dump it.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { throwawayDatabase } = await import('@test-support/throwaway-database.ts')
  const { migrationsHash } = await import('@test-support/api-harness.ts')
  const database = await throwawayDatabase(await migrationsHash())
  try {
    await writeFile(SCHEMA_FILE, await dumpSchema(database.url))
    console.log(`Wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`)
  } finally {
    await database.drop()
  }
}
