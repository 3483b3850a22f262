// Two instances of the API on one PostgreSQL, each with its own connections and
// its own memory (two `npm start` processes, or edge isolates): a write through
// one is seen by the very next read through the other (docs/decisions/010).
// On the deno target the second instance is the edge function itself under Deno.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../../supabase/functions/_shared/app.ts'
import { tokenKey } from '../../supabase/functions/_shared/accounts/auth.ts'
import { createDatabase } from '../../supabase/functions/_shared/db/db.ts'
import { LocalFolderStore } from '../../supabase/functions/_shared/images/local-folder-store.ts'
import { createPostgresDriver } from '../../server/db/postgres-driver.ts'
import { startEdgeFunction, type RunningFunction } from '@test-support/edge-function.ts'
import { throwawayDatabase, type ThrowawayDatabase } from '@test-support/throwaway-database.ts'
import { migrationsHash, target, TEST_SECRET } from '@test-support/api-harness.ts'

type Fetch = (path: string, init?: RequestInit) => Promise<Response>

let database: ThrowawayDatabase
let edge: RunningFunction | undefined
const closers: (() => Promise<void>)[] = []
let a: Fetch
let b: Fetch
let token: string

function nodeInstance(url: string): Fetch {
  const driver = createPostgresDriver(url, 2)
  closers.push(() => driver.close())
  const app = createApp({
    db: createDatabase(driver),
    images: new LocalFolderStore('/nonexistent'),
    tokenKey: tokenKey(TEST_SECRET),
  })
  return async (path, init) => app.request(`/api${path}`, init)
}

const json = (body: unknown, extra: Record<string, string> = {}): RequestInit => ({
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...extra },
  body: JSON.stringify(body),
})

async function names(fetch: Fetch, path: string): Promise<string[]> {
  const res = await fetch(path)
  expect(res.status).toBe(200)
  return ((await res.json()) as { name: string }[]).map((x) => x.name)
}

describe.skipIf(target === 'pglite')('two API instances on one PostgreSQL', () => {
  beforeAll(async () => {
    database = await throwawayDatabase(await migrationsHash())
    a = nodeInstance(database.url)
    if (target === 'deno') {
      edge = await startEdgeFunction({ SUPABASE_DB_URL: database.url, JWT_SECRET: TEST_SECRET })
      const origin = edge.url
      b = (path, init) => fetch(`${origin}/api${path}`, init)
    } else {
      b = nodeInstance(database.url)
    }
    const registered = await a('/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'secret-sauce-1' }),
    })
    token = ((await registered.json()) as { accessToken: string }).accessToken
  })
  afterAll(async () => {
    await edge?.stop()
    for (const close of closers) await close()
    await database?.drop()
  })

  test('a project created through one instance is in the next list read through the other', async () => {
    expect(await names(b, '/projects')).toEqual([])
    expect(await names(b, '/projects')).toEqual([]) // held in b's memory now
    const created = await a('/projects', {
      method: 'POST',
      ...json({
        name: 'Made on A',
        description: 'd',
        startYear: 2024,
        endYear: null,
        technologiesIds: [],
        images: [],
        isActive: true,
      }),
    })
    expect(created.status).toBe(201)
    expect(await names(b, '/projects')).toEqual(['Made on A'])
  })

  test('a change through the other instance is seen back on the first, with a new ETag', async () => {
    const before = await a('/technologies')
    await before.body?.cancel()
    const tag = before.headers.get('etag')!
    const created = await b('/technologies', { method: 'POST', ...json({ name: 'Rust' }) })
    expect(created.status).toBe(201)
    const after = await a('/technologies', { headers: { 'if-none-match': tag } })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(tag)
    expect(((await after.json()) as { name: string }[]).map((t) => t.name)).toEqual(['Rust'])
  })

  test('both instances answer 304 to the same current tag and 200 once it is old', async () => {
    const first = await a('/configs/all-as-object')
    await first.body?.cancel()
    const tag = first.headers.get('etag')!
    for (const fetch of [a, b]) {
      const res = await fetch('/configs/all-as-object', { headers: { 'if-none-match': tag } })
      expect(res.status).toBe(304)
    }
    const created = await a('/configs', {
      method: 'POST',
      ...json({ name: 'heroTitle1', value: 'NEW', description: '' }),
    })
    expect(created.status).toBe(201)
    const res = await b('/configs/all-as-object', { headers: { 'if-none-match': tag } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ heroTitle1: 'NEW' })
  })
})
