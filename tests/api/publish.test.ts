// Publishing a prerendered site (docs/decisions/024): after signed-in writes
// change public content, the server waits until the content has been quiet,
// then calls DEPLOY_HOOK_URL once; GET /publish tells the back office where
// things stand and POST /publish is "Publish now". The hook here is a local
// HTTP server that records each call and answers what the test tells it.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'
import {
  createPublisher,
  PUBLISH_ASK_EVERY_MS,
} from '../../supabase/functions/_shared/toolkit/publish.ts'

// Long enough that three writes in a row fall inside it even on a busy machine.
const QUIET_MS = 1000

interface Hook {
  url: string
  calls: { method: string; path: string; at: number }[]
  answer: number
  close(): Promise<void>
}

async function startHook(): Promise<Hook> {
  const hook: Partial<Hook> & { calls: Hook['calls']; answer: number } = { calls: [], answer: 200 }
  const server: Server = createServer((req, res) => {
    hook.calls.push({ method: req.method ?? '', path: req.url ?? '', at: Date.now() })
    req.resume()
    res.statusCode = hook.answer
    res.end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  hook.url = `http://127.0.0.1:${port}/build_hooks/secret-hook-token`
  hook.close = () => new Promise((resolve) => server.close(() => resolve()))
  return hook as Hook
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 8_000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(50)
  }
}

let hook: Hook
let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  hook = await startHook()
  t = await createTestContext(undefined, undefined, {
    publish: { hookUrl: hook.url, quietMs: QUIET_MS },
    siteUrl: 'https://ada.example',
  })
  r = await t.roles()
})
afterAll(async () => {
  await t?.close()
  await hook?.close()
})

const status = async (token = r.admin.token) => {
  const res = await t.request('GET', '/publish', { token })
  expect(res.status).toBe(200)
  return res.body
}

const addTechnology = async (name: string) => {
  const res = await t.request('POST', '/technologies', { token: r.admin.token, body: { name } })
  expect(res.status).toBe(201)
  return res.body as { id: number }
}

describe('who may see and publish', () => {
  test('visitors get 401 on both calls', async () => {
    expect((await t.request('GET', '/publish')).status).toBe(401)
    expect((await t.request('POST', '/publish')).status).toBe(401)
  })

  test('a read-only account sees the status but may not publish', async () => {
    const seen = await status(r.user.token)
    // The site's address too: the dashboard's first steps check it is set.
    expect(seen).toMatchObject({ configured: true, siteUrl: 'https://ada.example' })
    const res = await t.request('POST', '/publish', { token: r.user.token })
    expect(res.status).toBe(403)
    expect(hook.calls).toHaveLength(0)
  })

  test('the hook address never reaches a client', async () => {
    const res = await t.request('GET', '/publish', { token: r.admin.token })
    expect(JSON.stringify(res.body)).not.toContain('secret-hook-token')
    expect(JSON.stringify(res.body)).not.toContain(new URL(hook.url).host)
  })
})

