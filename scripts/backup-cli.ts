// `npm run backup -- <file.zip> [--messages]` and `npm run restore -- <file.zip>`
// (docs/PRODUCT.md §14, docs/operations.md "Backups"): the same archive as the
// Backup screen, on the database the server would use (DATABASE_URL, else the
// embedded one in DATA_DIR) and the images it would use (the Supabase Storage
// bucket when SUPABASE_URL and a secret key are set, else DATA_DIR/uploads).
// It connects as the database's owner, so no account is needed; the history
// records its writes as "system". Stop `npm run dev`/`npm start` first when the
// database is the embedded one: only one process may open it.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { ImageStore } from '../supabase/functions/_shared/images/image-store.ts'
import { LocalFolderStore } from '../supabase/functions/_shared/images/local-folder-store.ts'
import { SupabaseStorageStore } from '../supabase/functions/_shared/images/supabase-storage-store.ts'
import { DEFAULT_STATS_SETTINGS } from '../supabase/functions/_shared/visits/stats.ts'
import { buildArchive, readContent } from '../supabase/functions/_shared/toolkit/backup-export.ts'
import { readArchive } from '../supabase/functions/_shared/toolkit/backup-read.ts'
import { restoreArchive } from '../supabase/functions/_shared/toolkit/backup-restore.ts'
import type { RestoreSummary } from '../supabase/functions/_shared/contract/responses.ts'
import { readConfig } from '../server/config.ts'
import { createPgliteDriver } from '../server/db/pglite-driver.ts'
import { createPostgresDriver } from '../server/db/postgres-driver.ts'
import { migrate } from '../server/migrate.ts'
import { UPLOADS_PREFIX } from '../server/create-stack.ts'

const USAGE = `Usage: npm run backup -- <file.zip> [--messages]
       npm run restore -- <file.zip>`

export function imageStoreFrom(env: NodeJS.ProcessEnv, dataDir: string): ImageStore {
  const url = env.SUPABASE_URL?.trim()
  const key = (env.SUPABASE_SECRET_KEY ?? env.SUPABASE_SERVICE_ROLE_KEY)?.trim()
  if (url && key)
    return new SupabaseStorageStore({
      url,
      publicUrl: env.STORAGE_PUBLIC_URL?.trim() || undefined,
      serviceKey: key,
    })
  return new LocalFolderStore(path.join(dataDir, 'uploads'), UPLOADS_PREFIX)
}

export type CliResult =
  | { command: 'backup'; file: string; bytes: number }
  | { command: 'restore'; file: string; summary: RestoreSummary }

export async function runBackupCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CliResult> {
  const [command, file, ...rest] = args
  if ((command !== 'backup' && command !== 'restore') || !file || file.startsWith('-'))
    throw new Error(USAGE)
  const config = readConfig(env)
  const images = imageStoreFrom(env, config.dataDir)
  // The embedded database is migrated as the server would; any other is left to
  // its own tooling (`supabase db push`, or one start of the server).
  const driver = config.databaseUrl
    ? createPostgresDriver(config.databaseUrl, 2)
    : await createPgliteDriver(path.join(config.dataDir, 'pglite'))
  try {
    if (!config.databaseUrl) await migrate(driver, { seed: false })
    if (command === 'backup') {
      const content = await driver.transaction(async (tx) => {
        // Visits not rolled up yet go into the archive too (docs/decisions/027).
        await tx.query(`select app.visit_rollup($1, interval '0')`, [
          (config.stats ?? DEFAULT_STATS_SETTINGS).retentionDays,
        ])
        return readContent(tx, rest.includes('--messages'))
      })
      const archive = await buildArchive(content, images)
      await writeFile(file, archive)
      return { command, file, bytes: archive.length }
    }
    const archive = await readArchive(new Uint8Array(await readFile(file)))
    const summary = await restoreArchive((fn) => driver.transaction(fn), images, archive)
    return { command, file, summary }
  } finally {
    await driver.close()
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]).endsWith('backup-cli.ts')
if (isMain) {
  try {
    const result = await runBackupCli(process.argv.slice(2))
    if (result.command === 'backup')
      console.log(`Wrote ${result.file} (${Math.round(result.bytes / 1024)} kB)`)
    else {
      const s = result.summary
      console.log(
        `Restored ${result.file}: ${s.projects} projects, ${s.technologies} technologies, ` +
          `${s.certifications} certifications, ${s.configurations} configurations, ` +
          `${s.images} images${s.messages === null ? '' : `, ${s.messages} messages`}`,
      )
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    console.error(message)
    process.exitCode = 1
  }
}
