// The API when PostgreSQL answers but turns its connections away, on the
// postgres target (the app in this process) and on the deno target (the Edge
// Function under Deno): a database closed to connections (55000), a role over
// its connection limit (53300), a changed password (28P01), a server in
// recovery after a restart (57P03), a dropped database (3D000). Each must
// answer 503 with Retry-After like a server that is down, keep serving the
// public answers this instance kept, be written to the log once, not per
// request, and end by itself when the fault ends (docs/RELIABILITY.md, "Database
// outages"). The faults are made on a cluster of the test's own
// (tests/support/own-postgres.ts), which the app reaches as a role of its own
// that owns its database and is no superuser, as on a managed service: a
// superuser has no connection limit.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createPostgresDriver } from '../../server/db/postgres-driver.ts'
import { migrate } from '../../server/migrate.ts'
import type { PageRenderer } from '../../server/ssr.ts'
import { sourcePageRenderer } from '@test-support/vite-renderer.ts'
import {
  ownPostgresUnavailable,
  startOwnPostgres,
  type OwnPostgres,
} from '@test-support/own-postgres.ts'
import {
  createTestContext,
  inProcess,
  target,
  type TestContext,
} from '@test-support/api-harness.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const PASSWORD = 'app-password-before'
const NEW_PASSWORD = 'app-password-after'
/** What the server logs when its database becomes unavailable, and when it is back. */
const OUTAGE_LINE = /^.*Database unavailable, answering 503 until it is back.*$/gm
const BACK_LINE = /^.*Database available again.*$/gm
/** A 500's log, or an error nobody caught. */
const ESCAPED = /Unhandled API error|Unexpected error outside a request|Uncaught|TypeError/
const unavailable = ownPostgresUnavailable()

