import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { startFaultProxy, type FaultProxy } from '@test-support/fault-proxy.ts'
import { readConfig } from './config.ts'
import { API_PREFIX, createStack, type Stack } from './create-stack.ts'

// The stack on PostgreSQL through a proxy the tests break: a connection killed
// in the middle of a request, a server that refuses connections, one that
// never answers, and its return (docs/RELIABILITY.md). postgres.js 3.4.9 ended
// the whole process in the first case; vitest fails a run on any uncaught
// exception, so every test here also checks the process survived.
const adminUrl = process.env.TEST_POSTGRES_URL
const api = `${API_PREFIX}/api`

describe.skipIf(!adminUrl)('the stack when its PostgreSQL fails (TEST_POSTGRES_URL)', () => {
  const name = `vitrine_outage_test_${process.pid}_${Date.now()}`
  let admin: postgres.Sql
  /** A direct connection to the test's database, around the proxy. */
  let direct: postgres.Sql
  let proxy: FaultProxy
  let stack: Stack
  let dataDir: string
  let token: string

  const request = async (method: string, pathname: string, body?: unknown, headers = {}) =>
    stack.app.request(`${api}${pathname}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  const visitor = async (pathname: string) => stack.app.request(`${api}${pathname}`)
  /** A public page's beacon, from a browser (a robot's would never reach the database). */
  const pageView = async () =>
    stack.app.request(`${api}/events`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/140.0',
      },
      body: JSON.stringify({ type: 'view', path: '/' }),
    })
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now()
    const value = await work()
    return { value, ms: performance.now() - started }
  }
  const serverPids = async () =>
    (
      await admin<{ pid: number }[]>`
        select pid from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`
    ).map((row) => row.pid)

  beforeAll(async () => {
    admin = postgres(adminUrl!, { max: 2, onnotice: () => {} })
    await admin.unsafe(`create database ${name}`)
    const target = new URL(adminUrl!)
    target.pathname = `/${name}`
    direct = postgres(target.toString(), { max: 2, onnotice: () => {} })
    proxy = await startFaultProxy(target.toString())
    dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-outage-'))
    stack = await createStack(
      readConfig({ DATA_DIR: dataDir, DATABASE_URL: proxy.url, DEMO_CONTENT: 'on' }),
    )
    const registered = await request('POST', '/auth/register', {
      username: 'owner',
      password: 'secret-sauce-1',
    })
    expect(registered.status).toBe(201)
    token = ((await registered.json()) as { accessToken: string }).accessToken
  }, 120_000)

  afterEach(async () => {
    await proxy.restore()
  })

  afterAll(async () => {
    await stack?.close()
    await proxy?.close()
    await direct?.end({ timeout: 5 })
    await admin?.unsafe(`drop database if exists ${name} with (force)`)
    await admin?.end({ timeout: 5 })
    await rm(dataDir, { recursive: true, force: true })
  })

  test('a connection killed between two statements of a transaction fails that request only', async () => {
    const attempt = stack.db.driver.transaction(async (tx) => {
      const [me] = await tx.query<{ pid: number }>('select pg_backend_pid() as pid')
      await admin`select pg_terminate_backend(${me!.pid})`
      await new Promise((resolve) => setTimeout(resolve, 100))
      return tx.query('select 1')
    })
    await expect(attempt).rejects.toMatchObject({ code: expect.any(String) })

    const health = await visitor('/health')
    expect(health.status).toBe(200)
  })

  test('a PATCH waiting on a lock whose connection is killed answers 503, and the next one works', async () => {
    const locker = await direct.reserve()
    try {
      await locker`begin`
      await locker.unsafe(`lock table public.projects in access exclusive mode`)
      const pending = request('PATCH', '/projects/1', { name: 'Renamed while locked' })
      // Wait until the request's statement is waiting on the lock, then kill the server's connections.
      for (let i = 0; i < 100; i++) {
        const [waiting] = await admin`
          select count(*)::int as n from pg_stat_activity
          where datname = ${name} and wait_event_type = 'Lock'`
        if (waiting!.n > 0) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      for (const pid of await serverPids())
        if (pid !== (await locker`select pg_backend_pid() as pid`)[0]!.pid)
          await admin`select pg_terminate_backend(${pid})`
      const response = await pending
      expect(response.status).toBe(503)
      expect(response.headers.get('retry-after')).toBe('1')
      expect(await response.json()).toMatchObject({
        statusCode: 503,
        message: 'Database unavailable',
      })
    } finally {
      await locker`rollback`
      locker.release()
    }
    const again = await request('PATCH', '/projects/1', { name: 'Renamed after' })
    expect(again.status).toBe(200)
  })

  test('while the server refuses connections every request answers 503 within 3 s, and service is back within 2 s of its return', async () => {
    // A kept public answer from before the outage.
    const before = await visitor('/technologies')
    expect(before.status).toBe(200)
    const kept = await before.text()

    await proxy.cut()
    for (const [method, pathname] of [
      ['GET', '/health'],
      ['GET', '/projects/1'],
      ['PATCH', '/projects/1'],
      ['GET', '/activity'],
      ['GET', '/stats?days=7'],
    ] as const) {
      const { value: response, ms } = await timed(() =>
        request(method, pathname, method === 'PATCH' ? { name: 'During the outage' } : undefined),
      )
      expect(response.status, `${method} ${pathname}`).toBe(503)
      expect(response.headers.get('retry-after')).toBe('1')
      expect(ms, `${method} ${pathname}`).toBeLessThan(3000)
    }
    // A page view is answered as always and waits in memory (visit-batch.ts):
    // the writes that fail meanwhile keep it, and it is counted once the database is back.
    expect((await pageView()).status).toBe(204)
    await expect(stack.deps.visits!.flush()).rejects.toBeTruthy()
    expect(stack.deps.visits!.counts()).toMatchObject({ waiting: 1, dropped: 0 })
    // Visitors' reads keep their last answer: stale content beats an error page.
    const stale = await visitor('/technologies')
    expect(stale.status).toBe(200)
    expect(await stale.text()).toBe(kept)

    await proxy.restore()
    const { ms } = await timed(async () => {
      for (;;) {
        if ((await visitor('/health')).status === 200) return
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })
    expect(ms).toBeLessThan(2000)
    expect((await request('PATCH', '/projects/1', { name: 'After the outage' })).status).toBe(200)
    expect((await pageView()).status).toBe(204)
    const stats = await request('GET', '/stats?days=7')
    expect(stats.status).toBe(200)
    // The view from the outage and the one after it.
    expect(((await stats.json()) as { totals: { views: number } }).totals.views).toBe(2)
    expect(stack.deps.visits!.counts()).toMatchObject({ waiting: 0, stored: 2 })
  })

  test('a server that accepts connections and never answers gets 503 within 3 s, not a hang', async () => {
    await proxy.blackhole()
    const { value: response, ms } = await timed(() => request('GET', '/projects/2'))
    expect(response.status).toBe(503)
    expect(ms).toBeLessThan(3000)
  })

  test('cut and restored under a load of 8 clients: every answer is 200 or 503, and all are 200 after', async () => {
    // From a stack that answers: the black hole of the test before may still
    // hold connections until their timeout, and this test is about its own cuts.
    const ready = performance.now()
    while ((await request('GET', '/projects/1')).status !== 200) {
      expect(performance.now() - ready).toBeLessThan(10000)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const statuses = new Map<number, number>()
    let running = true
    const client = async (n: number) => {
      while (running) {
        const response =
          n % 2 === 0
            ? await request('PATCH', `/projects/${(n % 5) + 1}`, { name: `Load ${n}` })
            : await request('GET', `/projects/${(n % 5) + 1}`)
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        await response.arrayBuffer()
      }
    }
    const clients = Array.from({ length: 8 }, (_, n) => client(n))
    for (let round = 0; round < 3; round++) {
      await new Promise((resolve) => setTimeout(resolve, 300))
      await proxy.cut()
      await new Promise((resolve) => setTimeout(resolve, 300))
      await proxy.restore()
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
    running = false
    await Promise.all(clients)
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200]))
    for (const status of statuses.keys()) expect([200, 409, 503]).toContain(status)
    // Back to normal within a couple of seconds: every client's next request succeeds.
    const restored = performance.now()
    while ((await visitor('/health')).status !== 200) {
      expect(performance.now() - restored).toBeLessThan(3000)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const after = await Promise.all(
      Array.from({ length: 8 }, (_, n) => request('GET', `/projects/${(n % 5) + 1}`)),
    )
    expect(after.map((response) => response.status)).toEqual(Array(8).fill(200))
  })
})
