// Visit statistics (docs/PRODUCT.md §17): POST /events counts page views and
// outbound clicks, keeps nothing personal (a daily-salted hash, the referrer's
// host, two utm values), skips visitors who opted out and robots, limits each
// address; GET /stats answers the rollups to signed-in accounts.
import { strFromU8, strToU8 } from 'fflate'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { archiveForm, unzip, zip } from '@test-support/backup-fixtures.ts'
import { createTestContext, TEST_SECRET, type TestContext } from '@test-support/api-harness.ts'
import { addressDigest } from '../../supabase/functions/_shared/http/client-key.ts'
import { readConfig } from '../../server/config.ts'
import { readEdgeEnv } from '../../supabase/functions/_shared/edge-env.ts'
import { pageOf, readStatsSettings } from '../../supabase/functions/_shared/visits/stats.ts'

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>
let lastAddress = 10

beforeAll(async () => {
  // The pages live on another origin than the API, as on Supabase (cross-site.ts).
  t = await createTestContext(undefined, undefined, { allowedOrigins: ['http://site.test'] })
  r = await t.roles()
})
afterAll(async () => {
  await t?.close()
})

/** A new visitor's address for each test, so the per-address limit never mixes tests up. */
const newAddress = () => `198.51.100.${++lastAddress}`

const send = (body: unknown, address: string, headers: Record<string, string> = {}) =>
  t.request('POST', '/events', {
    // As sendBeacon sends a string: text/plain, a request without a preflight.
    rawBody: typeof body === 'string' ? body : JSON.stringify(body),
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': BROWSER,
      'x-forwarded-for': address,
      ...headers,
    },
  })

const stats = async (days = 7, token = r.admin.token) => {
  const res = await t.request('GET', `/stats?days=${days}`, { token })
  expect(res.status).toBe(200)
  return res.body
}

const eventCount = async () =>
  Number((await t.sql<{ n: number }>('select count(*)::int as n from app.visit_events'))[0]!.n)

const today = () => new Date().toISOString().slice(0, 10)

describe('counting', () => {
  test('a page view is counted once, as a view and a visitor of today', async () => {
    const before = await stats()
    expect((await send({ type: 'view', path: '/' }, newAddress())).status).toBe(204)
    const after = await stats()
    expect(after.totals.views).toBe(before.totals.views + 1)
    expect(after.totals.visitors).toBe(before.totals.visitors + 1)
    expect(after.days).toHaveLength(7)
    expect(after.days.at(-1)).toMatchObject({ date: today() })
  })

  test('the same visitor viewing two pages is one visitor and two views', async () => {
    const before = await stats()
    const address = newAddress()
    await send({ type: 'view', path: '/' }, address)
    await send({ type: 'view', path: '/projects/1-x' }, address)
    const after = await stats()
    expect(after.totals.views).toBe(before.totals.views + 2)
    expect(after.totals.visitors).toBe(before.totals.visitors + 1)
  })

  test('project views and outbound clicks per target', async () => {
    const project = await t.request('POST', '/projects', {
      token: r.admin.token,
      body: { name: 'Counted', description: 'A project people look at', isActive: true },
    })
    expect(project.status).toBe(201)
    const id = project.body.id as number
    const address = newAddress()
    await send({ type: 'view', path: `/projects/${id}-counted`, projectId: id }, address)
    await send(
      { type: 'click', path: `/projects/${id}-counted`, projectId: id, target: 'live' },
      address,
    )
    await send({ type: 'click', path: '/', target: 'github' }, address)
    const seen = await stats()
    expect(seen.projects).toContainEqual({ id, name: 'Counted', views: 1 })
    expect(seen.clicks).toContainEqual({ target: 'live', count: 1 })
    expect(seen.clicks).toContainEqual({ target: 'github', count: 1 })
  })

  test('an unknown or inactive project id is dropped, the view still counted', async () => {
    const hidden = await t.request('POST', '/projects', {
      token: r.admin.token,
      body: { name: 'Hidden', description: 'Not published', isActive: false },
    })
    for (const id of [99999, hidden.body.id as number])
      expect(
        (await send({ type: 'view', path: `/projects/${id}`, projectId: id }, newAddress())).status,
      ).toBe(204)
    const rows = await t.sql<{ project_id: number | null }>(
      `select project_id from app.visit_events where path in ('/projects/99999', '/projects/${hidden.body.id}')`,
    )
    expect(rows).toEqual([{ project_id: null }, { project_id: null }])
  })
})

