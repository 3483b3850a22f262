// The test databases start from a slimmed dump (slim-dump.ts): no template
// databases, the write-ahead log cut after its last written page. What a test
// database does must not notice: here it writes far past the cut (into the
// next segment), is dumped and started again, and reads it all back.
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { createPgliteDriver } from '../../server/db/pglite-driver.ts'
import { migratedPgliteTemplate } from './api-harness.ts'
import { TEST_PGLITE_SETTINGS } from './pglite-settings.ts'
import { slimDump, tarEntries } from './slim-dump.ts'
import { TemplateBlob } from './template-blob.ts'

/** Each file of a tar: its name and its bytes. */
const entries = (dump: Uint8Array) =>
  new Map([...tarEntries(dump)].map(({ name, data }) => [name, data]))

test('slimDump keeps every other file as it was and the log up to the page after its last byte', async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'vitrine-slim-'))
  try {
    const wal = new Uint8Array(64 * 1024)
    for (let i = 0; i < 10_000; i++) wal[i] = (i % 251) + 1
    const files: Record<string, Uint8Array> = {
      'base/1/1259': new Uint8Array(8192).fill(1),
      'base/4/1259': new Uint8Array(8192).fill(4),
      'base/5/1259': new Uint8Array(8192).fill(5),
      'global/pg_control': new Uint8Array(8192).fill(7),
      'pg_wal/000000010000000000000001': wal,
    }
    for (const [name, bytes] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(folder, name)), { recursive: true })
      await writeFile(path.join(folder, name), bytes)
    }
    execFileSync('tar', ['--format=ustar', '-cf', 'dump.tar', ...Object.keys(files)], {
      cwd: folder,
    })
    const slim = entries(slimDump(new Uint8Array(await readFile(path.join(folder, 'dump.tar')))))
    expect([...slim.keys()].sort()).toEqual([
      'base/5/1259',
      'global/pg_control',
      'pg_wal/000000010000000000000001',
    ])
    expect(slim.get('base/5/1259')).toEqual(files['base/5/1259'])
    expect(slim.get('global/pg_control')).toEqual(files['global/pg_control'])
    // 10,000 bytes written: two 8 kB pages kept, byte for byte.
    expect(slim.get('pg_wal/000000010000000000000001')).toEqual(wal.subarray(0, 16384))
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})

test('the slimmed migrated dump leaves out the templates and the log past its end, and loses no write', async () => {
  const dump = await migratedPgliteTemplate()
  const files = entries(dump)
  expect([...files.keys()].filter((name) => /^base\/(1|4)\//.test(name))).toEqual([])
  expect([...files.keys()].some((name) => name.startsWith('base/5/'))).toBe(true)
  const wal = [...files].filter(([name]) => /^pg_wal\/[0-9A-F]{24}$/.test(name))
  expect(wal).toHaveLength(1)
  expect(wal[0]![1].length % 8192).toBe(0)
  expect(wal[0]![1].length).toBeLessThan(16 * 1024 * 1024)

  const first = await createPgliteDriver(undefined, {
    loadDataDir: new TemplateBlob(dump),
    settings: TEST_PGLITE_SETTINGS,
  })
  const tables = await first.query<{ n: number }>(
    "select count(*)::int as n from pg_tables where schemaname = 'public'",
  )
  expect(tables[0]!.n).toBeGreaterThan(10)
  // 12 MB of rows: more log than the rest of the cut segment (about 5 MB) holds.
  await first.exec(
    "create table slim_check (id int primary key, body text); insert into slim_check select g, repeat('x', 500) from generate_series(1, 24000) g",
  )
  await first.exec('checkpoint')
  const again = await first.pg.dumpDataDir('none')
  await first.close()

  const second = await createPgliteDriver(undefined, {
    loadDataDir: again,
    settings: TEST_PGLITE_SETTINGS,
  })
  const rows = await second.query<{ n: number; bytes: number }>(
    'select count(*)::int as n, sum(length(body))::int as bytes from slim_check',
  )
  expect(rows[0]).toEqual({ n: 24000, bytes: 24000 * 500 })
  await second.close()
}, 60_000)
