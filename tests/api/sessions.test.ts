// Sessions the database can end: a password change ends the account's other
// sessions, logout ends the current one, and an ended session's token answers
// 401 everywhere (migration 20261123002020_sessions.sql).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signToken, tokenKey } from '../../supabase/functions/_shared/accounts/auth.ts'
import {
  ADMIN_PASSWORD,
  createTestContext,
  TEST_SECRET,
  type TestContext,
} from '@test-support/api-harness.ts'

let t: TestContext
let admin: { token: string; user: { id: number; username: string } }
beforeAll(async () => {
  t = await createTestContext()
  admin = await t.registerAdmin()
})
afterAll(() => t.close())

let client = 0
/** Each sign-in from its own address, so the login limits never answer first. */
async function signIn(username: string, password: string): Promise<string> {
  const answer = await t.request('POST', '/auth/login', {
    headers: { 'x-forwarded-for': `198.51.100.${++client}` },
    body: { username, password },
  })
  expect(answer.status, `login of ${username}`).toBe(200)
  return answer.body.accessToken
}

const me = (token: string) => t.request('GET', '/auth/me', { token })

describe('a password change', () => {
  test('by an admin ends every session of that account: its old tokens answer 401', async () => {
    const created = await t.request('POST', '/users', {
      token: admin.token,
      body: {
        username: 'changed-by-admin',
        password: 'first-password',
        role: 'admin',
        currentPassword: ADMIN_PASSWORD,
      },
    })
    expect(created.status).toBe(201)
    const laptop = await signIn('changed-by-admin', 'first-password')
    const phone = await signIn('changed-by-admin', 'first-password')
    expect((await me(laptop)).status).toBe(200)

    const changed = await t.request('PUT', `/users/${created.body.id}`, {
      token: admin.token,
      body: { password: 'second-password', currentPassword: ADMIN_PASSWORD },
    })
    expect(changed.status).toBe(200)

    for (const old of [laptop, phone]) {
      const answer = await me(old)
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({ statusCode: 401, message: 'Your session is no longer valid' })
      // Row-level security sees it too: the old token reads and writes nothing.
      expect((await t.request('GET', '/users', { token: old })).status).toBe(401)
      expect(
        (await t.request('POST', '/technologies', { token: old, body: { name: 'Nope' } })).status,
      ).toBe(401)
    }
    // The admin who changed it is not affected, and the new password signs in.
    expect((await me(admin.token)).status).toBe(200)
    expect((await me(await signIn('changed-by-admin', 'second-password'))).status).toBe(200)
  })

  test("of one's own keeps the session that made it and ends the others", async () => {
    const here = await signIn(admin.user.username, ADMIN_PASSWORD)
    const elsewhere = await signIn(admin.user.username, ADMIN_PASSWORD)
    const changed = await t.request('PUT', `/users/${admin.user.id}`, {
      token: here,
      body: { password: 'a-new-admin-password', currentPassword: ADMIN_PASSWORD },
    })
    expect(changed.status).toBe(200)
    expect((await me(here)).status).toBe(200)
    expect((await me(elsewhere)).status).toBe(401)
    expect((await me(admin.token)).status).toBe(401)
    admin.token = here
  })

  test('a change of role or username leaves sessions alone', async () => {
    const created = await t.request('POST', '/users', {
      token: admin.token,
      // The admin's password is the one the test before set.
      body: {
        username: 'renamed',
        password: 'keep-password',
        role: 'admin',
        currentPassword: 'a-new-admin-password',
      },
    })
    const token = await signIn('renamed', 'keep-password')
    const changed = await t.request('PUT', `/users/${created.body.id}`, {
      token: admin.token,
      body: { username: 'renamed-again', role: 'user', currentPassword: 'a-new-admin-password' },
    })
    expect(changed.status).toBe(200)
    expect((await me(token)).body).toMatchObject({ username: 'renamed-again', role: 'user' })
  })
})

describe('logout', () => {
  test('ends the current session only, and saying it twice is fine', async () => {
    await t.request('POST', '/users', {
      token: admin.token,
      body: { username: 'leaver', password: 'leaver-password', role: 'user' },
    })
    const leaving = await signIn('leaver', 'leaver-password')
    const staying = await signIn('leaver', 'leaver-password')

    const out = await t.request('POST', '/auth/logout', { token: leaving })
    expect(out.status).toBe(204)
    expect((await me(leaving)).status).toBe(401)
    expect((await t.request('GET', '/projects', { token: leaving })).status).toBe(401)
    expect((await me(staying)).status).toBe(200)

    expect((await t.request('POST', '/auth/logout', { token: leaving })).status).toBe(204)
  })

  test('without a token is a 401', async () => {
    const answer = await t.request('POST', '/auth/logout')
    expect(answer.status).toBe(401)
    expect(answer.body.statusCode).toBe(401)
  })
})

