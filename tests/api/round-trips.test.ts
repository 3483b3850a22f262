// How many times a request waits for PostgreSQL, counted on the wire by a proxy
// (docs/decisions/010): an anonymous read that must reach the database is at
// most two round trips (BEGIN, role switch and query in one batch, then COMMIT);
// a read answered from memory costs one shared version read, or none.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../../supabase/functions/_shared/app.ts'
import { tokenKey } from '../../supabase/functions/_shared/accounts/auth.ts'
import { createDatabase, sqlLiteral } from '../../supabase/functions/_shared/db/db.ts'
import { LocalFolderStore } from '../../supabase/functions/_shared/images/local-folder-store.ts'
import { createPostgresDriver } from '../../server/db/postgres-driver.ts'
import { startRoundTripProxy, type RoundTripProxy } from '@test-support/round-trip-proxy.ts'
import { throwawayDatabase, type ThrowawayDatabase } from '@test-support/throwaway-database.ts'
import { migrationsHash, target, TEST_SECRET } from '@test-support/api-harness.ts'

let database: ThrowawayDatabase
let proxy: RoundTripProxy
let driver: ReturnType<typeof createPostgresDriver>
let app: ReturnType<typeof createApp>

/** Round trips one request costs, its answer read to the end. */
async function roundTrips(path: string, headers: Record<string, string> = {}) {
  proxy.reset()
  const res = await app.request(`/api${path}`, { headers })
  await res.arrayBuffer()
  return { status: res.status, etag: res.headers.get('etag'), roundTrips: proxy.roundTrips() }
}

describe.skipIf(target !== 'postgres')('round trips to PostgreSQL per request', () => {
  beforeAll(async () => {
    database = await throwawayDatabase(await migrationsHash())
    proxy = await startRoundTripProxy(database.url)
    // One connection, so connection set-up is paid once, before counting.
    driver = createPostgresDriver(proxy.url, 1)
    app = createApp({
      db: createDatabase(driver),
      images: new LocalFolderStore('/nonexistent'),
      tokenKey: tokenKey(TEST_SECRET),
    })
    await driver.query('select 1')
  })
  afterAll(async () => {
    await driver?.close()
    await proxy?.close()
    await database?.drop()
  })

  test('an anonymous read that must reach the database takes two', async () => {
    for (const path of ['/health', '/projects', '/technologies?never-seen=1', '/certifications'])
      expect((await roundTrips(path)).roundTrips, path).toBe(2)
  })

  test('a repeat public read and a revalidation take one version read', async () => {
    const first = await roundTrips('/configs/all-as-object')
    expect(first.roundTrips).toBe(2)
    expect((await roundTrips('/configs/all-as-object')).roundTrips).toBe(1)
    const revalidated = await roundTrips('/configs/all-as-object', {
      'if-none-match': first.etag!,
    })
    expect(revalidated).toMatchObject({ status: 304, roundTrips: 1 })
  })

  test('concurrent repeat reads share version reads', async () => {
    await roundTrips('/projects')
    proxy.reset()
    await Promise.all(
      Array.from({ length: 20 }, async () => (await app.request('/api/projects')).arrayBuffer()),
    )
    // One read already on its way, and one more for everyone who came after it.
    expect(proxy.roundTrips()).toBeLessThanOrEqual(2)
  })

  test('writes the role switch as literals that read back any claims text exactly', async () => {
    for (const text of [`it's`, `back\\slash`, `\\'; drop table x; --`, `"ü" \n $$ E'x'`]) {
      const [row] = await driver.query<{ v: string }>(`select ${sqlLiteral(text)} as v`)
      expect(row?.v).toBe(text)
    }
  })
})
