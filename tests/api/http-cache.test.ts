import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from '../../supabase/functions/_shared/app.ts'
import { tokenKey } from '../../supabase/functions/_shared/accounts/auth.ts'
import { createDatabase, type Driver } from '../../supabase/functions/_shared/db/db.ts'
import { createWorkQueue } from '../../supabase/functions/_shared/http/work-queue.ts'
import {
  createTestContext,
  inProcess,
  TEST_SECRET,
  type TestContext,
} from '@test-support/api-harness.ts'

let t: TestContext
let admin: Awaited<ReturnType<TestContext['registerAdmin']>>
let projectId: number

beforeAll(async () => {
  t = await createTestContext()
  admin = await t.registerAdmin()
  const created = await t.request('POST', '/projects', {
    token: admin.token,
    body: {
      name: 'Vitrine',
      description: 'A portfolio',
      startYear: 2024,
      endYear: null,
      technologiesIds: [],
      images: [],
      isActive: true,
    },
  })
  if (created.status !== 201)
    throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`)
  projectId = created.body.id
  await t.request('POST', '/configs', {
    token: admin.token,
    body: { name: 'heroTitle1', value: 'FULL STACK', description: '' },
  })
})
afterAll(() => t.close())

const publicReads = [
  '/projects',
  '/technologies',
  '/certifications',
  '/configs',
  '/configs/all-as-object',
]

/**
 * An owner who edits the site and reopens it in the same browser must see the
 * edit: the browser may keep the answer but asks again every time (a 304 when
 * nothing changed), never serving it stale, not even while revalidating. A
 * shared cache (CDN) may keep it a few seconds.
 */
function expectRevalidatedByBrowsers(header: string | null) {
  const directives = new Map(
    (header ?? '').split(',').map((part) => {
      const [name = '', value] = part.trim().toLowerCase().split('=')
      return [name, value] as const
    }),
  )
  const revalidatesAlways =
    directives.has('no-cache') ||
    (directives.get('max-age') === '0' && directives.has('must-revalidate'))
  expect(revalidatesAlways, header ?? '').toBe(true)
  expect(directives.has('stale-while-revalidate'), header ?? '').toBe(false)
  expect(directives.has('stale-if-error'), header ?? '').toBe(false)
  expect(directives.has('public'), header ?? '').toBe(true)
  const shared = Number(directives.get('s-maxage'))
  expect(shared, header ?? '').toBeGreaterThan(0)
  expect(shared, header ?? '').toBeLessThanOrEqual(60)
}

describe('HTTP caching of public reads', () => {
  test.each(publicReads)(
    'gives a visitor GET %s a strong ETag, revalidated by browsers every time',
    async (path) => {
      const res = await t.request('GET', path)
      expect(res.status).toBe(200)
      expect(res.headers.get('etag')).toMatch(/^"p3-\d+"$/)
      expectRevalidatedByBrowsers(res.headers.get('cache-control'))
      expect(res.headers.get('vary')).toMatch(/authorization/i)
    },
  )

  test('answers the same ETag for the same content', async () => {
    const first = await t.request('GET', '/projects')
    const second = await t.request('GET', '/projects')
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
  })

  test('an ETag weakened by compression on the way still revalidates to 304', async () => {
    // Supabase's edge runtime (Deno 2.1) gzips a JSON answer for a client that
    // accepts it and marks its tag weak; the browser sends that weak tag back.
    const headers = { 'accept-encoding': 'gzip' }
    const first = await t.request('GET', '/projects', { headers })
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^(W\/)?"p3-\d+(-gzip)?"$/)
    const again = await t.request('GET', '/projects', {
      headers: { ...headers, 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    expect(again.body).toBeNull()
  })

  test('answers 304 with no body when If-None-Match holds the current ETag', async () => {
    const first = await t.request('GET', '/projects')
    const etag = first.headers.get('etag')!
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.request('GET', '/projects', { headers: { 'if-none-match': header } })
      expect(again.status).toBe(304)
      expect(again.body).toBeNull()
      expect(again.headers.get('etag')).toBe(etag)
      expectRevalidatedByBrowsers(again.headers.get('cache-control'))
    }
  })

  test('answers 200 with the full body when If-None-Match holds another ETag', async () => {
    const res = await t.request('GET', '/projects', {
      headers: { 'if-none-match': '"p2-0"' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(1)
  })

  test('makes the next read fresh after a write: 200 with a new ETag', async () => {
    const before = await t.request('GET', '/projects')
    const oldEtag = before.headers.get('etag')!
    const patched = await t.request('PATCH', `/projects/${projectId}`, {
      token: admin.token,
      body: { name: 'Vitrine 2' },
    })
    expect(patched.status).toBe(200)

    const after = await t.request('GET', '/projects', { headers: { 'if-none-match': oldEtag } })
    expect(after.status).toBe(200)
    expect(after.body[0].name).toBe('Vitrine 2')
    expect(after.headers.get('etag')).not.toBe(oldEtag)
    expect(
      (
        await t.request('GET', '/projects', {
          headers: { 'if-none-match': after.headers.get('etag')! },
        })
      ).status,
    ).toBe(304)
  })

  test('makes a configuration change visible on the next read too', async () => {
    const before = await t.request('GET', '/configs/all-as-object')
    const [config] = (await t.request('GET', '/configs')).body
    await t.request('PATCH', `/configs/${config.id}`, {
      token: admin.token,
      body: { value: 'BACK END' },
    })
    const after = await t.request('GET', '/configs/all-as-object', {
      headers: { 'if-none-match': before.headers.get('etag')! },
    })
    expect(after.status).toBe(200)
    expect(after.body.heroTitle1).toBe('BACK END')
  })

  test('never stores a signed-in read and never answers it 304', async () => {
    const visitor = await t.request('GET', '/projects')
    const res = await t.request('GET', '/projects', {
      token: admin.token,
      headers: { 'if-none-match': visitor.headers.get('etag')! },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('etag')).toBeNull()
    expect(
      (await t.request('GET', '/users', { token: admin.token })).headers.get('cache-control'),
    ).toBe('private, no-store')
  })

  test('leaves errors and writes without a public lifetime', async () => {
    const missing = await t.request('GET', '/projects/999999')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('etag')).toBeNull()
    expect(missing.headers.get('cache-control')).toBeNull()
    const write = await t.request('PATCH', `/projects/${projectId}`, {
      token: admin.token,
      body: { name: 'Vitrine 3' },
    })
    expect(write.headers.get('etag')).toBeNull()
    expect(write.headers.get('cache-control')).toBeNull()
  })
})

// In-process only: these build more apps around the test's own database object,
// which the deno target runs in another process.
describe.skipIf(!inProcess)('public answers kept in memory under the content version', () => {
  /** Another app (another instance's memory) on the same database, counting the transactions it opens. */
  const instance = (
    options: Parameters<typeof createApp>[1] = {},
    extra: Partial<Parameters<typeof createApp>[0]> = {},
  ) => {
    const counted = { transactions: 0 }
    const driver: Driver = {
      ...t.db!.driver,
      transaction: (fn, o) => {
        counted.transactions++
        return t.db!.driver.transaction(fn, o)
      },
    }
    const app = createApp(
      {
        db: createDatabase(driver),
        images: t.images!,
        tokenKey: tokenKey(TEST_SECRET),
        ...extra,
      },
      options,
    )
    return { app, counted }
  }
  const get = async (
    app: ReturnType<typeof createApp>,
    path: string,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.request(`/api${path}`, { headers })
    const bytes = new Uint8Array(await res.arrayBuffer())
    const encoding = res.headers.get('content-encoding')
    const text = Buffer.from(
      encoding === 'br'
        ? brotliDecompressSync(bytes)
        : encoding === 'gzip'
          ? gunzipSync(bytes)
          : bytes,
    ).toString('utf8')
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null }
  }
  const patch = (app: ReturnType<typeof createApp>, body: unknown) =>
    app.request(`/api/projects/${projectId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  test('answers a repeat read and a revalidation from memory, without a transaction', async () => {
    const { app, counted } = instance()
    const first = await get(app, '/projects')
    expect(counted.transactions).toBe(1)
    const again = await get(app, '/projects')
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
    const revalidated = await get(app, '/projects', {
      'if-none-match': first.headers.get('etag')!,
    })
    expect(revalidated.status).toBe(304)
    expect(counted.transactions).toBe(1)
  })

  test('answers 304 to a tag it never handed out itself, for the current version, without reading', async () => {
    const other = instance()
    const tag = (await get(other.app, '/technologies')).headers.get('etag')!
    const { app, counted } = instance()
    expect((await get(app, '/technologies', { 'if-none-match': tag })).status).toBe(304)
    expect(counted.transactions).toBe(0)
  })

  test('is never stale after a write through another instance on the same database', async () => {
    const a = instance()
    const b = instance()
    const before = await get(b.app, '/projects')
    await get(b.app, '/projects') // now held in b's memory
    expect((await patch(a.app, { name: 'Written through A' })).status).toBe(200)
    const after = await get(b.app, '/projects', { 'if-none-match': before.headers.get('etag')! })
    expect(after.status).toBe(200)
    expect(after.body[0].name).toBe('Written through A')
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'))
  })

  test('is never stale after a write straight into the database (a dashboard, psql)', async () => {
    const { app } = instance()
    await get(app, '/certifications')
    await t.sql(
      `insert into public.certifications (name, icon, obtained_date) values ('Direct', 'x', '2026-01-01')`,
    )
    const after = await get(app, '/certifications')
    expect(after.body.map((c: { name: string }) => c.name)).toContain('Direct')
  })

  test('keeps each URL apart, query string included', async () => {
    const { app } = instance()
    const all = await get(app, '/configs')
    const object = await get(app, '/configs/all-as-object')
    expect(Array.isArray(all.body)).toBe(true)
    expect(Array.isArray(object.body)).toBe(false)
    expect((await get(app, '/configs')).body).toEqual(all.body)
  })

  test('never answers a signed-in read from memory', async () => {
    const { app, counted } = instance()
    await get(app, '/projects')
    await get(app, '/projects', { authorization: `Bearer ${admin.token}` })
    expect(counted.transactions).toBe(2)
  })

  test('sends the brotli or gzip form the client accepts, made once, with its own tag', async () => {
    const compress = async (body: Uint8Array, encoding: 'br' | 'gzip') =>
      new Uint8Array(encoding === 'br' ? brotliCompressSync(body) : gzipSync(body))
    // Enough content for compression to pay.
    for (let i = 0; i < 5; i++)
      await t.sql(
        `insert into public.technologies (name, icon) values ($1, 'https://example.com/icon.svg')`,
        [`Compressible technology ${i} with a long enough name`],
      )
    const { app } = instance({ compress })
    const plain = await get(app, '/technologies')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Authorization, Accept-Encoding')
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const res = await get(app, '/technologies', { 'accept-encoding': accept })
      expect(res.headers.get('content-encoding')).toBe(encoding)
      expect(res.headers.get('etag')).toBe(
        plain.headers.get('etag')!.replace(/"$/, `-${encoding}"`),
      )
      expect(res.body).toEqual(plain.body)
      const revalidated = await get(app, '/technologies', {
        'accept-encoding': accept,
        'if-none-match': res.headers.get('etag')!,
      })
      expect(revalidated.status).toBe(304)
    }
  })

  test('lets the least recently used answer go when full, never the one just asked for', async () => {
    // Room for two answers by count: the third pushes out the oldest unused one.
    const { app, counted } = instance({ memoLimits: { entries: 2, bytes: 1024 * 1024 } })
    await get(app, '/projects')
    await get(app, '/technologies')
    await get(app, '/projects') // now the most recently used
    expect(counted.transactions).toBe(2)
    await get(app, '/certifications')
    await get(app, '/projects')
    expect(counted.transactions).toBe(3) // /projects was still kept
    await get(app, '/technologies')
    expect(counted.transactions).toBe(4) // /technologies had gone
  })

  test('keeps no more bytes than it is given, whatever the number of entries', async () => {
    const one = await instance().app.request('/api/projects')
    const bytes = (await one.arrayBuffer()).byteLength
    // Room for about one answer of that size: a second one pushes the first out.
    const { app, counted } = instance({
      memoLimits: { entries: 100, bytes: Math.round(bytes * 1.5) },
    })
    await get(app, '/projects')
    await get(app, '/projects')
    expect(counted.transactions).toBe(1)
    await get(app, '/projects?limit=50')
    await get(app, '/projects')
    expect(counted.transactions).toBe(3)
    // Larger than the whole budget: answered, never kept.
    const tiny = instance({ memoLimits: { entries: 100, bytes: 10 } })
    await get(tiny.app, '/projects')
    await get(tiny.app, '/projects')
    expect(tiny.counted.transactions).toBe(2)
  })

  test('reads an answer once for a burst of requests that find it not kept', async () => {
    const { app, counted } = instance()
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => get(app, `/projects?utm_source=${i}`)),
    )
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(new Set(answers.map((a) => a.headers.get('etag'))).size).toBe(1)
    expect(counted.transactions).toBe(1)
  })

  test('answers 503 with Retry-After when the queue of expensive work is full', async () => {
    const work = createWorkQueue({ concurrency: 1, waiting: 0, retryAfterSeconds: 2 })
    const { app } = instance({}, { work })
    let release = () => {}
    const held = work.run(() => new Promise<void>((resolve) => (release = resolve)))
    const res = await app.request('/api/cv.pdf?busy=1')
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('2')
    expect(((await res.json()) as { statusCode: number }).statusCode).toBe(503)
    release()
    await held
    expect((await app.request('/api/cv.pdf?busy=2')).status).toBe(200)
  })
})
