// A bearer token alone no longer creates an admin, changes a role, sets a
// password or deletes an account: those take the caller's current password
// in the same request (docs/decisions/042-reauthentication-and-common-passwords.md).
// New passwords may not be common ones.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

const WRONG = 'Your current password is not correct.'
const TOO_COMMON = 'This password is too common. Choose another.'

/** An account of the user role, made for one test. */
async function reader(name: string) {
  const res = await t.request('POST', '/users', {
    token: r.admin.token,
    body: { username: name, password: 'reader-pass-1', role: 'user' },
  })
  expect(res.status).toBe(201)
  return res.body as { id: number; username: string; role: string }
}

const usernames = async () =>
  ((await t.request('GET', '/users', { token: r.admin.token })).body as { username: string }[]).map(
    (u) => u.username,
  )

describe('a stolen token', () => {
  test('cannot create an admin, with the default role or named', async () => {
    for (const body of [
      { username: 'backdoor', password: 'backdoor-pass-1' },
      { username: 'backdoor', password: 'backdoor-pass-1', role: 'admin' },
    ]) {
      const res = await t.request('POST', '/users', { token: r.admin.token, body })
      expect(res.status).toBe(403)
      expect(res.body.message).toBe('Confirm with your current password to create an admin.')
      expect(res.body.errors).toEqual({ currentPassword: res.body.message })
    }
    expect(await usernames()).not.toContain('backdoor')
  })

  test('cannot change a role', async () => {
    const res = await t.request('PUT', `/users/${r.user.user.id}`, {
      token: r.admin.token,
      body: { role: 'admin' },
    })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('Confirm with your current password to change a role.')
    const after = await t.request('GET', `/users/${r.user.user.id}`, { token: r.admin.token })
    expect(after.body.role).toBe('user')
  })

  test("cannot change the account's own password, nor another's", async () => {
    const own = await t.request('PUT', `/users/${r.admin.user.id}`, {
      token: r.admin.token,
      body: { password: 'taken-over-1' },
    })
    expect(own.status).toBe(403)
    expect(own.body.message).toBe('Confirm with your current password to change your password.')
    const other = await t.request('PUT', `/users/${r.user.user.id}`, {
      token: r.admin.token,
      body: { password: 'taken-over-1' },
    })
    expect(other.status).toBe(403)
    expect(other.body.message).toBe(
      "Confirm with your current password to change another account's password.",
    )
    const login = await t.request('POST', '/auth/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    })
    expect(login.status).toBe(200)
  })

  test('cannot delete an account', async () => {
    const doomed = await reader('doomed-without')
    for (const options of [
      {},
      { body: {} },
      { body: { currentPassword: null } },
      { body: { currentPassword: '' } },
    ]) {
      const res = await t.request('DELETE', `/users/${doomed.id}`, {
        token: r.admin.token,
        ...options,
      })
      expect(res.status).toBe(403)
      expect(res.body.message).toBe('Confirm with your current password to delete an account.')
    }
    expect(await usernames()).toContain('doomed-without')
  })

  test('can still do what hands out no access: a read-only account, a new name, the same role', async () => {
    const made = await reader('plain-reader')
    const renamed = await t.request('PUT', `/users/${made.id}`, {
      token: r.admin.token,
      body: { username: 'plain-reader-2', role: 'user' },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toEqual({ id: made.id, username: 'plain-reader-2', role: 'user' })
  })
})

describe('with the current password', () => {
  test('an admin creates an admin, changes a role, a password, and deletes an account', async () => {
    const confirm = { currentPassword: ADMIN_PASSWORD }
    const made = await t.request('POST', '/users', {
      token: r.admin.token,
      body: { username: 'second-admin', password: 'second-pass-1', ...confirm },
    })
    expect(made.status).toBe(201)
    expect(made.body.role).toBe('admin')
    const demoted = await t.request('PUT', `/users/${made.body.id}`, {
      token: r.admin.token,
      body: { role: 'user', ...confirm },
    })
    expect(demoted.status).toBe(200)
    expect(demoted.body.role).toBe('user')
    const newPassword = await t.request('PUT', `/users/${made.body.id}`, {
      token: r.admin.token,
      body: { password: 'second-pass-2', ...confirm },
    })
    expect(newPassword.status).toBe(200)
    const login = await t.request('POST', '/auth/login', {
      body: { username: 'second-admin', password: 'second-pass-2' },
    })
    expect(login.status).toBe(200)
    const deleted = await t.request('DELETE', `/users/${made.body.id}`, {
      token: r.admin.token,
      body: confirm,
    })
    expect(deleted.status).toBe(204)
  })

  test('a wrong one is refused with 403 and nothing changes', async () => {
    const doomed = await reader('doomed-wrong')
    const res = await t.request('DELETE', `/users/${doomed.id}`, {
      token: r.admin.token,
      body: { currentPassword: 'not-the-password' },
    })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ message: WRONG, errors: { currentPassword: WRONG } })
    // Even where none was needed, a wrong one is not ignored.
    const renamed = await t.request('PUT', `/users/${doomed.id}`, {
      token: r.admin.token,
      body: { username: 'renamed-anyway', currentPassword: 'not-the-password' },
    })
    expect(renamed.status).toBe(403)
    expect(await usernames()).toContain('doomed-wrong')
  })

  test('odd values are 400 or 403, never 500', async () => {
    const doomed = await reader('doomed-odd')
    const url = `/users/${doomed.id}`
    for (const currentPassword of [12345, true, ['a'], { a: 1 }]) {
      const res = await t.request('DELETE', url, {
        token: r.admin.token,
        body: { currentPassword },
      })
      expect(res.status).toBe(400)
      expect(res.body.errors.currentPassword).toBe('Current password must be text')
    }
    const long = await t.request('PUT', url, {
      token: r.admin.token,
      body: { role: 'admin', currentPassword: 'x'.repeat(1000) },
    })
    expect(long.status).toBe(400)
    expect(long.body.errors.currentPassword).toBe('Password is too long')
    const huge = await t.request('PUT', url, {
      token: r.admin.token,
      body: { role: 'admin', currentPassword: 'x'.repeat(100_000) },
    })
    expect(huge.status).toBe(413)
    const longish = await t.request('PUT', url, {
      token: r.admin.token,
      body: { role: 'admin', currentPassword: `${'é'.repeat(60)}\u{1F600}` },
    })
    expect(longish.status).toBe(403)
    expect(longish.body.message).toBe(WRONG)
    for (const rawBody of ['{', 'null', '"text"', '[]']) {
      const res = await t.request('DELETE', url, {
        token: r.admin.token,
        rawBody,
        headers: { 'content-type': 'application/json' },
      })
      expect(res.status).toBe(400)
    }
    expect(await usernames()).toContain('doomed-odd')
  })

  test('wrong passwords are limited per account: five, then 429 even for the right one', async () => {
    const other = await t.createUser('admin', r.admin.token, 'guessed-admin')
    const target = await reader('doomed-guessed')
    for (let i = 0; i < 5; i++) {
      const res = await t.request('DELETE', `/users/${target.id}`, {
        token: other.token,
        body: { currentPassword: `guess-${i}` },
      })
      expect(res.status).toBe(403)
    }
    const locked = await t.request('DELETE', `/users/${target.id}`, {
      token: other.token,
      body: { currentPassword: 'pass-word-1' },
    })
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(locked.body.errors.currentPassword).toBe(locked.body.message)
    // Another account's confirmations are its own.
    const elsewhere = await t.request('DELETE', `/users/${target.id}`, {
      token: r.admin.token,
      body: { currentPassword: ADMIN_PASSWORD },
    })
    expect(elsewhere.status).toBe(204)
  })

  test('the own-account and last-admin rules answer first, without a password', async () => {
    const own = await t.request('DELETE', `/users/${r.admin.user.id}`, { token: r.admin.token })
    expect(own.status).toBe(409)
    expect(own.body.message).toBe('You cannot delete your own account')
  })
})

describe('common passwords', () => {
  test('are refused for new accounts and new passwords, whatever the case', async () => {
    for (const password of ['password1', 'PassWord1', 'abcdef', 'iloveyou']) {
      const res = await t.request('POST', '/users', {
        token: r.admin.token,
        body: { username: 'commoner', password, role: 'user' },
      })
      expect(res.status, password).toBe(400)
      expect(res.body).toMatchObject({ message: TOO_COMMON, errors: { password: TOO_COMMON } })
    }
    const changed = await t.request('PUT', `/users/${r.user.user.id}`, {
      token: r.admin.token,
      body: { password: 'football', currentPassword: ADMIN_PASSWORD },
    })
    expect(changed.status).toBe(400)
    expect(changed.body.errors.password).toBe(TOO_COMMON)
    expect(await usernames()).not.toContain('commoner')
  })

  test("the spec's own rules and words come first", async () => {
    const short = await t.request('POST', '/users', {
      token: r.admin.token,
      body: { username: 'commoner', password: '12345', role: 'user' },
    })
    expect(short.body.errors.password).toBe('Password must be at least 6 characters long')
    const missing = await t.request('POST', '/users', {
      token: r.admin.token,
      body: { username: 'commoner', password: '', role: 'user' },
    })
    expect(missing.body.errors.password).toBe('Password is required')
  })

  test('are refused at the first registration too', async () => {
    const fresh = await createTestContext()
    try {
      const res = await fresh.request('POST', '/auth/register', {
        body: { username: 'owner', password: 'baseball', setupToken: fresh.setupToken },
      })
      expect(res.status).toBe(400)
      expect(res.body.errors.password).toBe(TOO_COMMON)
      expect((await fresh.request('GET', '/auth/register')).body).toEqual({ open: true })
    } finally {
      await fresh.close()
    }
  })
})
