import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

const noHash = (body: unknown) =>
  expect(JSON.stringify(body)).not.toMatch(/password|hash|\$2[aby]\$/i)

describe('users', () => {
  test('admins list every account by id; the user role sees only itself; visitors get 401', async () => {
    const admin = await t.request('GET', '/users', { token: r.admin.token })
    expect(admin.status).toBe(200)
    expect(admin.body).toEqual([
      { id: r.admin.user.id, username: 'admin', role: 'admin' },
      { id: r.user.user.id, username: r.user.user.username, role: 'user' },
    ])
    noHash(admin.body)
    const own = await t.request('GET', '/users', { token: r.user.token })
    expect(own.body).toEqual([{ id: r.user.user.id, username: r.user.user.username, role: 'user' }])
    expect(
      (await t.request('GET', `/users/${r.admin.user.id}`, { token: r.user.token })).status,
    ).toBe(404)
    expect((await t.request('GET', '/users')).status).toBe(401)
    expect((await t.request('GET', `/users/${r.admin.user.id}`)).status).toBe(401)
  })

  test('creates an admin by default, validates the password length and refuses duplicate usernames', async () => {
    const created = await t.request('POST', '/users', {
      token: r.admin.token,
      body: { username: 'Editor', password: 'secret-sauce-1', currentPassword: ADMIN_PASSWORD },
    })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({ id: expect.any(Number), username: 'Editor', role: 'admin' })
    noHash(created.body)
    const login = await t.request('POST', '/auth/login', {
      body: { username: 'editor', password: 'secret-sauce-1' },
    })
    expect(login.status).toBe(200)

    const short = await t.request('POST', '/users', {
      token: r.admin.token,
      body: { username: 'x', password: '12345' },
    })
    expect(short.status).toBe(400)
    expect(short.body.errors.password).toBe('Password must be at least 6 characters long')
    const badRole = await t.request('POST', '/users', {
      token: r.admin.token,
      body: { username: 'x', password: '123456', role: 'root' },
    })
    expect(badRole.body.errors.role).toBe('Role must be admin or user')
    const dup = await t.request('POST', '/users', {
      token: r.admin.token,
      body: { username: 'EDITOR', password: 'secret-sauce-1', currentPassword: ADMIN_PASSWORD },
    })
    expect(dup.status).toBe(409)
    expect(dup.body.message).toBe('A user with this username already exists')
  })

  test('an update changes only the fields sent, and a new password works', async () => {
    const u = (
      await t.request('POST', '/users', {
        token: r.admin.token,
        body: { username: 'temp', password: 'secret-sauce-1', role: 'user' },
      })
    ).body
    const renamed = await t.request('PUT', `/users/${u.id}`, {
      token: r.admin.token,
      body: { username: 'temp2' },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toEqual({ id: u.id, username: 'temp2', role: 'user' })
    const pw = await t.request('PUT', `/users/${u.id}`, {
      token: r.admin.token,
      body: { password: 'another1', currentPassword: ADMIN_PASSWORD },
    })
    expect(pw.body).toEqual({ id: u.id, username: 'temp2', role: 'user' })
    noHash(pw.body)
    expect(
      (
        await t.request('POST', '/auth/login', {
          body: { username: 'temp2', password: 'secret-sauce-1' },
        })
      ).status,
    ).toBe(401)
    expect(
      (
        await t.request('POST', '/auth/login', {
          body: { username: 'temp2', password: 'another1' },
        })
      ).status,
    ).toBe(200)
  })

  test('the user role may not create, update or delete accounts, not even its own', async () => {
    expect(
      (
        await t.request('POST', '/users', {
          token: r.user.token,
          body: { username: 'x1', password: 'secret-sauce-1' },
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await t.request('PUT', `/users/${r.user.user.id}`, {
          token: r.user.token,
          body: { role: 'admin' },
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await t.request('PUT', `/users/${r.admin.user.id}`, {
          token: r.user.token,
          body: { role: 'user' },
        })
      ).status,
    ).toBe(404)
    expect(
      (await t.request('DELETE', `/users/${r.user.user.id}`, { token: r.user.token })).status,
    ).toBe(403)
    expect(
      (await t.request('POST', '/users', { body: { username: 'x1', password: 'secret-sauce-1' } }))
        .status,
    ).toBe(401)
    const me = await t.request('GET', `/users/${r.user.user.id}`, { token: r.admin.token })
    expect(me.body.role).toBe('user')
  })

  test('nobody deletes their own account', async () => {
    const res = await t.request('DELETE', `/users/${r.admin.user.id}`, { token: r.admin.token })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('You cannot delete your own account')
  })

  test('the last admin cannot be demoted', async () => {
    const fresh = await createTestContext()
    try {
      const admin = await fresh.registerAdmin('solo')
      const res = await fresh.request('PUT', `/users/${admin.user.id}`, {
        token: admin.token,
        body: { role: 'user' },
      })
      expect(res.status).toBe(409)
      expect(res.body.message).toBe('The last admin cannot be deleted or demoted')
      // With a second admin the first may step down.
      await fresh.createUser('admin', admin.token, 'second')
      const ok = await fresh.request('PUT', `/users/${admin.user.id}`, {
        token: admin.token,
        body: { role: 'user', currentPassword: ADMIN_PASSWORD },
      })
      expect(ok.status).toBe(200)
      expect(ok.body.role).toBe('user')
      // Demoted, the same token can no longer write.
      expect(
        (await fresh.request('POST', '/technologies', { token: admin.token, body: { name: 'X' } }))
          .status,
      ).toBe(403)
    } finally {
      await fresh.close()
    }
  })

  test('an admin deletes another account: 204, then 404', async () => {
    const u = (
      await t.request('POST', '/users', {
        token: r.admin.token,
        body: { username: 'bye', password: 'secret-sauce-1', role: 'user' },
      })
    ).body
    const confirmed = { token: r.admin.token, body: { currentPassword: ADMIN_PASSWORD } }
    expect((await t.request('DELETE', `/users/${u.id}`, confirmed)).status).toBe(204)
    expect((await t.request('DELETE', `/users/${u.id}`, confirmed)).status).toBe(404)
    expect(
      (await t.request('PUT', `/users/${u.id}`, { token: r.admin.token, body: { role: 'admin' } }))
        .status,
    ).toBe(404)
  })
})
