// Rate limits that hold: counted before the work, atomically, so parallel
// requests cannot slip past; keyed on the address a trusted proxy wrote, not
// on one the client chose; per username as well as per client; and rows that
// have run out are removed (docs/decisions/012-rate-limits.md).
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  addressDigest,
  clientAddress,
  forgetMissingHeaderLog,
  parseClientAddressRule,
  type ClientAddressRule,
} from '../../supabase/functions/_shared/http/client-key.ts'
import { readEdgeEnv } from '../../supabase/functions/_shared/edge-env.ts'
import {
  createTestContext,
  target,
  TEST_SECRET,
  type TestContext,
} from '@test-support/api-harness.ts'

let t: TestContext
let admin: { token: string; user: { id: number; username: string } }
beforeAll(async () => {
  t = await createTestContext()
  admin = await t.registerAdmin('owner')
})
afterAll(() => t.close())

/** What app.rate_limits keeps for an address key (client-key.ts). */
const digest = (key: string) => addressDigest(new TextEncoder().encode(TEST_SECRET), key)

/** The address the proxy in front of the API appended, after whatever the client claimed. */
const from = (address: string, claimed?: string) => ({
  'x-forwarded-for': claimed ? `${claimed}, ${address}` : address,
})

const login = (username: string, password: string, headers: Record<string, string>) =>
  t.request('POST', '/auth/login', { headers, body: { username, password } })

const contact = (headers: Record<string, string>, n: number) =>
  t.request('POST', '/contact', {
    headers,
    body: { name: 'Grace', email: 'grace@example.com', message: `Hello number ${n}` },
  })

const countMessages = async () =>
  Number(
    (await t.sql<{ n: number }>('select count(*)::int as n from public.contact_messages'))[0]?.n,
  )

describe('limits hold under concurrency', () => {
  test('thirty parallel wrong logins get exactly five password checks', async () => {
    const headers = from('192.0.2.30')
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('owner', `wrong-${i}`, headers)),
    )
    // A 401 means the password was compared; a 429 means it never was.
    const checked = answers.filter((a) => a.status === 401).length
    const refused = answers.filter((a) => a.status === 429)
    expect(checked).toBe(5)
    expect(refused).toHaveLength(25)
    expect(refused[0]?.body).toEqual({
      statusCode: 429,
      message: 'Too many failed login attempts. Please try again later.',
    })
    expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  test('twenty parallel contact posts store exactly five messages', async () => {
    const before = await countMessages()
    const headers = from('192.0.2.20')
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => contact(headers, i)))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15)
    expect((await countMessages()) - before).toBe(5)
  })
})

describe('the client is the address a trusted proxy wrote', () => {
  test('a client that changes the leftmost X-Forwarded-For on every try is still one client at login', async () => {
    const answers = []
    for (let i = 0; i < 6; i++)
      answers.push(await login('spoof-target', 'wrong', from('192.0.2.61', `10.9.8.${i}`)))
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429])
  })

  test('a contact spammer who changes the leftmost X-Forwarded-For is still one client, with one row', async () => {
    const answers = []
    for (let i = 0; i < 6; i++) answers.push(await contact(from('192.0.2.62', `10.7.6.${i}`), i))
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 429])
    const rows = await t.sql<{ key: string }>(
      "select key from app.rate_limits where bucket = 'contact' and key = any($1)",
      [['192.0.2.62', ...Array.from({ length: 6 }, (_, i) => `10.7.6.${i}`)].map(digest)],
    )
    expect(rows.map((r) => r.key)).toEqual([digest('192.0.2.62')])
  })
})