describe('not counted', () => {
  test.each([
    ['Do Not Track', { dnt: '1' }],
    ['Global Privacy Control', { 'sec-gpc': '1' }],
    [
      'a search robot',
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    ],
    ['a headless browser', { 'user-agent': BROWSER.replace('Chrome/', 'HeadlessChrome/') }],
    ['a script', { 'user-agent': 'curl/8.5.0' }],
    ['no user agent', { 'user-agent': '' }],
  ])('%s: answered 204, nothing stored', async (_name, headers) => {
    const before = await eventCount()
    expect((await send({ type: 'view', path: '/' }, newAddress(), headers)).status).toBe(204)
    expect(await eventCount()).toBe(before)
  })
})

describe('nothing personal is stored', () => {
  test('no address, no user agent; the referrer as its host; utm_source and utm_campaign kept', async () => {
    const address = newAddress()
    await send(
      {
        type: 'view',
        path: '/?utm_source=newsletter&utm_campaign=launch&utm_medium=email&name=Ada',
        referrer: 'https://www.Example.org/some/page?q=secret#top',
      },
      address,
    )
    const [row] = await t.sql<Record<string, unknown>>(
      `select to_jsonb(e) - 'visitor' as fields, encode(visitor, 'hex') as visitor
         from app.visit_events e order by id desc limit 1`,
    )
    expect(row!.fields).toMatchObject({
      kind: 'view',
      path: '/',
      referrer_host: 'www.example.org',
      utm_source: 'newsletter',
      utm_campaign: 'launch',
    })
    const everything = JSON.stringify(row)
    for (const personal of [address, 'Chrome', 'secret', 'Ada', 'email', '/some/page'])
      expect(everything).not.toContain(personal)
    expect(row!.visitor).toMatch(/^[0-9a-f]{64}$/)
    const seen = await stats()
    expect(seen.referrers).toContainEqual({ host: 'www.example.org', visits: 1 })
    expect(seen.sources).toContainEqual({ name: 'newsletter', visits: 1 })
    expect(seen.campaigns).toContainEqual({ name: 'launch', visits: 1 })
  })

  test('no row of any table holds the address, the per-address limit included', async () => {
    const address = newAddress()
    await send({ type: 'view', path: '/' }, address)
    await send({ type: 'click', path: '/', target: 'github' }, address)
    await stats()
    const tables = await t.sql<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_%'`,
    )
    expect(tables.map((table) => table.name)).toContain('app.rate_limits')
    // As text, or as the bytes of a bytea column (to_jsonb writes them in hex).
    const hex = Buffer.from(address).toString('hex')
    const holding: string[] = []
    for (const { name } of tables) {
      const [row] = await t.sql<{ n: number }>(
        `select count(*)::int as n from ${name} r
          where strpos(to_jsonb(r)::text, $1) > 0 or strpos(to_jsonb(r)::text, $2) > 0`,
        [address, hex],
      )
      if (row!.n > 0) holding.push(name)
    }
    expect(holding).toEqual([])
    // The address is still limited: under a hash of it with the day's salt, gone with the salt.
    const [limit] = await t.sql<{ hits: number }>(
      `select r.hits from app.rate_limits r, app.visit_salts s
        where r.bucket = 'events' and s.day = (now() at time zone 'UTC')::date
          and r.key = encode(sha256(s.salt || convert_to($1, 'UTF8')), 'hex')`,
      [addressDigest(new TextEncoder().encode(TEST_SECRET), address)],
    )
    expect(limit?.hits).toBe(2)
  })

  test('a referrer that is not a web address, or the site itself, is not kept', async () => {
    await send({ type: 'view', path: '/a', referrer: 'android-app://com.example' }, newAddress())
    await send({ type: 'view', path: '/b', referrer: 'http://site.test/' }, newAddress(), {
      origin: 'http://site.test',
    })
    const rows = await t.sql<{ referrer_host: string | null }>(
      "select referrer_host from app.visit_events where path in ('/a', '/b')",
    )
    expect(rows).toEqual([{ referrer_host: null }, { referrer_host: null }])
  })

  test('the same visitor gets an unrelated hash the next day, and yesterday’s salt is gone', async () => {
    const address = newAddress()
    await send({ type: 'view', path: '/day-one' }, address)
    // Tomorrow, as far as the database can tell: today's salt and event become yesterday's.
    await t.sql('update app.visit_salts set day = day - 1')
    await t.sql(
      "update app.visit_events set day = day - 1, at = at - interval '1 day', rolled = false where path = '/day-one'",
    )
    await send({ type: 'view', path: '/day-two' }, address)
    const rows = await t.sql<{ path: string; visitor: string }>(
      `select path, encode(visitor, 'hex') as visitor from app.visit_events
        where path in ('/day-one', '/day-two') order by path`,
    )
    expect(rows).toHaveLength(2)
    expect(rows[0]!.visitor).not.toBe(rows[1]!.visitor)
    const salts = await t.sql<{ day: string }>(
      "select to_char(day, 'YYYY-MM-DD') as day from app.visit_salts",
    )
    expect(salts).toEqual([{ day: today() }])
    // Once the day is over, the visitor still counts for both days.
    const seen = await stats()
    expect(seen.days.at(-2).visitors).toBeGreaterThanOrEqual(1)
  })
})

