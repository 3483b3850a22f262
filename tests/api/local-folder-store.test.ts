// The local folder store writes a file whole or not at all (images/local-folder-store.ts).
// A disk that fails halfway through a write cannot be had on demand, so this file
// wraps node:fs/promises: while `failing.writes` is set, a write puts half its
// bytes on disk and then fails with EIO, as a failing device would.
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { serveUpload } from '../../server/files.ts'
import { LocalFolderStore } from '../../supabase/functions/_shared/images/local-folder-store.ts'
import { tinyPng } from '@test-support/api-harness.ts'

const failing = vi.hoisted(() => {
  // The api project's workers keep modules from file to file (vitest.config.ts):
  // load the store afresh, so that it is the one that sees the wrapper below.
  vi.resetModules()
  return { writes: false }
})

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>()
  const eio = () => Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' })
  const half = (data: unknown) => {
    const bytes = data as Uint8Array
    return bytes.subarray(0, Math.ceil(bytes.length / 2))
  }
  const open: typeof fs.open = async (...args) => {
    const handle = await fs.open(...args)
    if (failing.writes)
      handle.writeFile = async (data) => {
        await handle.write(half(data))
        throw eio()
      }
    return handle
  }
  const writeFileHalf: typeof fs.writeFile = async (file, data, options) => {
    if (!failing.writes) return fs.writeFile(file, data, options)
    await fs.writeFile(file, half(data), options)
    throw eio()
  }
  const wrapped = { ...fs, open, writeFile: writeFileHalf }
  return { ...wrapped, default: wrapped }
})

afterAll(() => {
  // The files after this one in the worker get the real node:fs/promises.
  vi.doUnmock('node:fs/promises')
  vi.resetModules()
})

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-folder-store-'))
  failing.writes = false
})
afterEach(async () => {
  failing.writes = false
  await rm(dir, { recursive: true, force: true })
})

const name = (n: number) => `0b5c1b1e-1111-4222-8333-9444455556${String(n).padStart(2, '0')}.png`
const bigPng = () => {
  const bytes = new Uint8Array(64 * 1024)
  bytes.set(tinyPng)
  return bytes
}

describe('LocalFolderStore', () => {
  test('a write that fails halfway leaves neither the file nor a temporary, and the next save works', async () => {
    const store = new LocalFolderStore(dir)
    failing.writes = true
    await expect(store.save(name(1), bigPng(), 'image/png')).rejects.toMatchObject({ code: 'EIO' })
    expect(await readdir(dir)).toEqual([])
    expect(await store.exists(`/uploads/${name(1)}`)).toBe(false)

    failing.writes = false
    const { url } = await store.save(name(2), bigPng(), 'image/png')
    expect(await readdir(dir)).toEqual([name(2)])
    expect(await store.read(url)).toEqual(bigPng())
  })

  test('a temporary is never listed nor served, and the sweep removes it only once it is stale', async () => {
    const store = new LocalFolderStore(dir)
    const stale = `.${name(3)}.4f1c2d.tmp`
    const young = `.${name(4)}.9a8b7c.tmp`
    for (const file of [stale, young]) await writeFile(path.join(dir, file), tinyPng)
    const hourAgo = new Date(Date.now() - 61 * 60 * 1000)
    await utimes(path.join(dir, stale), hourAgo, hourAgo)

    expect(await store.list()).toEqual([])
    expect((await serveUpload(dir, stale)).status).toBe(404)

    await store.removeStaleTemporaries(new Date(Date.now() - 60 * 60 * 1000))
    expect(await readdir(dir)).toEqual([young])
  })

  test('lists each file with when it was written, for the sweep', async () => {
    const store = new LocalFolderStore(dir)
    await store.save(name(5), tinyPng, 'image/png')
    const when = new Date('2024-01-02T03:04:05Z')
    await utimes(path.join(dir, name(5)), when, when)
    expect(await store.list()).toEqual([
      { name: name(5), url: `/uploads/${name(5)}`, size: tinyPng.length, storedAt: when },
    ])
  })
})
