// Visit events written in batches, as `npm start` does (visit-batch.ts,
// docs/decisions/043-batched-visit-events.md): POST /events answers at once,
// the event waits in memory, and one statement (app.record_visits) writes the
// waiting events. Same answers, same limit per address, same stored hash as a
// write per request. In-process targets only: the edge function writes each
// event in its request (the visit-stats suite covers it there).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'
import type { Database } from '../../supabase/functions/_shared/db/db.ts'
import {
  createVisitQueue,
  type VisitEvent,
} from '../../supabase/functions/_shared/visits/visit-batch.ts'

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
const LIMIT = 60

let t: TestContext
let token = ''
let lastAddress = 10
const newAddress = () => `198.51.100.${++lastAddress}`

const send = (body: unknown, address: string) =>
  t.request('POST', '/events', {
    rawBody: JSON.stringify(body),
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': BROWSER,
      'x-forwarded-for': address,
    },
  })
const count = async (where = 'true', params: unknown[] = []) =>
  Number(
    (
      await t.sql<{ n: number }>(
        `select count(*)::int as n from app.visit_events where ${where}`,
        params,
      )
    )[0]!.n,
  )
const event = (client: string, path: string): VisitEvent => ({
  client,
  user_agent: BROWSER,
  site: 'site.test',
  kind: 'view',
  path,
  project_id: null,
  target: null,
  referrer_host: null,
  utm_source: null,
  utm_campaign: null,
})

