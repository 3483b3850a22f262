// The bounds of what one process keeps and runs (docs/PRODUCT.md §22), set
// small through the environment (load-settings.ts) so that every target, the
// edge function under Deno included, shows them: the least recently used
// answer goes first, an answer larger than the budget in bytes is never kept,
// and a full queue of expensive work answers 503 with Retry-After.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'
import { renameProjectQuietly } from '@test-support/quiet-write.ts'

let t: TestContext
let admin: Awaited<ReturnType<TestContext['registerAdmin']>>
let projectId: number

/** Renames the project without moving the content version (quiet-write.ts). */
const renameQuietly = (name: string) => renameProjectQuietly(t, projectId, name)
const renameOpenly = (name: string) =>
  t.request('PATCH', `/projects/${projectId}`, { token: admin.token, body: { name } })
const firstName = async (path: string) => (await t.request('GET', path)).body[0].name as string

describe('kept answers, bounded in entries', () => {
  beforeAll(async () => {
    t = await createTestContext(undefined, undefined, {
      load: {
        KEPT_ANSWERS_ENTRIES: '2',
        EXPENSIVE_WORK_CONCURRENCY: '1',
        EXPENSIVE_WORK_WAITING: '0',
      },
    })
    admin = await t.registerAdmin()
    const created = await t.request('POST', '/projects', {
      token: admin.token,
      body: {
        name: 'Before',
        description: 'A portfolio',
        startYear: 2024,
        endYear: null,
        technologiesIds: [],
        images: [],
        isActive: true,
      },
    })
    projectId = created.body.id
  })
  afterAll(() => t.close())

  test('lets the least recently used answer go, never the one asked for meanwhile', async () => {
    await renameOpenly('Before')
    // Three keys (limit is a declared parameter), room for two.
    await firstName('/projects?limit=1')
    await firstName('/projects?limit=2')
    await firstName('/projects?limit=1') // now the most recently used
    await firstName('/projects?limit=3') // pushes out limit=2
    await renameQuietly('After')
    expect(await firstName('/projects?limit=1')).toBe('Before') // still kept
    expect(await firstName('/projects?limit=2')).toBe('After') // read again
  })

  test('a full queue of expensive work answers 503 with Retry-After, never a slower wait', async () => {
    // A signed-in CV is never kept, so each request renders one; one runs, none
    // may wait. Whether two renderings overlap depends on how the database reads
    // before them interleave (through PgBouncer they may come one after another),
    // so up to five bursts are sent until one of them meets a full queue; every
    // answer of every burst must be a rendering or a refusal.
    const statuses: number[] = []
    let busy: Headers | undefined
    for (let burst = 0; burst < 5 && !busy; burst++) {
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          t.request('GET', '/cv.pdf', { token: admin.token, binary: true }),
        ),
      )
      statuses.push(...answers.map((a) => a.status))
      busy = answers.find((a) => a.status === 503)?.headers
    }
    expect(statuses).toContain(200)
    expect(statuses).toContain(503)
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true)
    expect(busy!.get('retry-after')).toBe('1')
  })
})

describe('kept answers, bounded in bytes', () => {
  beforeAll(async () => {
    t = await createTestContext(undefined, undefined, { load: { KEPT_ANSWERS_BYTES: '64' } })
    admin = await t.registerAdmin()
    const created = await t.request('POST', '/projects', {
      token: admin.token,
      body: {
        name: 'Before',
        description: 'A portfolio',
        startYear: 2024,
        endYear: null,
        technologiesIds: [],
        images: [],
        isActive: true,
      },
    })
    projectId = created.body.id
  })
  afterAll(() => t.close())

  test('never keeps an answer larger than the budget', async () => {
    expect(await firstName('/projects')).toBe('Before')
    await renameQuietly('After')
    expect(await firstName('/projects')).toBe('After')
  })
})