describe('rollup and retention', () => {
  test('raw events past the retention are deleted, their daily rollups kept', async () => {
    const insertOld = (daysAgo: number, path: string) =>
      t.sql(
        `insert into app.visit_events (at, day, kind, path, visitor)
         select now() - make_interval(days => $1), (now() at time zone 'UTC')::date - $1, 'view', $2,
                sha256(convert_to($2 || n, 'UTF8'))
           from generate_series(1, 3) n`,
        [daysAgo, path],
      )
    await insertOld(40, '/old')
    await insertOld(10, '/recent')
    const seen = await stats(90)
    const day = (daysAgo: number) =>
      seen.days.find(
        (d: { date: string }) =>
          d.date === new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10),
      )
    expect(day(40)).toMatchObject({ views: 3, visitors: 3 })
    expect(day(10)).toMatchObject({ views: 3, visitors: 3 })
    const left = await t.sql<{ path: string; n: number }>(
      "select path, count(*)::int as n from app.visit_events where path in ('/old', '/recent') group by path",
    )
    expect(left).toEqual([{ path: '/recent', n: 3 }])
    // Counted again from what is left, the kept day stays the same.
    await t.sql("update app.visit_events set rolled = false where path = '/recent'")
    const again = await stats(90)
    expect(again.days).toEqual(seen.days)
    expect(seen.totals.views).toBe(
      seen.days.reduce((s: number, d: { views: number }) => s + d.views, 0),
    )
  })
})

describe('backups', () => {
  test('the daily statistics travel in a backup, projects by their new ids; an older archive leaves them alone', async () => {
    const project = await t.request('POST', '/projects', {
      token: r.admin.token,
      body: { name: 'Travels', description: 'Moved with its views', isActive: true },
    })
    await send(
      {
        type: 'view',
        path: '/projects/x',
        projectId: project.body.id,
        referrer: 'https://moved.test/',
      },
      newAddress(),
    )
    const before = await stats(90)
    const res = await t.request<Uint8Array>('GET', '/backup', {
      token: r.admin.token,
      binary: true,
    })
    expect(res.status).toBe(200)
    const files = unzip(res.body)
    const content = JSON.parse(strFromU8(files['content.json']!))
    expect(content.visits).toContainEqual(
      expect.objectContaining({ kind: 'referrer', key: 'moved.test', events: 1 }),
    )
    // Restored: every project gets a new id, and its views follow it.
    expect(
      (await t.request('POST', '/backup', { token: r.admin.token, rawBody: archiveForm(res.body) }))
        .status,
    ).toBe(200)
    const after = await stats(90)
    expect(after.days).toEqual(before.days)
    expect(after.referrers).toEqual(before.referrers)
    const [moved] = await t.sql<{ id: number }>(
      "select id from public.projects where name = 'Travels'",
    )
    expect(moved!.id).not.toBe(project.body.id)
    expect(after.projects).toContainEqual({ id: moved!.id, name: 'Travels', views: 1 })
    // An archive made before statistics existed restores, and they stay.
    delete content.visits
    const old = zip({ ...files, 'content.json': strToU8(JSON.stringify(content)) })
    expect(
      (await t.request('POST', '/backup', { token: r.admin.token, rawBody: archiveForm(old) }))
        .status,
    ).toBe(200)
    expect((await stats(90)).referrers).toEqual(before.referrers)
  })
})

