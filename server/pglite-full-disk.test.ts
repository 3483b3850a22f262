import { cp, statfs, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { migratedPgliteFolder } from '@test-support/migrated-folder.ts'
import { TEST_PGLITE_SETTINGS } from '@test-support/pglite-settings.ts'
import { mountTmpfs, type Tmpfs } from '@test-support/tmpfs.ts'
import { createPgliteDriver, WRITE_MARGIN_BYTES, type PgliteDriver } from './db/pglite-driver.ts'

// The embedded database on a real, small file system that fills up
// (docs/RELIABILITY.md, "A full disk"). Before the driver's guard, the first
// call after a failed WAL write spun forever in PGlite and blocked the event
// loop: this file would hang instead of failing, so each call races a timer.
const freeBytes = async (dir: string) => {
  const stats = await statfs(dir)
  return stats.bavail * stats.bsize
}
/** Fills the file system but for `leave` bytes. */
const fill = async (dir: string, leave: number) => {
  const file = path.join(dir, 'filler')
  await writeFile(file, Buffer.alloc(Math.max(0, (await freeBytes(dir)) - leave)))
  return () => unlink(file)
}
/** `work`, failing after `ms`; the timer goes with the answer (api files share a process). */
const promptly = <T>(work: Promise<T>, ms = 3000) => {
  let timer: ReturnType<typeof setTimeout> | undefined
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

describe('PGlite on a full disk', () => {
  let disk: Tmpfs
  beforeAll(async () => {
    // Room for two copies of the migrated folder (about 41 MB each) and a new WAL segment.
    disk = await mountTmpfs('160m', 'vitrine-full-pglite-')
  })
  afterAll(async () => {
    await disk.unmount()
  })

  // A copy of the suite's migrated folder (migrated-folder.ts): an initdb of
  // its own would cost about 5 s of CPU, and any data folder will do here.
  // A small cache, as the API tests' databases have: PGlite zeroes all of it
  // at every start, the takeover's included.
  const openOn = async (name: string, options = {}) => {
    const dir = path.join(disk.dir, name)
    await cp(await migratedPgliteFolder(), dir, { recursive: true })
    const driver = await createPgliteDriver(dir, {
      settings: TEST_PGLITE_SETTINGS,
      ...options,
    })
    await driver.exec('create table notes (id serial primary key, body text not null)')
    await driver.exec(`insert into notes (body) values ('kept')`)
    return driver
  }

  test('refuses writes with 53100 while too little is free, keeps reading, and writes again once space is back', async ({
    skip,
  }) => {
    disk.require(skip)
    const driver = await openOn('margin')
    const freeAgain = await fill(disk.dir, WRITE_MARGIN_BYTES / 2)
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)) // past the free-space reading's life
      await expect(
        promptly(driver.transaction((tx) => tx.query(`insert into notes (body) values ('no')`))),
      ).rejects.toMatchObject({ code: '53100' })
      const rows = await promptly(
        driver.transaction((tx) => tx.query<{ body: string }>('select body from notes'), {
          readOnly: true,
        }),
      )
      expect(rows.map((row) => row.body)).toEqual(['kept'])
    } finally {
      await freeAgain()
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
    await promptly(driver.transaction((tx) => tx.query(`insert into notes (body) values ('yes')`)))
    expect((await driver.query('select body from notes')).length).toBe(2)
    await driver.close()
  })

  test('a WAL write that fails anyway never hangs: calls fail at once, and a new instance takes over once space is back', async ({
    skip,
  }) => {
    disk.require(skip)
    // The margin check believes there is room, as when another program fills the disk between two checks.
    const driver: PgliteDriver = await openOn('wal', { freeBytes: async () => 2 ** 40 })
    await driver.query('select pg_switch_wal()')
    const freeAgain = await fill(disk.dir, 1024 * 1024)
    let failedWrite: unknown
    try {
      // The next WAL segment file no longer fits: Postgres answers this write with an error,
      // and PGlite would spin in whatever call came next.
      await promptly(driver.query(`update notes set body = 'changed' where id = 1`)).catch(
        (error: unknown) => (failedWrite = error),
      )
      expect(failedWrite).toMatchObject({ code: '53100', message: expect.stringMatching(/pg_wal/) })
      for (let i = 0; i < 3; i++) {
        const started = performance.now()
        await expect(promptly(driver.query('select 1'))).rejects.toMatchObject({ code: '53100' })
        expect(performance.now() - started).toBeLessThan(100)
      }
    } finally {
      await freeAgain()
    }
    const rows = await promptly(
      (async () => {
        for (;;) {
          try {
            return await driver.query<{ body: string }>(`select body from notes where id = 1`)
          } catch {
            await new Promise((resolve) => setTimeout(resolve, 100))
          }
        }
      })(),
      10_000,
    )
    expect(rows).toEqual([{ body: 'kept' }]) // the failed update did not commit
    await promptly(
      driver.transaction((tx) => tx.query(`insert into notes (body) values ('after')`)),
    )
    await driver.close()
  })
})
