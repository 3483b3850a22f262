// Prepared statements on PostgreSQL (`npm start` keeps repeated statements
// prepared unless DB_PREPARE=false): the public reads stop paying for planning,
// still take two round trips, and the number kept per connection is bounded
// whatever texts requests produce.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../../supabase/functions/_shared/app.ts'
import { tokenKey } from '../../supabase/functions/_shared/accounts/auth.ts'
import { createDatabase } from '../../supabase/functions/_shared/db/db.ts'
import { LocalFolderStore } from '../../supabase/functions/_shared/images/local-folder-store.ts'
import {
  createPostgresDriver,
  PREPARED_LIMIT,
  repeatedStatements,
} from '../../supabase/functions/_shared/db/postgres-driver.ts'
import { startRoundTripProxy, type RoundTripProxy } from '@test-support/round-trip-proxy.ts'
import { throwawayDatabase, type ThrowawayDatabase } from '@test-support/throwaway-database.ts'
import { migrationsHash, target, TEST_SECRET } from '@test-support/api-harness.ts'

test('a statement is prepared from its second run on, and only up to the limit', () => {
  const repeated = repeatedStatements(2)
  expect(repeated('a')).toBe(false)
  expect(repeated('a')).toBe(true)
  expect(repeated('a')).toBe(true)
  expect([repeated('b'), repeated('b')]).toEqual([false, true])
  // The limit is reached: a third text is never prepared, the first two still are.
  expect([repeated('c'), repeated('c'), repeated('c')]).toEqual([false, false, false])
  expect([repeated('a'), repeated('b')]).toEqual([true, true])
  // Texts seen once are only noted, and no more than ten times the limit of them.
  const many = repeatedStatements(1)
  for (let i = 0; i < 50; i++) many(`select ${i}`)
  expect(many('select 5')).toBe(true)
  expect(many('select 40')).toBe(false)
  expect(PREPARED_LIMIT).toBeGreaterThan(0)
})

describe.skipIf(target !== 'postgres')('prepared statements on PostgreSQL', () => {
  let database: ThrowawayDatabase
  let proxy: RoundTripProxy
  const drivers: ReturnType<typeof createPostgresDriver>[] = []

  /** An app on one connection through the counting proxy, with or without prepared statements. */
  function appWith(prepare: boolean) {
    const driver = createPostgresDriver(proxy.url, 1, { prepare })
    drivers.push(driver)
    // Kept answers bounded to one byte: none fits, so every read reaches the database.
    const app = createApp(
      {
        db: createDatabase(driver),
        images: new LocalFolderStore('/nonexistent'),
        tokenKey: tokenKey(TEST_SECRET),
      },
      { memoLimits: { entries: 1, bytes: 1 } },
    )
    const preparedCount = async () => {
      const [row] = await driver.query<{ n: number }>(
        'select count(*)::int as n from pg_prepared_statements',
      )
      return row!.n
    }
    return { app, preparedCount }
  }

  beforeAll(async () => {
    database = await throwawayDatabase(await migrationsHash())
    proxy = await startRoundTripProxy(database.url)
    const owner = createPostgresDriver(database.url, 1)
    await owner.exec(`
      insert into public.technologies (name) values ('Go'), ('Rust');
      insert into public.projects (name, description, start_year, is_active, images)
        values ('Atlas', 'A map.', 2021, true, '{}'), ('Hidden', 'Draft.', 2022, false, '{}');
      insert into public.project_technologies (project_id, technology_id)
        select p.id, t.id from public.projects p, public.technologies t;`)
    await owner.close()
  })
  afterAll(async () => {
    for (const driver of drivers) await driver.close()
    await proxy?.close()
    await database?.drop()
  })

  test('repeated public reads run prepared, in two round trips, with the same answers', async () => {
    const plain = appWith(false)
    const prepared = appWith(true)
    // Connections are opened before counting.
    await plain.preparedCount()
    await prepared.preparedCount()
    const read = async (app: ReturnType<typeof createApp>, n: number) => {
      proxy.reset()
      const res = await app.request(`/api/projects?run=${n}`)
      return { status: res.status, body: await res.text(), roundTrips: proxy.roundTrips() }
    }
    const expected = await read(plain.app, 0)
    expect(expected.status).toBe(200)
    expect(JSON.parse(expected.body)).toMatchObject([
      { name: 'Atlas', technologies: [{ name: 'Go' }, { name: 'Rust' }] },
    ])
    for (let n = 1; n <= 3; n++) {
      const answer = await read(prepared.app, n)
      expect(answer).toEqual({ ...expected, roundTrips: 2 })
    }
    expect(await prepared.preparedCount()).toBeGreaterThan(0)
    expect(await plain.preparedCount()).toBe(0)
  })
})