describe('publishing after changes', () => {
  test('several quick writes start one build, once the content has been quiet', async () => {
    const before = await status()
    expect(before.upToDate).toBe(false)
    const start = hook.calls.length
    for (const name of ['Zig', 'Odin', 'Gleam']) await addTechnology(name)
    const lastWrite = Date.now()
    await until('the hook to be called', () => hook.calls.length > start)
    // Not before the content had been quiet for the whole period (a little
    // less, for the time between the commit and the answer reaching us).
    expect(hook.calls[start]!.at - lastWrite).toBeGreaterThan(QUIET_MS * 0.5)
    // ...and only once, however long we wait.
    await sleep(QUIET_MS * 2)
    expect(hook.calls.slice(start).map(({ method, path }) => ({ method, path }))).toEqual([
      { method: 'POST', path: '/build_hooks/secret-hook-token' },
    ])
    const after = await status()
    expect(after).toMatchObject({ upToDate: true, lastError: null })
    expect(after.publishedVersion).toBe(after.contentVersion)
    expect(after.contentVersion).toBeGreaterThan(before.contentVersion)
    expect(Date.parse(after.publishedAt)).toBeGreaterThan(Date.now() - 60_000)
  })

  test('a change visitors cannot see builds nothing', async () => {
    const start = hook.calls.length
    const res = await t.request('POST', '/projects', {
      token: r.admin.token,
      body: { name: 'Draft', description: 'Not yet', isActive: false, technologiesIds: [] },
    })
    expect(res.status).toBe(201)
    await sleep(QUIET_MS * 2)
    expect(hook.calls.length).toBe(start)
    expect((await status()).upToDate).toBe(true)
  })

  test('a failing hook is reported, and "Publish now" tries again', async () => {
    hook.answer = 500
    const start = hook.calls.length
    await addTechnology('Nim')
    await until('the hook to be called', () => hook.calls.length > start)
    await until('the failure to be recorded', async () => (await status()).lastError !== null)
    const failed = await status()
    expect(failed).toMatchObject({ upToDate: false, lastError: 'The deploy hook answered 500' })
    expect(failed.lastAttemptAt).not.toBeNull()

    const refused = await t.request('POST', '/publish', { token: r.admin.token })
    expect(refused.status).toBe(502)
    expect(refused.body).toEqual({ statusCode: 502, message: 'The deploy hook answered 500' })

    hook.answer = 200
    const now = await t.request('POST', '/publish', { token: r.admin.token })
    expect(now.status).toBe(200)
    expect(now.body).toMatchObject({ configured: true, upToDate: true, lastError: null })
    expect(hook.calls.length).toBe(start + 3)
  })

  test('"Publish now" builds even when nothing changed', async () => {
    const start = hook.calls.length
    const res = await t.request('POST', '/publish', { token: r.admin.token })
    expect(res.status).toBe(200)
    expect(hook.calls.length).toBe(start + 1)
  })
})

// Two publishers on one database, as two edge workers: the first cannot wait
// (its wall-clock limit is near), so the second, asked by a later request,
// publishes once the content is quiet. In this process only: a Deno worker's
// limit (120 s) is longer than a test should take.
describe.runIf(inProcess)('a publish the writing worker cannot wait for', () => {
  test('is made once, by a later request elsewhere, after the quiet period', async () => {
    const driver = t.db!.driver
    const settings = { hookUrl: hook.url, quietMs: QUIET_MS }
    let clock = Date.now()
    const leaving = createPublisher(driver, settings, { waitsEndBy: Date.now() + QUIET_MS / 2 })
    const other = createPublisher(driver, settings, { now: () => clock })
    const another = createPublisher(driver, settings)
    try {
      const start = hook.calls.length
      // Written through the API with no publisher of its own nudging: the
      // harness's publisher would wait and publish by itself.
      await t.sql(`insert into public.technologies (name) values ('Roc')`)
      const wrote = Date.now()
      await leaving.nudge()
      expect(hook.calls.length).toBe(start)
      // Asked before the quiet period is over: nothing yet.
      await other.publishIfDue()
      expect(hook.calls.length).toBe(start)
      await sleep(Math.max(0, wrote + QUIET_MS + 100 - Date.now()))
      // Within its own asking period, the same worker does not ask again.
      expect(other.publishIfDue()).toBeUndefined()
      clock += PUBLISH_ASK_EVERY_MS
      await other.publishIfDue()
      expect(hook.calls.length).toBe(start + 1)
      // Another worker finds it made.
      await another.publishIfDue()
      expect(hook.calls.length).toBe(start + 1)
      expect(await status()).toMatchObject({ upToDate: true })
    } finally {
      for (const publisher of [leaving, other, another]) publisher.cancel()
    }
  })
})

describe('without a deploy hook', () => {
  let plain: TestContext
  let token: string
  beforeAll(async () => {
    plain = await createTestContext()
    token = (await plain.registerAdmin()).token
  })
  afterAll(async () => {
    await plain?.close()
  })

  test('the status says so and "Publish now" is refused with the setting to set', async () => {
    const seen = await plain.request('GET', '/publish', { token })
    expect(seen.status).toBe(200)
    expect(seen.body).toMatchObject({ configured: false, publishedAt: null, siteUrl: null })
    const res = await plain.request('POST', '/publish', { token })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(
      'Publishing is not set up: set DEPLOY_HOOK_URL on the server (docs/operations.md, "Publishing")',
    )
  })
})
