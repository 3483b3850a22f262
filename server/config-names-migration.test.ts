import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createPgliteDriver, type PgliteDriver } from './db/pglite-driver.ts'
import { migrate, migrationsDir } from './migrate.ts'

// The migration that makes configuration names unique whatever their case must
// also apply to a database that already holds names differing only in case, or
// the server would not start on it. Here such a database is rebuilt by putting
// the old, case-sensitive index back, then the migration file runs again.
const MIGRATION = '20261123001010_config_names_ignore_case.sql'
let db: PgliteDriver

const names = () =>
  db.transaction((tx) =>
    tx.query<{ id: number; name: string; value: string }>(
      'select id, name, value from public.configs order by id',
    ),
  )

beforeAll(async () => {
  db = await createPgliteDriver()
  await migrate(db, { seed: false })
  await db.exec(`
    drop index public.configs_name_key;
    create unique index configs_name_key on public.configs (name);
    insert into public.configs (name, value) values
      ('heroTitle1', 'kept'), ('email', 'me@example.com'), ('herotitle1', 'second'),
      ('HEROTITLE1', 'third'), ('${'x'.repeat(99)}', 'long'), ('${'X'.repeat(99)}', 'long too');`)
})
afterAll(() => db?.close())

test('renames later case duplicates instead of failing, and keeps every value', async () => {
  const before = await names()
  await db.exec(await readFile(path.join(migrationsDir, MIGRATION), 'utf8'))
  const after = await names()
  const id = (value: string) => before.find((row) => row.value === value)!.id
  expect(after.map(({ name, value }) => ({ name, value }))).toEqual([
    { name: 'heroTitle1', value: 'kept' },
    { name: 'email', value: 'me@example.com' },
    { name: `herotitle1.duplicate-${id('second')}`, value: 'second' },
    { name: `HEROTITLE1.duplicate-${id('third')}`, value: 'third' },
    { name: 'x'.repeat(99), value: 'long' },
    { name: `${'X'.repeat(80)}.duplicate-${id('long too')}`, value: 'long too' },
  ])
  await expect(
    db.exec(`insert into public.configs (name, value) values ('EMAIL', 'x')`),
  ).rejects.toMatchObject({ code: '23505' })
})
