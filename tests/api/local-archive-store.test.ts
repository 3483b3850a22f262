// The local stacks' archives for a restore (toolkit/local-archive-store.ts): the
// sweep takes away the ones no restore named once they are old, by mtime, and
// the temporaries an upload cut short left (docs/decisions/029-archives-through-storage.md).
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { LocalArchiveStore } from '../../supabase/functions/_shared/toolkit/local-archive-store.ts'

let root = ''
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'vitrine-archive-store-'))
})
afterEach(() => rm(root, { recursive: true, force: true }))

const HOUR = 60 * 60 * 1000
const archive = (n: number) => `7c1d2e3f-1111-4222-8333-94444555560${n}.zip`

describe('LocalArchiveStore.removeStoredBefore', () => {
  test('removes the archives and temporaries written before the time, and keeps the rest', async () => {
    const dir = path.join(root, 'backup-uploads')
    await mkdir(dir)
    const store = new LocalArchiveStore(dir, 'a-server-secret-of-enough-length')
    await store.save(archive(1), new Uint8Array([1, 2, 3]))
    await store.save(archive(2), new Uint8Array([4, 5, 6]))
    const staleTemporary = `.${archive(3)}.0a1b2c3d.tmp`
    const youngTemporary = `.${archive(4)}.4e5f6a7b.tmp`
    // Not a name the store writes: whatever it is, the sweep leaves it.
    const stranger = 'notes.txt'
    for (const name of [staleTemporary, youngTemporary, stranger])
      await writeFile(path.join(dir, name), 'x')
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR)
    for (const name of [archive(1), staleTemporary, stranger])
      await utimes(path.join(dir, name), twoHoursAgo, twoHoursAgo)

    expect(await store.removeStoredBefore(new Date(Date.now() - HOUR))).toBe(1)
    expect((await readdir(dir)).sort()).toEqual([youngTemporary, archive(2), stranger].sort())
    expect(await store.open(archive(1))).toBeNull()
    expect((await store.open(archive(2)))?.size).toBe(3)
  })

  test('a folder that was never made holds nothing to remove', async () => {
    const store = new LocalArchiveStore(
      path.join(root, 'never-made'),
      'a-server-secret-of-enough-length',
    )
    expect(await store.removeStoredBefore(new Date())).toBe(0)
  })
})
