// `npm run backup` and `npm run restore` (scripts/backup-cli.ts): an embedded
// stack's content and images written to a zip from the command line, and read
// back into another embedded stack (or PostgreSQL with DATABASE_URL).
import { execFile } from 'node:child_process'
import { readdir, rm, writeFile, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createPgliteDriver } from '../server/db/pglite-driver.ts'
import { runBackupCli } from './backup-cli.ts'
import { unzip } from '@test-support/backup-fixtures.ts'
import { migratedDataDir } from '@test-support/migrated-folder.ts'
import { tinyPng } from '@test-support/api-harness.ts'

const run = promisify(execFile)
let source: string
let target: string
const root = path.resolve(import.meta.dirname, '..')

beforeAll(async () => {
  // An embedded stack as `npm run dev` leaves it: a migrated database (a copy
  // of the suite's migrated folder) and an uploads folder.
  source = await migratedDataDir('vitrine-cli-source-')
  // The restore's target: another such stack, not yet written to (a new
  // folder would cost an initdb and every migration, which the migration
  // tests cover, before the restore this file is about).
  target = await migratedDataDir('vitrine-cli-target-')
  const driver = await createPgliteDriver(path.join(source, 'pglite'))
  await mkdir(path.join(source, 'uploads'))
  await writeFile(path.join(source, 'uploads', 'logo.png'), tinyPng)
  await driver.transaction(async (tx) => {
    const [t] = await tx.query<{ id: number }>(
      `insert into public.technologies (name, icon) values ('Deno', '/uploads/logo.png') returning id`,
    )
    const [p] = await tx.query<{ id: number }>(
      `insert into public.projects (name, description, thumbnail) values ('Cli', 'From the shell', '/uploads/logo.png') returning id`,
    )
    await tx.query('insert into public.project_technologies values ($1, $2)', [p!.id, t!.id])
    // A page view no rollup has counted yet.
    await tx.query(
      `insert into app.visit_events (kind, path, visitor) values ('view', '/', sha256('cli'))`,
    )
  })
  await driver.close()
}, 120_000)
afterAll(async () => {
  await rm(source, { recursive: true, force: true })
  await rm(target, { recursive: true, force: true })
})

describe('backup and restore from the command line', () => {
  test('npm run backup writes the embedded stack to a zip', async () => {
    const file = path.join(source, 'out.zip')
    const { stdout } = await run('npm', ['run', '--silent', 'backup', '--', file], {
      cwd: root,
      env: { ...process.env, DATA_DIR: source, DATABASE_URL: '' },
    })
    expect(stdout).toMatch(/^Wrote .*out\.zip \(\d+ kB\)/)
    const files = unzip(new Uint8Array(await import('node:fs').then((fs) => fs.readFileSync(file))))
    const content = JSON.parse(new TextDecoder().decode(files['content.json']))
    expect(content.projects).toEqual([
      expect.objectContaining({ name: 'Cli', thumbnail: '/uploads/logo.png' }),
    ])
    expect(content.images).toEqual([{ file: 'images/logo.png', url: '/uploads/logo.png' }])
    expect(files['images/logo.png']).toEqual(tinyPng)
    // Rolled up first: a restore replaces raw events with the archive's daily rows.
    expect(content.visits).toContainEqual(
      expect.objectContaining({ kind: 'total', key: '', events: 1, visitors: 1 }),
    )
  }, 120_000)

  test('npm run restore puts it into another stack, with its own copy of the images', async () => {
    const env = { ...process.env, DATA_DIR: target, DATABASE_URL: '' }
    const result = await runBackupCli(['restore', path.join(source, 'out.zip')], env)
    expect(result).toMatchObject({
      command: 'restore',
      summary: { projects: 1, technologies: 1, images: 1, messages: null },
    })
    const stored = await readdir(path.join(target, 'uploads'))
    expect(stored).toHaveLength(1)
    const driver = await createPgliteDriver(path.join(target, 'pglite'))
    try {
      const rows = await driver.transaction((tx) =>
        tx.query<{ name: string; thumbnail: string; techs: string[]; actor: string }>(
          `select p.name, p.thumbnail,
                  array(select t.name from public.project_technologies pt
                          join public.technologies t on t.id = pt.technology_id
                         where pt.project_id = p.id) as techs,
                  (select a.actor_name from public.activity a order by a.id desc limit 1) as actor
             from public.projects p`,
        ),
      )
      expect(rows).toEqual([
        { name: 'Cli', thumbnail: `/uploads/${stored[0]}`, techs: ['Deno'], actor: 'system' },
      ])
    } finally {
      await driver.close()
    }
  }, 120_000)

  test('says how to use it, and refuses a bad archive', async () => {
    await expect(runBackupCli(['backup'])).rejects.toThrow(/Usage: npm run backup/)
    const bad = path.join(target, 'bad.zip')
    await writeFile(bad, 'not a zip')
    await expect(
      runBackupCli(['restore', bad], { ...process.env, DATA_DIR: target, DATABASE_URL: '' }),
    ).rejects.toThrow('This backup cannot be restored: the file is not a zip archive')
  }, 120_000)
})
