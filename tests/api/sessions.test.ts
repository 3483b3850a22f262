// Sessions the database can end: a password change ends the account's other
// sessions, logout ends the current one, and an ended session's token answers
// 401 everywhere (migration 20261123002020_sessions.sql).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signToken, tokenKey } from '../../supabase/functions/_shared/auth.ts'
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
      body: { username: 'changed-by-admin', password: 'first-password', role: 'admin' },
    })
    expect(created.status).toBe(201)
    const laptop = await signIn('changed-by-admin', 'first-password')
    const phone = await signIn('changed-by-admin', 'first-password')
    expect((await me(laptop)).status).toBe(200)

    const changed = await t.request('PUT', `/users/${created.body.id}`, {
      token: admin.token,
      body: { password: 'second-password' },
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
      body: { password: 'a-new-admin-password' },
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
      body: { username: 'renamed', password: 'keep-password', role: 'admin' },
    })
    const token = await signIn('renamed', 'keep-password')
    const changed = await t.request('PUT', `/users/${created.body.id}`, {
      token: admin.token,
      body: { username: 'renamed-again', role: 'user' },
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