describe('restores and raw events', () => {
  test('a restore replaces the raw events too: views after it add to the restored day, under the new ids', async () => {
    const project = await t.request('POST', '/projects', {
      token: r.admin.token,
      body: { name: 'Renumbered', description: 'Gets a new id in the restore', isActive: true },
    })
    const oldId = project.body.id as number
    await send({ type: 'view', path: '/projects/r', projectId: oldId }, newAddress())
    await send({ type: 'view', path: '/projects/r', projectId: oldId }, newAddress())
    // Taken before any rollup: the archive rolls up first, so these views travel.
    const archive = await t.request<Uint8Array>('GET', '/backup', {
      token: r.admin.token,
      binary: true,
    })
    expect(archive.status).toBe(200)
    const restore = await t.request('POST', '/backup', {
      token: r.admin.token,
      rawBody: archiveForm(archive.body),
    })
    expect(restore.status).toBe(200)
    const [moved] = await t.sql<{ id: number }>(
      "select id from public.projects where name = 'Renumbered'",
    )
    const newId = moved!.id
    expect(newId).not.toBe(oldId)
    // No raw event names the project by its old id any more.
    expect(await t.sql('select id from app.visit_events where project_id = $1', [oldId])).toEqual(
      [],
    )
    const restored = await stats()
    expect(restored.projects).toContainEqual({ id: newId, name: 'Renumbered', views: 2 })

    // A view of today after the restore adds to the restored day: nothing of
    // it is counted again from events the restore replaced.
    await send({ type: 'view', path: '/projects/r', projectId: newId }, newAddress())
    const after = await stats()
    expect(after.projects).toContainEqual({ id: newId, name: 'Renumbered', views: 3 })
    expect(after.days.at(-1)).toEqual({
      ...restored.days.at(-1),
      views: restored.days.at(-1).views + 1,
      visitors: restored.days.at(-1).visitors + 1,
    })
    // The same visitor in the next rollup is one more view, and no other
    // visitor: the events since the restore are there to tell.
    const again = newAddress()
    await send({ type: 'view', path: '/' }, again)
    const once = await stats()
    await send({ type: 'view', path: '/' }, again)
    const twice = await stats()
    expect(once.days.at(-1).visitors).toBe(after.days.at(-1).visitors + 1)
    expect(twice.days.at(-1).views).toBe(once.days.at(-1).views + 1)
    expect(twice.days.at(-1).visitors).toBe(once.days.at(-1).visitors)
  })
})