describe('which address counts (CLIENT_IP_HEADER)', () => {
  /** The address a request is counted under, by `rule`; `env` stands in for Deno.serve's handler info. */
  async function seen(rule: ClientAddressRule, headers: Record<string, string>, env?: object) {
    const app = new Hono()
    app.get('/', (c) => c.text(clientAddress(c, rule)))
    return (await app.request('/', { headers }, env)).text()
  }
  const edgeRule = () =>
    readEdgeEnv((name) => ({ JWT_SECRET: 'x'.repeat(32), SUPABASE_DB_URL: 'postgres://db' })[name])
      .clientAddress

  test('the edge function counts the CF-Connecting-IP that Supabase sets, not what the client put in X-Forwarded-For', async () => {
    const headers = {
      'x-forwarded-for': '10.0.0.1, 198.51.100.1',
      'cf-connecting-ip': '203.0.113.9',
    }
    expect(await seen(edgeRule(), headers)).toBe('203.0.113.9')
  })

  test('without that header the connection address counts, never a header the client chose', async () => {
    const remote = { remoteAddr: { hostname: '192.0.2.44' } }
    expect(await seen(edgeRule(), { 'x-forwarded-for': '10.0.0.1' }, remote)).toBe('192.0.2.44')
    expect(await seen(edgeRule(), { 'x-forwarded-for': '10.0.0.1' })).toBe('unknown')
  })

  test('x-forwarded-for:N takes the N-th entry from the right, behind N proxies that append', async () => {
    const headers = { 'x-forwarded-for': 'forged, 198.51.100.7, 10.0.0.2' }
    expect(await seen(parseClientAddressRule('X-Forwarded-For:2'), headers)).toBe('198.51.100.7')
    expect(await seen(parseClientAddressRule('x-forwarded-for'), headers)).toBe('10.0.0.2')
    expect(await seen(parseClientAddressRule('x-real-ip'), { 'x-real-ip': ' 192.0.2.5 ' })).toBe(
      '192.0.2.5',
    )
  })

  test('a value that is no address is not a key: the connection address counts', async () => {
    const remote = { remoteAddr: { hostname: '192.0.2.45' } }
    const rule = parseClientAddressRule('x-real-ip')
    expect(await seen(rule, { 'x-real-ip': 'anything-i-like' }, remote)).toBe('192.0.2.45')
  })

  test('without the configured header the edge logs once which headers carry an address', async () => {
    forgetMissingHeaderLog()
    const warnings: string[] = []
    const spy = vi.spyOn(console, 'warn').mockImplementation((line: unknown) => {
      warnings.push(String(line))
    })
    try {
      const remote = { remoteAddr: { hostname: '192.0.2.44' } }
      const sent = { 'x-real-ip': '203.0.113.1', 'x-forwarded-for': '203.0.113.1' }
      expect(await seen(edgeRule(), sent, remote)).toBe('192.0.2.44')
      expect(await seen(edgeRule(), sent, remote)).toBe('192.0.2.44')
    } finally {
      spy.mockRestore()
    }
    expect(warnings).toHaveLength(1)
    const logged = JSON.parse(warnings[0] ?? '{}') as {
      headersWithAnAddress: string[]
      fix: string
    }
    expect(logged.headersWithAnAddress).toEqual(['x-real-ip', 'x-forwarded-for'])
    expect(logged.fix).toContain('x-real-ip')
    expect(warnings[0]).not.toContain('203.0.113.1')
  })

  test('a malformed CLIENT_IP_HEADER stops the boot with the reason', () => {
    for (const bad of ['x-forwarded-for:0', 'cf-connecting-ip:2', 'two words', ''])
      expect(() => parseClientAddressRule(bad)).toThrow(/CLIENT_IP_HEADER/)
  })
})

