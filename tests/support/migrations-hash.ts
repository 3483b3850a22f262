// A short hash of the migration files' names and contents: the name of every
// migrated template the tests keep (a PGlite snapshot, a data folder, a
// PostgreSQL template database), so that a changed migration makes new ones.
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { migrationsDir } from '../../server/migrate.ts'

export async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256')
  for (const file of (await readdir(migrationsDir)).sort())
    hash.update(file).update(await readFile(path.join(migrationsDir, file)))
  return hash.digest('hex').slice(0, 16)
}