describe.skipIf(!inProcess)('visit events written in batches', () => {
  beforeAll(async () => {
    // A flusher that never fires by itself: each test says when the batch is written.
    t = await createTestContext(undefined, undefined, {
      stats: { retentionDays: 30, eventsPerMinute: LIMIT },
      visits: { everyMs: 3_600_000, batchSize: 1_000_000 },
    })
    token = (await t.registerAdmin()).token
  })
  afterAll(async () => {
    await t?.close()
  })

  test('events wait in memory, then one write stores all of them, and /stats counts them', async () => {
    const before = await count()
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send({ type: 'view', path: `/batch-${i}` }, newAddress()).then((r) => r.status),
      ),
    )
    expect(new Set(statuses)).toEqual(new Set([204]))
    expect(await count()).toBe(before)
    expect(t.visits!.counts().waiting).toBe(40)
    await t.visits!.flush()
    expect(await count("path like '/batch-%'")).toBe(40)
    expect(t.visits!.counts().waiting).toBe(0)

    // GET /stats writes this process's waiting events first.
    expect((await send({ type: 'view', path: '/batch-late' }, newAddress())).status).toBe(204)
    const stats = await t.request('GET', '/stats?days=7', { token })
    expect(stats.status).toBe(200)
    expect(await count("path = '/batch-late'")).toBe(1)
    expect(stats.body.totals.views).toBe(await count("kind = 'view'"))
  })

  test('the limit per address answers 429 at once, and only accepted events are stored', async () => {
    const address = newAddress()
    const statuses: number[] = []
    for (let i = 0; i <= LIMIT; i++)
      statuses.push((await send({ type: 'view', path: '/limited' }, address)).status)
    expect(statuses.filter((s) => s === 204)).toHaveLength(LIMIT)
    expect(statuses.at(-1)).toBe(429)
    const refused = await send({ type: 'view', path: '/limited' }, address)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.body.message).toBe('Too many events. Please try again later.')
    await t.visits!.flush()
    expect(await count("path = '/limited'")).toBe(LIMIT)
  })

  test('the database applies the limit across processes: a second queue cannot add past it', async () => {
    // Two servers on one database, each with its own queue: each lets 40 through for the address.
    const other = createVisitQueue(t.db as Database, { retentionDays: 30, eventsPerMinute: LIMIT })
    try {
      for (let i = 0; i < 40; i++) {
        t.visits!.add(event('203.0.113.50', '/two-processes'))
        other.add(event('203.0.113.50', '/two-processes'))
      }
      await t.visits!.flush()
      await other.flush()
      expect(await count("path = '/two-processes'")).toBe(LIMIT)
      expect(other.counts()).toMatchObject({ stored: 20, refused: 20 })
    } finally {
      await other.close()
    }
  })

  test('the stored visitor is the same salted hash as a write per request, and no address is kept', async () => {
    const address = '203.0.113.77'
    await t.sql(
      `select app.record_visit($1, $2, 'site.test', 'view', '/direct', null, null, null, null, null, 60, 30)`,
      [address, BROWSER],
    )
    t.visits!.add(event(address, '/batched'))
    await t.visits!.flush()
    const rows = await t.sql<{ path: string; visitor: string }>(
      `select path, encode(visitor, 'hex') as visitor from app.visit_events
        where path in ('/direct', '/batched') order by path`,
    )
    expect(rows).toHaveLength(2)
    expect(rows[0]!.visitor).toBe(rows[1]!.visitor)
    expect(
      await t.sql(`select 1 from app.rate_limits where strpos(key, $1) > 0`, [address]),
    ).toEqual([])
  })

  test('a project is stored only when a visitor may see it, as with a write per request', async () => {
    const [active] = await t.sql<{ id: number }>(
      `insert into public.projects (name, description, is_active) values ('Seen', 'x', true) returning id`,
    )
    const [hidden] = await t.sql<{ id: number }>(
      `insert into public.projects (name, description, is_active) values ('Hidden', 'x', false) returning id`,
    )
    for (const id of [active!.id, hidden!.id, 999_999])
      expect(
        (await send({ type: 'view', path: `/projects/${id}`, projectId: id }, newAddress())).status,
      ).toBe(204)
    await t.visits!.flush()
    const rows = await t.sql<{ path: string; project_id: number | null }>(
      `select path, project_id from app.visit_events where path like '/projects/%' order by id`,
    )
    expect(rows).toEqual([
      { path: `/projects/${active!.id}`, project_id: active!.id },
      { path: `/projects/${hidden!.id}`, project_id: null },
      { path: '/projects/999999', project_id: null },
    ])
  })

  test('while writes fail the events are kept, the oldest dropped past the cap, and written once the database is back', async () => {
    let down = true
    const db = t.db as Database
    const flaky: Database = {
      driver: db.driver,
      as: (principal, fn, options) =>
        down
          ? Promise.reject(Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' }))
          : db.as(principal, fn, options),
    }
    const logged: string[] = []
    const queue = createVisitQueue(
      flaky,
      { retentionDays: 30, eventsPerMinute: 1000 },
      { everyMs: 3_600_000, maxHeld: 5, log: (line) => logged.push(line) },
    )
    try {
      for (let i = 1; i <= 4; i++) queue.add(event('203.0.113.90', `/outage-${i}`))
      await expect(queue.flush()).rejects.toThrow('connection refused')
      for (let i = 5; i <= 7; i++) queue.add(event('203.0.113.90', `/outage-${i}`))
      await expect(queue.flush()).rejects.toThrow('connection refused')
      expect(queue.counts()).toMatchObject({ waiting: 5, dropped: 2, failures: 2 })
      expect(logged.at(-1)).toMatch(/2 oldest dropped/)
      down = false
      await queue.flush()
      const rows = await t.sql<{ path: string }>(
        `select path from app.visit_events where path like '/outage-%' order by id`,
      )
      expect(rows.map((row) => row.path)).toEqual([3, 4, 5, 6, 7].map((i) => `/outage-${i}`))
    } finally {
      await queue.close()
    }
  })

  test('a write goes in statements of a few events; one that fails keeps only what was not written', async () => {
    const db = t.db as Database
    let statements = 0
    let failAt = 3
    const counting: Database = {
      driver: db.driver,
      as: (principal, fn, options) =>
        ++statements === failAt
          ? Promise.reject(Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' }))
          : db.as(principal, fn, options),
    }
    const queue = createVisitQueue(
      counting,
      { retentionDays: 30, eventsPerMinute: 1000 },
      { everyMs: 3_600_000, statementSize: 4, log: () => {} },
    )
    try {
      for (let i = 0; i < 10; i++) queue.add(event(`203.0.113.${140 + i}`, '/in-parts'))
      // Statements of 4, 4 and 2 events: the third fails, the first two stay written.
      await expect(queue.flush()).rejects.toThrow('connection refused')
      expect(statements).toBe(3)
      expect(queue.counts()).toMatchObject({ waiting: 2, stored: 8, failures: 1 })
      expect(await count("path = '/in-parts'")).toBe(8)
      failAt = 0
      await queue.flush()
      expect(statements).toBe(4)
      expect(queue.counts()).toMatchObject({ waiting: 0, stored: 10 })
      expect(await count("path = '/in-parts'")).toBe(10)
    } finally {
      await queue.close()
    }
  })

  test('closing writes what waits', async () => {
    const queue = createVisitQueue(
      t.db as Database,
      { retentionDays: 30, eventsPerMinute: 60 },
      {
        everyMs: 3_600_000,
      },
    )
    for (let i = 0; i < 3; i++) queue.add(event(`203.0.113.${120 + i}`, '/closing'))
    await queue.close()
    expect(await count("path = '/closing'")).toBe(3)
    // A beacon after the last write is refused with a 503, not lost silently.
    expect(() => queue.add(event('203.0.113.130', '/closing'))).toThrow(
      expect.objectContaining({ status: 503 }),
    )
  })
})