describe('a username is limited whatever address the guesses come from', () => {
  test('after ten failures from ten addresses an address that failed waits, even with the right password', async () => {
    const victim = await t.createUser('admin', admin.token, 'victim')
    expect(victim.user.username).toBe('victim')
    const statuses = []
    for (let i = 1; i <= 11; i++)
      statuses.push((await login('victim', `guess-${i}`, from(`198.51.100.${i}`))).status)
    expect(statuses).toEqual(Array(11).fill(401))

    const next = await login('victim', 'guess-12', from('198.51.100.11'))
    expect(next.status).toBe(429)
    expect(next.body).toEqual({
      statusCode: 429,
      message: 'Too many failed login attempts. Please try again later.',
    })
    const wait = Number(next.headers.get('retry-after'))
    expect(wait).toBeGreaterThanOrEqual(1)
    expect(wait).toBeLessThanOrEqual(900)
    expect((await login('victim', 'pass-word-1', from('198.51.100.11'))).status).toBe(429)
  })

  test('the right password from a new address is never refused for guesses made elsewhere', async () => {
    await t.createUser('admin', admin.token, 'targeted')
    for (let i = 1; i <= 15; i++)
      await login('targeted', `guess-${i}`, from(`198.51.100.${20 + i}`))
    expect((await login('targeted', 'pass-word-1', from('198.51.100.21'))).status).toBe(429)
    expect((await login('targeted', 'pass-word-1', from('198.51.100.60'))).status).toBe(200)
    // A new address that fails once is then held by the back-off like the others.
    expect((await login('targeted', 'wrong', from('198.51.100.61'))).status).toBe(401)
    expect((await login('targeted', 'pass-word-1', from('198.51.100.61'))).status).toBe(429)
  })

  test('the owner, from an address that signed in before, is not slowed down by guesses from elsewhere', async () => {
    await t.createUser('admin', admin.token, 'regular')
    expect((await login('regular', 'pass-word-1', from('203.0.113.50'))).status).toBe(200)
    for (let i = 1; i <= 12; i++) await login('regular', `guess-${i}`, from(`198.51.100.${40 + i}`))
    expect((await login('regular', 'pass-word-1', from('198.51.100.41'))).status).toBe(429)
    expect((await login('regular', 'pass-word-1', from('203.0.113.50'))).status).toBe(200)
  })

  test('an address that signed in before is not held by the limits its neighbours fill', async () => {
    await t.createUser('admin', admin.token, 'shared')
    expect((await login('shared', 'pass-word-1', from('192.0.2.150'))).status).toBe(200)
    // Thirty failures from that address with other usernames fill its per-address limit ...
    for (let i = 0; i < 30; i++) await login(`someone-${i}`, 'wrong', from('192.0.2.150'))
    expect((await login('someone-31', 'wrong', from('192.0.2.150'))).status).toBe(429)
    // ... which does not hold the account that signed in from it.
    expect((await login('shared', 'pass-word-1', from('192.0.2.150'))).status).toBe(200)
    // Its own failures do, past ten.
    for (let i = 0; i < 10; i++)
      expect((await login('shared', `wrong-${i}`, from('192.0.2.150'))).status).toBe(401)
    expect((await login('shared', 'pass-word-1', from('192.0.2.150'))).status).toBe(429)
  })

  test('an IPv6 client is one client across its /64', async () => {
    const statuses = []
    for (let i = 1; i <= 6; i++)
      statuses.push(
        (await login('v6-user', `v6-${i}`, from(`2001:db8:42:7::${i.toString(16)}`))).status,
      )
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
    const rows = await t.sql<{ key: string }>(
      "select key from app.rate_limits where bucket = 'login' and key like 'v6-user|%'",
    )
    expect(rows.map((r) => r.key)).toEqual([`v6-user|${digest('2001:db8:42:7::/64')}`])
    // The next /64 is another client.
    expect((await login('v6-user', 'v6-7', from('2001:db8:42:8::1'))).status).toBe(401)
  })

  test('the wait never exceeds 15 minutes and is forgotten an hour after the last guess', async () => {
    await t.createUser('admin', admin.token, 'patient')
    await login('patient', 'guess', from('198.51.100.70'))
    // A thousand failures, the last wait already over.
    await t.sql(
      `update app.rate_limits set hits = 1000, blocked_until = now() - interval '1 second'
       where bucket = 'login-user' and key = 'patient'`,
    )
    expect((await login('patient', 'guess', from('198.51.100.71'))).status).toBe(401)
    const capped = await login('patient', 'pass-word-1', from('198.51.100.71'))
    expect(capped.status).toBe(429)
    expect(Number(capped.headers.get('retry-after'))).toBeLessThanOrEqual(900)

    await t.sql(
      `update app.rate_limits set expires_at = now() - interval '1 second'
       where bucket = 'login-user' and key = 'patient'`,
    )
    expect((await login('patient', 'pass-word-1', from('198.51.100.73'))).status).toBe(200)
  })

  test('a correct password does not count against the username', async () => {
    await t.createUser('admin', admin.token, 'frequent')
    for (let i = 1; i <= 12; i++)
      expect((await login('frequent', 'pass-word-1', from(`198.51.100.${100 + i}`))).status).toBe(
        200,
      )
  })
})

describe.runIf(target === 'deno')('the edge function without its address header', () => {
  test('logs once, in the function, which address headers arrived, and never their values', async () => {
    for (let i = 0; i < 3; i++)
      await t.request('GET', '/projects', { headers: { 'x-real-ip': '203.0.113.77' } })
    const lines = (t.serverOutput?.() ?? '')
      .split('\n')
      .filter((line) => line.includes('CLIENT_IP_HEADER names'))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('"headersWithAnAddress"')
    expect(t.serverOutput?.()).not.toContain('203.0.113.77')
  })
})

describe('no address in the clear', () => {
  test('login and contact limits keep an HMAC of the address, never the address', async () => {
    const address = '203.0.113.199'
    expect((await login('owner', 'wrong', from(address))).status).toBe(401)
    expect((await contact(from(address), 1)).status).toBe(201)
    const [row] = await t.sql<{ n: number }>(
      `select count(*)::int as n from app.rate_limits where strpos(key, $1) > 0`,
      [address],
    )
    expect(row?.n).toBe(0)
    const buckets = await t.sql<{ bucket: string }>(
      'select distinct bucket from app.rate_limits where key like $1 or key = $2 order by bucket',
      [`%|${digest(address)}`, digest(address)],
    )
    expect(buckets.map((b) => b.bucket)).toEqual(['contact', 'login', 'login-client'])
  })
})

describe('rows that have run out are removed', () => {
  test('counting a request deletes expired rows of other clients', async () => {
    await t.sql(
      `insert into app.rate_limits (bucket, key, hits, window_started_at, expires_at)
       select 'contact', 'stale-' || n, 1, now() - interval '1 day', now() - interval '1 hour'
       from generate_series(1, 20) n`,
    )
    expect((await contact(from('192.0.2.80'), 1)).status).toBe(201)
    const left = await t.sql<{ n: number }>(
      "select count(*)::int as n from app.rate_limits where key like 'stale-%'",
    )
    expect(left[0]?.n).toBe(0)
  })
})
