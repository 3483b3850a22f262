// A migrated PGlite data folder in the temp folder, made once for a set of
// migrations (named by their hash) and copied for each server a test starts
// over a data folder of its own. A new folder costs an initdb and every
// migration, about 5 to 9 s of CPU on the 2-core machine; a copy costs a
// fraction of a second, and the server finds every migration applied. The
// seed is left out: a server that seeds (DEMO_CONTENT=on) still does it at
// start, as it would over any migrated database that was never seeded.
// Passwords are hashed at bcrypt's least cost there (password-cost.ts).
import { existsSync } from 'node:fs'
import { cp, mkdtemp, rename, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createPgliteDriver } from '../../server/db/pglite-driver.ts'
import { migrate } from '../../server/migrate.ts'
import { migrationsHash } from './migrations-hash.ts'
import { LOWER_PASSWORD_COST, TEST_PASSWORD_COST } from './password-cost.ts'

let migrated: Promise<string> | undefined

/** The folder itself: never start a server on it, copy it (`migratedDataDir`). */
export const migratedPgliteFolder = () => (migrated ??= makeMigratedFolder())

async function makeMigratedFolder(): Promise<string> {
  const folder = path.join(
    os.tmpdir(),
    `vitrine-migrated-pglite-${await migrationsHash()}-cost${TEST_PASSWORD_COST}`,
  )
  if (existsSync(folder)) return folder
  const building = `${folder}.${process.pid}.${Date.now()}`
  const driver = await createPgliteDriver(building)
  await migrate(driver, { seed: false })
  await driver.exec(LOWER_PASSWORD_COST)
  await driver.close()
  // Another process may have made it meanwhile: either copy is as good.
  await rename(building, folder).catch(() => rm(building, { recursive: true, force: true }))
  return folder
}

/**
 * A new DATA_DIR under the temp folder (named `prefix` + random), whose
 * `pglite` folder is a copy of the migrated one.
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix))
  await cp(await migratedPgliteFolder(), path.join(dataDir, 'pglite'), { recursive: true })
  return dataDir
}