describe('a retention of 0 days', () => {
  let zero: TestContext
  let token = ''
  beforeAll(async () => {
    zero = await createTestContext(undefined, undefined, {
      stats: { retentionDays: 0, eventsPerMinute: 60 },
    })
    token = (await zero.registerAdmin()).token
  })
  afterAll(async () => {
    await zero?.close()
  })

  const read = async () => {
    const res = await zero.request('GET', '/stats?days=7', { token })
    expect(res.status).toBe(200)
    return res.body as { days: { date: string; views: number; visitors: number }[] }
  }
  const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
  /** Views stamped yesterday, as events whose transaction began before midnight (UTC). */
  const viewsOfYesterday = (visitors: string[]) =>
    zero.sql(
      `insert into app.visit_events (at, day, kind, path, visitor)
       select now() - interval '1 day', (now() at time zone 'UTC')::date - 1, 'view', '/late',
              sha256(convert_to(v, 'UTF8'))
         from unnest($1::text[]) v`,
      [visitors],
    )

  test('raw events go once their day is over, and a late one adds to its day instead of replacing it', async () => {
    await viewsOfYesterday(['ada', 'grace', 'edsger'])
    const counted = await read()
    expect(counted.days.find((d) => d.date === yesterday())).toMatchObject({
      views: 3,
      visitors: 3,
    })
    expect(
      await zero.sql(
        "select id from app.visit_events where day < (now() at time zone 'UTC')::date",
      ),
    ).toEqual([])
    // An event of yesterday that committed after that rollup.
    await viewsOfYesterday(['barbara'])
    const later = await read()
    expect(later.days.find((d) => d.date === yesterday())).toMatchObject({
      views: 4,
      visitors: 4,
    })
    expect(later.days.slice(0, -2)).toEqual(counted.days.slice(0, -2))
  })

  test('today is still counted from its raw events, one visitor once', async () => {
    const headers = {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': BROWSER,
      'x-forwarded-for': '203.0.113.50',
    }
    for (const path of ['/', '/projects/1-x'])
      expect(
        (
          await zero.request('POST', '/events', {
            rawBody: JSON.stringify({ type: 'view', path }),
            headers,
          })
        ).status,
      ).toBe(204)
    expect((await read()).days.at(-1)).toMatchObject({ date: today(), views: 2, visitors: 1 })
    // Counted again from the same events, today stays the same.
    await zero.sql('update app.visit_events set rolled = false')
    expect((await read()).days.at(-1)).toMatchObject({ views: 2, visitors: 1 })
  })
})

describe('settings', () => {
  const EDGE: Record<string, string> = {
    JWT_SECRET: 'x'.repeat(32),
    SUPABASE_DB_URL: 'postgres://db',
  }
  test.each([
    ['-1', 'STATS_RETENTION_DAYS must be a whole number from 0 to 3650, got "-1"'],
    ['1.5', 'STATS_RETENTION_DAYS must be a whole number from 0 to 3650, got "1.5"'],
    ['thirty', 'STATS_RETENTION_DAYS must be a whole number from 0 to 3650, got "thirty"'],
    ['3651', 'STATS_RETENTION_DAYS must be a whole number from 0 to 3650, got "3651"'],
  ])('STATS_RETENTION_DAYS=%s stops the server at its start', (value, message) => {
    expect(() => readConfig({ STATS_RETENTION_DAYS: value })).toThrow(message)
    const edge: Record<string, string> = { ...EDGE, STATS_RETENTION_DAYS: value }
    expect(() => readEdgeEnv((name) => edge[name])).toThrow(message)
  })

  test('the retention is 30 days unless set; 0 keeps no raw event past its day', () => {
    expect(readStatsSettings(() => undefined).retentionDays).toBe(30)
    expect(
      readStatsSettings((name) => (name === 'STATS_RETENTION_DAYS' ? ' 0 ' : undefined))
        .retentionDays,
    ).toBe(0)
    expect(
      readStatsSettings((name) => (name === 'STATS_RETENTION_DAYS' ? '90' : '')).retentionDays,
    ).toBe(90)
  })
})

describe('GET /stats', () => {
  test('visitors get 401; a read-only account reads', async () => {
    expect((await t.request('GET', '/stats?days=7')).status).toBe(401)
    const seen = await stats(30, r.user.token)
    expect(Object.keys(seen)).toEqual(
      expect.arrayContaining(['totals', 'days', 'projects', 'referrers', 'clicks']),
    )
    expect(seen.days).toHaveLength(30)
  })

  test.each(['14', '0', 'abc', '7.0', '-7'])('days=%s answers 400', async (days) => {
    const res = await t.request('GET', `/stats?days=${days}`, { token: r.admin.token })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('days must be 7, 30 or 90')
  })
})