describe.skipIf(target === 'pglite' || unavailable !== null)(
  `the API when PostgreSQL turns connections away (${target}; skipped on pglite, which has no connection, and without a cluster of our own: ${unavailable ?? 'available'})`,
  () => {
    let cluster: OwnPostgres
    let t: TestContext | undefined
    /** The server-rendered pages over the app, on the postgres target (the edge function serves none). */
    let pages: { renderer: PageRenderer; close(): Promise<void> } | undefined
    let token = ''
    let projectId = 0
    let count = 0
    /** On the postgres target the app logs to this process's console. */
    const consoleLines: string[] = []
    const serverLog = () => t?.serverOutput?.() ?? consoleLines.join('\n')

    beforeAll(async () => {
      if (target === 'postgres')
        for (const method of ['error', 'info', 'warn'] as const)
          vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
            consoleLines.push(args.map(String).join(' '))
          })
      cluster = await startOwnPostgres()
    })

    afterEach(async () => {
      await pages?.close()
      pages = undefined
      await t?.close()
      t = undefined
      consoleLines.length = 0
    })

    afterAll(async () => {
      await cluster?.remove()
      vi.restoreAllMocks()
    })

    /** A server-rendered page's status and HTML. */
    const page = async (url: string) => {
      const response = await pages!.renderer.serve(url, {})
      if (!response) throw new Error(`no page for ${url}`)
      return { status: response.status, html: await response.text() }
    }

    /**
     * The API on a database of its own, migrated and reached as `role`, which
     * owns it; with an admin, a project, and a public answer and a page kept
     * from before the fault.
     */
    async function start() {
      const n = ++count
      const role = `vitrine_app_${n}`
      const database = `vitrine_${n}`
      await cluster.admin.unsafe(
        `create role ${role} login nosuperuser createrole password '${PASSWORD}'`,
      )
      await cluster.admin.unsafe(`create database ${database} owner ${role}`)
      const url = cluster.url(database, role, PASSWORD)
      t = await createTestContext(target, async () => {
        const driver = createPostgresDriver(url, 1)
        try {
          await migrate(driver, { seed: false })
        } finally {
          await driver.close()
        }
        return url
      })
      token = (await t.registerAdmin()).token
      const created = await t.request('POST', '/projects', {
        token,
        body: { name: 'Kept', description: 'Read before the fault' },
      })
      expect(created.status).toBe(201)
      projectId = created.body.id as number
      const answer = await t.request('GET', '/projects')
      expect(answer.status).toBe(200)
      let home: { status: number; html: string } | null = null
      if (inProcess) {
        const source = await sourcePageRenderer(t.app!, t.db!.driver, 'https://owner.example')
        pages = { renderer: source.pages, close: source.close }
        home = await page('/')
        expect(home.status).toBe(200)
        expect(home.html).toContain('Kept')
      }
      return { role, database, kept: { answer: answer.body as unknown, home } }
    }

    /**
     * Ends the app's connections, so that its next request needs a new one:
     * every client backend of the cluster but the superuser's, those still
     * signing in included (their user is not known yet), until none is seen
     * twice in a row. A connection that began signing in before the fault
     * would otherwise open with the old settings and serve the next request.
     */
    async function dropConnections() {
      let quiet = 0
      for (let i = 0; quiet < 2; i++) {
        expect(i, 'the app kept opening connections').toBeLessThan(100)
        const [{ ended } = { ended: 0 }] = await cluster.admin<{ ended: number }[]>`
          select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity
          where backend_type = 'client backend' and pid <> pg_backend_pid()
            and usename is distinct from 'postgres'`
        quiet = ended === 0 ? quiet + 1 : 0
        await sleep(100)
      }
      // The app's driver reads the termination notice and closes its sockets.
      await sleep(200)
    }

    /** Every kind of request that reaches the database answers 503 with Retry-After, fast. */
    async function expectUnavailable(kept: Awaited<ReturnType<typeof start>>['kept']) {
      const { request } = t!
      for (const [method, url, options] of [
        ['GET', '/health', {}],
        ['GET', `/projects/${projectId}`, { token }],
        ['PATCH', `/projects/${projectId}`, { token, body: { name: 'During the fault' } }],
        ['POST', '/technologies', { token, body: { name: 'During the fault' } }],
        ['GET', '/activity', { token }],
        ['GET', '/health', {}],
      ] as const) {
        const started = performance.now()
        const response = await request(method, url, options)
        const ms = performance.now() - started
        expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(503)
        expect(response.headers.get('retry-after'), `${method} ${url}`).toBe('1')
        expect(response.body).toMatchObject({ statusCode: 503, message: 'Database unavailable' })
        expect(ms, `${method} ${url}`).toBeLessThan(3000)
      }
      // A visitor still gets the public answer and the page this instance kept.
      const visitor = await request('GET', '/projects')
      expect(visitor.status).toBe(200)
      expect(visitor.body).toEqual(kept.answer)
      if (kept.home) expect(await page('/')).toEqual(kept.home)
    }

    /** /health answers 200 within `limitMs` of the fault's end, and a write goes through. */
    async function expectRecovered(limitMs = 2000) {
      const started = performance.now()
      for (;;) {
        const { status } = await t!.request('GET', '/health')
        if (status === 200) break
        expect(performance.now() - started, `/health still ${status}`).toBeLessThan(limitMs)
        await sleep(50)
      }
      const renamed = await t!.request('PATCH', `/projects/${projectId}`, {
        token,
        body: { name: 'After the fault' },
      })
      expect(renamed.status).toBe(200)
    }

    /** One line for the outage, naming its code; one for the return; no 500, no password. */
    async function expectLoggedOnce(code: string) {
      // The deno target's output comes through a pipe: give it a moment.
      await sleep(100)
      const log = serverLog()
      const outages = log.match(OUTAGE_LINE) ?? []
      expect(outages, log).toHaveLength(1)
      expect(outages[0]).toContain(`"code":"${code}"`)
      expect(log.match(BACK_LINE) ?? [], log).toHaveLength(1)
      expect(log).not.toMatch(ESCAPED)
      expect(log).not.toContain(PASSWORD)
      expect(log).not.toContain(NEW_PASSWORD)
    }

    test('a database closed to connections (allow_connections false, 55000) answers 503 until it opens again', async () => {
      const { database, kept } = await start()
      await cluster.admin.unsafe(`alter database ${database} allow_connections false`)
      await dropConnections()
      await expectUnavailable(kept)
      await cluster.admin.unsafe(`alter database ${database} allow_connections true`)
      await expectRecovered()
      await expectLoggedOnce('55000')
    })

    test('a role over its connection limit (53300) answers 503 until the limit is raised', async () => {
      const { role, kept } = await start()
      await cluster.admin.unsafe(`alter role ${role} connection limit 0`)
      await dropConnections()
      await expectUnavailable(kept)
      await cluster.admin.unsafe(`alter role ${role} connection limit -1`)
      await expectRecovered()
      await expectLoggedOnce('53300')
    })

    test('a role limited to one connection under a load of 6 clients answers 200 or 503, and serves one client within 2 s once the load ends', async () => {
      const { role } = await start()
      await cluster.admin.unsafe(`alter role ${role} connection limit 1`)
      await dropConnections()
      // More clients than the one connection the role may hold, and than the
      // pool's size: reservations are refused while another request holds it.
      const statuses = new Map<number | string, number>()
      const count = (key: number | string) => statuses.set(key, (statuses.get(key) ?? 0) + 1)
      let running = true
      const client = async (n: number) => {
        while (running) {
          const response =
            n % 2 === 0
              ? await t!.request('PATCH', `/projects/${projectId}`, {
                  token,
                  body: { name: `Load ${n}` },
                })
              : await t!.request('GET', `/projects/${projectId}`, { token })
          count(response.status)
        }
      }
      const clients = Array.from({ length: 6 }, (_, n) => client(n))
      await sleep(2000)
      running = false
      await Promise.all(clients)
      const seen = JSON.stringify(Object.fromEntries(statuses))
      for (const status of statuses.keys()) expect([200, 503], seen).toContain(status)
      // Not vacuous: the one connection served requests and the limit refused others.
      expect(statuses.get(200) ?? 0, seen).toBeGreaterThan(0)
      expect(statuses.get(503) ?? 0, seen).toBeGreaterThan(0)

      // One client at a time fits under the limit: the pool must serve it with
      // the one connection the role may hold, not keep that one where nothing uses it.
      await expectRecovered()
      await cluster.admin.unsafe(`alter role ${role} connection limit -1`)
      await expectRecovered()
      expect(serverLog()).not.toMatch(ESCAPED)
    })

    test('a changed password (28P01) answers 503 until it is set back, and never reaches the log', async () => {
      const { role, kept } = await start()
      await cluster.admin.unsafe(`alter role ${role} password '${NEW_PASSWORD}'`)
      await dropConnections()
      await expectUnavailable(kept)
      await cluster.admin.unsafe(`alter role ${role} password '${PASSWORD}'`)
      await expectRecovered()
      await expectLoggedOnce('28P01')
    })

    test('a server restarted into recovery (57P03) answers 503 until it is promoted', async () => {
      const { kept } = await start()
      await cluster.restartAsStandby()
      // The app's connections were ended by the shutdown; the driver reads it.
      await sleep(200)
      await expectUnavailable(kept)
      await cluster.promote()
      await expectRecovered()
      await expectLoggedOnce('57P03')
    })

    test.skipIf(target !== 'postgres')(
      "a 55000 raised by a statement is that statement's error, not an outage (the driver in this process)",
      async () => {
        const driver = createPostgresDriver(cluster.url('postgres'), 2)
        const notReady = `do $$ begin raise exception 'not ready' using errcode = '55000'; end $$`
        try {
          await expect(driver.query(notReady)).rejects.toMatchObject({ code: '55000' })
          await expect(driver.transaction((tx) => tx.query(notReady))).rejects.toMatchObject({
            code: '55000',
          })
          // Had it been taken for a refusal, the driver would refuse this at once, until its probe.
          await expect(driver.query('select 1 as one')).resolves.toEqual([{ one: 1 }])
          expect(serverLog()).not.toMatch(OUTAGE_LINE)
        } finally {
          await driver.close()
        }
      },
    )

    test('a dropped database (3D000) answers 503 until it is restored', async () => {
      const { role, database, kept } = await start()
      // A copy to restore from: taken with nobody connected, as CREATE DATABASE needs.
      await cluster.admin.unsafe(`alter database ${database} allow_connections false`)
      await dropConnections()
      await cluster.admin.unsafe(
        `create database ${database}_copy template ${database} owner ${role}`,
      )
      await cluster.admin.unsafe(`drop database ${database}`)
      await expectUnavailable(kept)
      await cluster.admin.unsafe(`alter database ${database}_copy rename to ${database}`)
      await expectRecovered()
      await expectLoggedOnce('3D000')
    })
  },
)
