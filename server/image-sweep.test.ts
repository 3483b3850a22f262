import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, afterEach, expect, test, vi } from 'vitest'
import { tinyPng } from '@test-support/api-harness.ts'
import type { Driver } from '../supabase/functions/_shared/db/db.ts'
import type { ImageStore } from '../supabase/functions/_shared/images/image-store.ts'
import { sweepFiles } from '../supabase/functions/_shared/images/sweep.ts'
import { LocalArchiveStore } from '../supabase/functions/_shared/toolkit/local-archive-store.ts'
import { readConfig } from './config.ts'
import { createStack, type Stack } from './create-stack.ts'
import { migratedDataDir } from '@test-support/migrated-folder.ts'
import { TEST_PGLITE_SETTINGS } from '@test-support/pglite-settings.ts'

// The local server sweeps its uploads folder as it starts (docs/decisions/020-files-after-commit.md):
// what a process that died left there, files nothing uses and half-written
// temporaries, goes once it is an hour old; so do the backup archives no
// restore named (docs/decisions/029-archives-through-storage.md).
const dataDirs: string[] = []
const stacks: Stack[] = []

afterEach(() => vi.restoreAllMocks())
afterAll(async () => {
  for (const stack of stacks) await stack.close()
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true })
})

const HOUR = 60 * 60 * 1000
const twoHoursAgo = () => new Date(Date.now() - 2 * HOUR)
const age = async (dir: string, names: string[]) => {
  for (const name of names) await utimes(path.join(dir, name), twoHoursAgo(), twoHoursAgo())
}
const archive = (n: number) => `5d6e7f80-aaaa-4bbb-8ccc-00000000000${n}.zip`

async function dataDir(): Promise<{ dir: string; uploads: string; backups: string }> {
  const dir = await migratedDataDir('vitrine-sweep-')
  dataDirs.push(dir)
  const uploads = path.join(dir, 'uploads')
  await mkdir(uploads, { recursive: true })
  return { dir, uploads, backups: path.join(dir, 'backup-uploads') }
}

/** Two images, one of them old, in the uploads folder; answers their names, the old one first. */
async function plantImages(uploads: string): Promise<[string, string]> {
  const old = '0f0e0d0c-aaaa-4bbb-8ccc-000000000001.png'
  const young = '0f0e0d0c-aaaa-4bbb-8ccc-000000000002.png'
  for (const name of [old, young]) await writeFile(path.join(uploads, name), tinyPng)
  await age(uploads, [old])
  return [old, young]
}

test('npm start removes the unused files, temporaries and archives older than an hour, and keeps the young ones', async () => {
  const { dir, uploads, backups } = await dataDir()
  const [old, young] = await plantImages(uploads)
  const staleTemporary = `.${old}.5e6f.tmp`
  const youngTemporary = `.${young}.7a8b.tmp`
  for (const name of [staleTemporary, youngTemporary])
    await writeFile(path.join(uploads, name), tinyPng)
  await age(uploads, [staleTemporary])
  await mkdir(backups)
  const staleArchiveTemporary = `.${archive(3)}.9c0d.tmp`
  for (const name of [archive(1), archive(2), staleArchiveTemporary])
    await writeFile(path.join(backups, name), 'zip')
  await age(backups, [archive(1), staleArchiveTemporary])
  const info = vi.spyOn(console, 'info').mockImplementation(() => {})

  stacks.push(
    await createStack(readConfig({ DATA_DIR: dir }), { pgliteSettings: TEST_PGLITE_SETTINGS }),
  )
  expect((await readdir(uploads)).sort()).toEqual([youngTemporary, young].sort())
  expect(await readdir(backups)).toEqual([archive(2)])
  expect(info).toHaveBeenCalledWith('Archive sweep: removed 1 backup archive(s) no restore used')
})

test('an archive sweep that fails is logged, and the images are swept all the same', async () => {
  const { dir, uploads, backups } = await dataDir()
  const [, young] = await plantImages(uploads)
  // A file where the archives' folder should be: listing it fails (ENOTDIR).
  await writeFile(backups, 'not a folder')
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'info').mockImplementation(() => {})

  stacks.push(
    await createStack(readConfig({ DATA_DIR: dir }), { pgliteSettings: TEST_PGLITE_SETTINGS }),
  )
  expect(await readdir(uploads)).toEqual([young])
  expect(warn).toHaveBeenCalledWith('Archive sweep failed; the next pass tries again', 'ENOTDIR')
})

test('an image sweep that fails is logged, and the archives are swept all the same', async () => {
  const { backups } = await dataDir()
  const archives = new LocalArchiveStore(backups, 'a-server-secret-of-enough-length')
  await archives.save(archive(1), new Uint8Array([1]))
  await age(backups, [archive(1)])
  const images: ImageStore = {
    save: () => Promise.reject(new Error('unused')),
    remove: () => Promise.resolve(false),
    nameFromUrl: () => null,
    exists: () => Promise.resolve(false),
    readStart: () => Promise.resolve(null),
    list: () => Promise.reject(Object.assign(new Error('storage down'), { code: 'EIO' })),
  }
  // The image part fails before it reaches the database.
  const driver = {} as Driver
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'info').mockImplementation(() => {})

  await expect(sweepFiles(driver, { images, archives })).resolves.toBeUndefined()
  expect(await readdir(backups)).toEqual([])
  expect(warn).toHaveBeenCalledWith('Image sweep failed; the next pass tries again', 'EIO')
})