describe('tokens', () => {
  test('a correctly signed token that names no session is refused', async () => {
    const bare = await signToken(tokenKey(TEST_SECRET), admin.user.id)
    expect((await me(bare)).status).toBe(401)
  })

  test("a token naming another account's session is refused", async () => {
    await t.request('POST', '/users', {
      token: admin.token,
      body: { username: 'other', password: 'other-password', role: 'user' },
    })
    const other = await signIn('other', 'other-password')
    const sid = JSON.parse(Buffer.from(other.split('.')[1]!, 'base64url').toString()).sid
    expect(sid).toMatch(/^[0-9a-f-]{36}$/)
    const forged = await signToken(tokenKey(TEST_SECRET), admin.user.id, undefined, sid)
    expect((await me(forged)).status).toBe(401)
  })
})

describe('the account page: sessions listed and ended (docs/decisions/036)', () => {
  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

  async function signInWith(username: string, password: string, userAgent: string) {
    const answer = await t.request('POST', '/auth/login', {
      headers: { 'x-forwarded-for': `198.51.100.${++client}`, 'user-agent': userAgent },
      body: { username, password },
    })
    expect(answer.status).toBe(200)
    return answer.body.accessToken as string
  }

  async function account(name: string) {
    const created = await t.request('POST', '/users', {
      token: admin.token,
      body: { username: name, password: 'a-password', role: 'user' },
    })
    expect(created.status).toBe(201)
  }

  test('lists the open sessions with a coarse device, the current one marked, no address', async () => {
    await account('lister')
    const laptop = await signInWith('lister', 'a-password', firefox)
    await signInWith('lister', 'a-password', iphone)
    const list = await t.request('GET', '/auth/sessions', { token: laptop })
    expect(list.status).toBe(200)
    expect(list.body.idleMinutes).toBe(30)
    const devices = (list.body.sessions as { device: string; current: boolean }[])
      .map((s) => `${s.device}${s.current ? ' (this one)' : ''}`)
      .sort()
    expect(devices).toEqual(['Firefox on Linux (this one)', 'Safari on iPhone'])
    expect(JSON.stringify(list.body)).not.toMatch(/198\.51\.100/)
    // Nobody else's sessions: the admin's list holds only the admin's.
    const theirs = await t.request('GET', '/auth/sessions', { token: admin.token })
    expect(
      theirs.body.sessions.every((s: { device: string }) => s.device !== 'Safari on iPhone'),
    ).toBe(true)
    expect((await t.request('GET', '/auth/sessions')).status).toBe(401)
  })

  test('"Sign out" ends one session; another account cannot end it', async () => {
    await account('signer')
    const laptop = await signInWith('signer', 'a-password', firefox)
    const phone = await signInWith('signer', 'a-password', iphone)
    const list = await t.request('GET', '/auth/sessions', { token: laptop })
    const other = (list.body.sessions as { id: string; current: boolean }[]).find((s) => !s.current)
    expect(other).toBeDefined()
    expect(
      (await t.request('DELETE', `/auth/sessions/${other!.id}`, { token: admin.token })).status,
    ).toBe(404)
    expect((await me(phone)).status).toBe(200)
    expect(
      (await t.request('DELETE', `/auth/sessions/${other!.id}`, { token: laptop })).status,
    ).toBe(204)
    expect((await me(phone)).status).toBe(401)
    expect((await me(laptop)).status).toBe(200)
    expect(
      (await t.request('DELETE', '/auth/sessions/not-a-session', { token: laptop })).status,
    ).toBe(404)
  })

  test('"Sign out everywhere else" ends all the others and keeps this one', async () => {
    await account('everywhere')
    const here = await signInWith('everywhere', 'a-password', firefox)
    const elsewhere = [
      await signInWith('everywhere', 'a-password', iphone),
      await signInWith('everywhere', 'a-password', firefox),
    ]
    const ended = await t.request('POST', '/auth/sessions/end-others', { token: here })
    expect(ended.status).toBe(200)
    expect(ended.body).toEqual({ ended: 2 })
    for (const token of elsewhere) expect((await me(token)).status).toBe(401)
    expect((await me(here)).status).toBe(200)
  })

  test('a session unused past the idle limit ends; use keeps it open', async () => {
    await account('idler')
    const token = await signInWith('idler', 'a-password', firefox)
    expect((await me(token)).status).toBe(200)
    const lastUse = async () =>
      (
        await t.sql<{ age: number }>(
          `select extract(epoch from now() - s.last_used_at)::int as age
             from app.sessions s join public.users u on u.id = s.user_id where u.username = 'idler'`,
        )
      )[0]?.age
    // Used two minutes ago: a read notes the use again.
    await t.sql(
      `update app.sessions s set last_used_at = now() - interval '2 minutes'
         from public.users u where u.id = s.user_id and u.username = 'idler'`,
    )
    expect((await me(token)).status).toBe(200)
    expect(await lastUse()).toBeLessThan(30)
    // Unused for 31 minutes: ended, and a request cannot bring it back.
    await t.sql(
      `update app.sessions s set last_used_at = now() - interval '31 minutes'
         from public.users u where u.id = s.user_id and u.username = 'idler'`,
    )
    const answer = await me(token)
    expect(answer.status).toBe(401)
    expect(answer.body.message).toBe('Your session is no longer valid')
    expect(await lastUse()).toBeGreaterThan(31 * 60 - 5)
  })
})
