// The database by topic (docs/decisions/045-schema-by-topic.md):
// supabase/schemas/<NN>_<topic>.sql hold the current definition of every
// table, function, policy and grant, each once, and apply in name order on an
// empty database. supabase/migrations holds how a database gets there: the
// baseline, made once from these files by `npm run db:baseline`, then one
// migration per change. scripts/schema-topics.test.ts builds a database each
// way and fails when their dumps differ.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { BASELINE, migrationsDir, type SqlRunner } from '../server/migrate.ts'

export const schemasDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'supabase',
  'schemas',
)

/** The topic files, in the order they apply. */
export async function schemaFiles(dir = schemasDir): Promise<string[]> {
  return (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort()
}

/** Applies every topic file (of `dir`) to an empty database, each in a transaction of its own. */
export async function applySchemaFiles(db: SqlRunner, dir = schemasDir): Promise<void> {
  for (const file of await schemaFiles(dir)) {
    const sql = await readFile(path.join(dir, file), 'utf8')
    try {
      await db.exec(`begin;\n${sql}\n;commit;`)
    } catch (error) {
      await db.exec('rollback').catch(() => {})
      throw new Error(`supabase/schemas/${file} failed: ${(error as Error).message}`, {
        cause: error,
      })
    }
  }
}

const HEADER = `-- The baseline: the whole database as supabase/schemas/*.sql declared it when
-- the earlier migrations were squashed, joined in name order by
-- \`npm run db:baseline\` (scripts/schema-topics.ts). Never edit it: read and
-- change the topic files, and write a migration for each change
-- (docs/decisions/045-schema-by-topic.md).
`

/** The baseline migration's text: every topic file, in order, under its name. */
export async function baselineSql(): Promise<string> {
  const parts = [HEADER]
  for (const file of await schemaFiles()) {
    const sql = (await readFile(path.join(schemasDir, file), 'utf8')).trim()
    const title = `-- supabase/schemas/${file} `
    parts.push(`\n${title}${'-'.repeat(Math.max(3, 80 - title.length))}\n\n${sql}\n`)
  }
  return parts.join('')
}

// `npm run db:baseline`: writes the baseline, as long as no migration follows it.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const later = (await readdir(migrationsDir)).filter(
    (file) => file.endsWith('.sql') && file.replace(/\.sql$/, '') > BASELINE,
  )
  if (later.length > 0) {
    console.error(
      `The baseline is made once; ${later.join(', ')} already follows it. ` +
        'Change a topic file and write a migration for the change instead.',
    )
    process.exit(1)
  }
  const file = path.join(migrationsDir, `${BASELINE}.sql`)
  await writeFile(file, await baselineSql())
  console.log(`Wrote ${path.relative(process.cwd(), file)}`)
}
