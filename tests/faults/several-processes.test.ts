// Several `npm start` processes on one PostgreSQL, the way to use more cores or
// machines (docs/operations.md, "Running several processes"): two real processes behind a
// proxy that hands requests to them in turn, as a load balancer would. What one
// process keeps in memory (answers kept per content version, rate-limit
// windows, the hourly upkeep's clock) must never make the other answer wrong.
// Needs TEST_POSTGRES_URL.
import { createServer, request as forward, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startNpmStart, type StartedServer } from '@test-support/npm-start.ts'
import { adminUrl, urlFor } from '@test-support/throwaway-database.ts'

const API = '/functions/v1/api'
const postgresUrl = process.env.TEST_POSTGRES_URL?.trim()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Round robin over `origins`; each answer says which one served it (X-Served-By: 0, 1, ...). */
async function roundRobin(origins: string[]): Promise<{ origin: string; close(): Promise<void> }> {
  let next = 0
  const server: Server = createServer((req, res) => {
    const index = next++ % origins.length
    const target = new URL(req.url ?? '/', origins[index])
    const upstream = forward(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': String(index) })
        answer.pipe(res)
      },
    )
    upstream.on('error', () => {
      res.writeHead(502)
      res.end()
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A PNG by its first bytes, all the server checks. */
const png = () => {
  const bytes = new Uint8Array(256)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  return bytes
}

describe.skipIf(!postgresUrl)('two npm start processes on one PostgreSQL', () => {
  const database = `vitrine_t_procs_${process.pid}_${Date.now().toString(36)}`
  let dataDir: string
  let servers: StartedServer[] = []
  let proxy: Awaited<ReturnType<typeof roundRobin>>
  let hookCalls = 0
  let hook: Server
  let token: string

  /** Through the proxy: the next process in turn answers. */
  const call = async (
    method: string,
    pathname: string,
    init: { body?: unknown; headers?: Record<string, string>; auth?: boolean } = {},
  ) => {
    const response = await fetch(
      `${proxy.origin}${pathname.startsWith('/') ? '' : API + '/'}${pathname}`,
      {
        method,
        headers: {
          ...(init.auth === false ? {} : { authorization: `Bearer ${token}` }),
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      },
    )
    const text = await response.text()
    return {
      status: response.status,
      by: response.headers.get('x-served-by'),
      etag: response.headers.get('etag'),
      text,
      json: () => JSON.parse(text) as Record<string, unknown> & Record<string, unknown>[],
    }
  }

  beforeAll(async () => {
    // An empty database, not a migrated clone: both processes migrate it as they start.
    const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database ${database}`)
    await admin.end({ timeout: 5 })
    // One data folder for both, as one machine's processes share it: the
    // generated JWT secret and the uploads are there.
    dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-procs-'))
    hook = createServer((req, res) => {
      hookCalls++
      req.resume()
      res.end('{}')
    })
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
    const env = {
      DATABASE_URL: urlFor(database),
      JWT_SECRET: 'a shared secret of more than thirty-two bytes',
      DEPLOY_HOOK_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`,
      DEPLOY_HOOK_QUIET_SECONDS: '1',
    }
    // Started at the same moment, as a service manager starts its instances.
    const started = await Promise.allSettled([
      startNpmStart(env, { dataDir }),
      startNpmStart(env, { dataDir }),
    ])
    servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
    const failed = started.find((s) => s.status === 'rejected')
    if (failed) throw (failed as PromiseRejectedResult).reason
    proxy = await roundRobin(servers.map((s) => s.origin))
  })

  afterAll(async () => {
    await proxy?.close()
    for (const server of servers) await server.stop()
    await new Promise((resolve) => hook?.close(resolve))
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
    const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} })
    await admin.unsafe(`drop database if exists ${database} with (force)`)
    await admin.end({ timeout: 5 })
  })

  test('both start on one empty database, which is migrated and seeded once', async () => {
    expect(servers).toHaveLength(2)
    const sql = postgres(urlFor(database), { max: 1, onnotice: () => {} })
    try {
      const [row] = await sql`select count(*)::int as n from app.seed_runs`
      expect(row!.n).toBe(1)
      const [dupes] = await sql`
        select count(*)::int as n from (select name from public.technologies group by name having count(*) > 1) d`
      expect(dupes!.n).toBe(0)
    } finally {
      await sql.end({ timeout: 5 })
    }
  })

  test('the hourly sweep is made by one of them', () => {
    const passes = servers.map(
      (s) => s.output().match(/Hourly upkeep claimed: file sweep/g)?.length ?? 0,
    )
    expect(
      passes.reduce((a, b) => a + b, 0),
      servers.map((s) => s.output()).join('\n---\n'),
    ).toBe(1)
  })

  test('a token from one process is good on the other', async () => {
    const open = await call('GET', 'auth/register', { auth: false })
    expect(open.status).toBe(200)
    const registered = await call('POST', 'auth/register', {
      auth: false,
      body: { username: 'owner', password: 'secret12' },
    })
    expect(registered.status, registered.text).toBe(201)
    token = registered.json().accessToken as unknown as string
    const seen = new Set<string | null>()
    for (let i = 0; i < 4; i++) {
      const me = await call('GET', 'auth/me')
      expect(me.status, me.text).toBe(200)
      seen.add(me.by)
    }
    expect([...seen].sort()).toEqual(['0', '1'])
  })

  test('a read after a write through the other process has the write, kept answers or not', async () => {
    for (let i = 0; i < 6; i++) {
      // Both processes keep the public list under the current version.
      const kept = [
        await call('GET', 'technologies', { auth: false }),
        await call('GET', 'technologies', { auth: false }),
      ]
      expect(kept.map((r) => r.by).sort()).toEqual(['0', '1'])
      const created = await call('POST', 'technologies', { body: { name: `Lang ${i}` } })
      expect(created.status, created.text).toBe(201)
      const read = await call('GET', 'technologies', { auth: false })
      // The other process served the read.
      expect(read.by).not.toBe(created.by)
      expect(read.json().map((t) => t.name)).toContain(`Lang ${i}`)
    }
  })

  test('an ETag from one process is answered 304 by the other, and 200 once content changed', async () => {
    const first = await call('GET', 'technologies', { auth: false })
    expect(first.status).toBe(200)
    expect(first.etag).toBeTruthy()
    const again = await call('GET', 'technologies', {
      auth: false,
      headers: { 'if-none-match': first.etag! },
    })
    expect(again.by).not.toBe(first.by)
    expect(again.status).toBe(304)
    const write = await call('POST', 'technologies', { body: { name: 'After the tag' } })
    expect(write.status).toBe(201)
    for (let i = 0; i < 2; i++) {
      const stale = await call('GET', 'technologies', {
        auth: false,
        headers: { 'if-none-match': first.etag! },
      })
      expect(stale.status).toBe(200)
      expect(stale.json().map((t) => t.name)).toContain('After the tag')
    }
  })

  test('two edits from one loaded version: the second, through the other process, is refused', async () => {
    const created = await call('POST', 'technologies', { body: { name: 'Contested' } })
    const id = (created.json() as Record<string, unknown>).id as number
    const loaded = await call('GET', `technologies/${id}`)
    expect(loaded.etag).toBeTruthy()
    const one = await call('PATCH', `technologies/${id}`, {
      body: { name: 'Contested (mine)' },
      headers: { 'if-match': loaded.etag! },
    })
    const two = await call('PATCH', `technologies/${id}`, {
      body: { name: 'Contested (theirs)' },
      headers: { 'if-match': loaded.etag! },
    })
    expect(one.by).not.toBe(two.by)
    expect([one.status, two.status]).toEqual([200, 412])
    const now = await call('GET', `technologies/${id}`)
    expect((now.json() as Record<string, unknown>).name).toBe('Contested (mine)')
  })

  test('an image uploaded through one process is served by the other', async () => {
    const form = new FormData()
    form.set('file', new Blob([png() as BlobPart], { type: 'image/png' }), 'image.png')
    const uploaded = await fetch(`${proxy.origin}${API}/uploads/image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
    expect(uploaded.status).toBe(201)
    const { url } = (await uploaded.json()) as { url: string }
    const by = uploaded.headers.get('x-served-by')
    const served = await fetch(`${proxy.origin}${new URL(url, proxy.origin).pathname}`)
    expect(served.headers.get('x-served-by')).not.toBe(by)
    expect(served.status).toBe(200)
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png())
  })

  test('writes through both processes are published once', async () => {
    // The writes of the tests before this one have settled (a quiet second).
    await sleep(2_500)
    const before = hookCalls
    const writes = [
      await call('POST', 'technologies', { body: { name: 'Publish A' } }),
      await call('POST', 'technologies', { body: { name: 'Publish B' } }),
    ]
    expect(writes.map((w) => w.by).sort()).toEqual(['0', '1'])
    const deadline = Date.now() + 15_000
    while (hookCalls === before && Date.now() < deadline) await sleep(100)
    // Both processes waited for the quiet second; one of them called the hook.
    await sleep(2_500)
    expect(hookCalls).toBe(before + 1)
  })

  test('failed logins count across both processes', async () => {
    const statuses: number[] = []
    const by = new Set<string | null>()
    for (let i = 0; i < 6; i++) {
      const attempt = await call('POST', 'auth/login', {
        auth: false,
        body: { username: 'owner', password: `wrong ${i}` },
      })
      statuses.push(attempt.status)
      by.add(attempt.by)
    }
    expect([...by].sort()).toEqual(['0', '1'])
    // 5 attempts per 15 minutes for a username from one address (docs/decisions/012):
    // each process saw 3, so only a count they share refuses the sixth.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses[5]).toBe(429)
  })
})