describe('abuse', () => {
  test.each([
    ['not JSON', '{"type":'],
    ['JSON but not an object', '42'],
    ['an unknown type', { type: 'purchase', path: '/' }],
    ['an unknown target', { type: 'click', path: '/', target: 'ftp' }],
    ['a path that is not a path', { type: 'view', path: 'https://elsewhere.test/' }],
    ['a project id that is not a number', { type: 'view', path: '/', projectId: '1; drop table' }],
    ['a huge project id', { type: 'view', path: '/', projectId: 1e20 }],
    ['a project id past any number', '{"type":"view","path":"/","projectId":1e400}'],
    ['a fractional project id', { type: 'view', path: '/', projectId: 1.5 }],
    ['a negative project id', { type: 'view', path: '/', projectId: -3 }],
    ['null', 'null'],
    ['an array', '[{"type":"view","path":"/"}]'],
    ['a string', '"/"'],
    ['a null type', { type: null, path: '/' }],
    ['a null path', { type: 'view', path: null }],
    ['a referrer that is not text', { type: 'view', path: '/', referrer: { href: 'x' } }],
    // A backslash after the first slash reads as "//": another host, or none that parses.
    ['a backslash after the slash', { type: 'view', path: '/\\a b' }],
    ['a backslash before a bracket', { type: 'view', path: '/\\[' }],
    ['a backslash before a percent sign', { type: 'view', path: '/\\%' }],
    ['a lone backslash', { type: 'view', path: '/\\' }],
    ['a tab hiding a backslash', { type: 'view', path: '/\t\\[' }],
    ['a line break in the path', { type: 'view', path: '/\n/elsewhere' }],
    ['a space in the path', { type: 'view', path: '/a b' }],
  ])('%s answers 400', async (_name, body) => {
    const res = await send(body, newAddress())
    expect(res.status).toBe(400)
    expect(res.body.statusCode).toBe(400)
  })

  test('the page of a path the schema refuses is still read without throwing', () => {
    for (const path of ['/\\a b', '/\\', '/\t\\[', '//elsewhere', '', '?', '#'])
      expect(() => pageOf(path)).not.toThrow()
    expect(pageOf('/\\[?utm_source=x#top')).toEqual({
      path: '/\\[',
      utmSource: null,
      utmCampaign: null,
    })
  })

  test('odd referrers and query values are dropped or cleaned, never refused', async () => {
    const referrers = [
      'http://[',
      'https://exa mple.org/',
      'http://%zz/',
      '\\\\server\\share',
      'javascript:alert(1)',
      'https://\u00e9xample.org/\\[%',
    ]
    for (const referrer of referrers)
      expect(
        (await send({ type: 'view', path: '/odd-referrer', referrer }, newAddress())).status,
      ).toBe(204)
    expect(
      (
        await send(
          {
            type: 'view',
            path: '/odd-query?utm_source=news%00letter%0A&utm_campaign=%E2%80%AE%ZZ',
          },
          newAddress(),
        )
      ).status,
    ).toBe(204)
    const rows = await t.sql<{ referrer_host: string | null }>(
      "select referrer_host from app.visit_events where path = '/odd-referrer' order by id",
    )
    expect(rows.map((row) => row.referrer_host)).toEqual([
      null,
      null,
      null,
      null,
      null,
      'xn--xample-9ua.org',
    ])
    const [query] = await t.sql<{ utm_source: string; utm_campaign: string }>(
      "select utm_source, utm_campaign from app.visit_events where path = '/odd-query'",
    )
    expect(query).toEqual({ utm_source: 'newsletter', utm_campaign: '\u202e%ZZ' })
  })

  test('a body over 2 kB answers 413', async () => {
    const res = await send(
      { type: 'view', path: '/', referrer: `https://x.test/${'a'.repeat(3000)}` },
      newAddress(),
    )
    expect(res.status).toBe(413)
  })

  test('a flood from one address adds no more than the limit', async () => {
    const address = newAddress()
    const before = await eventCount()
    const answers: number[] = []
    for (let batch = 0; batch < 8; batch++) {
      const sent = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          send({ type: 'view', path: `/flood/${batch}/${i}` }, address),
        ),
      )
      answers.push(...sent.map((res) => res.status))
    }
    expect(answers.filter((status) => status === 204)).toHaveLength(60)
    expect(answers.filter((status) => status === 429)).toHaveLength(20)
    expect(await eventCount()).toBe(before + 60)
    // Another address is not affected.
    expect((await send({ type: 'view', path: '/' }, newAddress())).status).toBe(204)
  })
})
