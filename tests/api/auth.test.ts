import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  ADMIN_PASSWORD,
  algNone,
  createTestContext,
  tamper,
  type TestContext,
} from '@test-support/api-harness.ts'

let t: TestContext
/** Whoever won the registration race. */
let adminName = ''
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

describe('register (the first admin only)', () => {
  test('rejects an empty username and short or missing passwords with the spec messages', async () => {
    const empty = await t.request('POST', '/auth/register', {
      body: { username: '  ', password: 'secret-sauce-1' },
    })
    expect(empty.status).toBe(400)
    expect(empty.body.errors.username).toBe('Username is required')

    const short = await t.request('POST', '/auth/register', {
      body: { username: 'owner', password: '12345' },
    })
    expect(short.status).toBe(400)
    expect(short.body).toMatchObject({
      statusCode: 400,
      message: 'Password must be at least 6 characters long',
    })

    const missing = await t.request('POST', '/auth/register', { body: { username: 'owner' } })
    expect(missing.status).toBe(400)
    expect(missing.body.errors.password).toBe('Password is required')
  })

  test('needs the setup code while no account exists (docs/decisions/034)', async () => {
    const body = { username: 'intruder', password: 'secret-sauce-1' }
    const none = await t.request('POST', '/auth/register', { body })
    expect(none.status).toBe(403)
    expect(none.body.message).toMatch(/setup code/)
    const wrong = await t.request('POST', '/auth/register', {
      body: { ...body, setupToken: `${t.setupToken}x` },
    })
    expect(wrong.status).toBe(403)
    expect((await t.request('GET', '/auth/register')).body).toEqual({ open: true })
  })

  test('answers 400, not 500, to a body that is not JSON', async () => {
    const res = await t.request('POST', '/auth/register', {
      rawBody: '{"username":',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(res.body.statusCode).toBe(400)
  })

  test('concurrent registrations create exactly one admin and close registration', async () => {
    const attempts = await Promise.all(
      ['first', 'second', 'third', 'fourth'].map((username) =>
        t.request('POST', '/auth/register', {
          body: { username, password: 'secret-sauce-1', setupToken: t.setupToken },
        }),
      ),
    )
    const statuses = attempts.map((a) => a.status).sort()
    expect(statuses).toEqual([201, 409, 409, 409])
    const winner = attempts.find((a) => a.status === 201)!
    expect(winner.body.user.role).toBe('admin')
    adminName = winner.body.user.username
    expect(typeof winner.body.accessToken).toBe('string')
    expect(attempts.find((a) => a.status === 409)!.body.message).toBe('Registration is closed')

    const users = await t.request('GET', '/users', { token: winner.body.accessToken })
    expect(users.body).toHaveLength(1)

    const later = await t.request('POST', '/auth/register', {
      body: { username: 'late', password: 'secret-sauce-1' },
    })
    expect(later.status).toBe(409)
    expect((await t.request('GET', '/auth/register')).body).toEqual({ open: false })
  })
})

describe('login', () => {
  test('signs in case-insensitively and answers accessToken and user without a password hash', async () => {
    const login = await t.request('POST', '/auth/login', {
      body: { username: adminName.toUpperCase(), password: 'secret-sauce-1' },
    })
    expect(login.status).toBe(200)
    expect(Object.keys(login.body).sort()).toEqual(['accessToken', 'user'])
    expect(login.body.user).toEqual({ id: 1, username: adminName, role: 'admin' })
    expect(JSON.stringify(login.body)).not.toMatch(/password/i)
  })

  test('a password is at most 72 bytes, the part bcrypt reads, and a longer guess never opens it', async () => {
    const login = await t.request('POST', '/auth/login', {
      body: { username: adminName, password: 'secret-sauce-1' },
    })
    const token = login.body.accessToken as string
    const tooLong = await t.request('POST', '/users', {
      token,
      body: { username: 'long-password', password: `${'A'.repeat(72)}x`, role: 'user' },
    })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.errors.password).toMatch(/at most 72 bytes/)
    // Multi-byte letters count as their bytes: 37 × 'é' is 74 bytes.
    const accents = await t.request('POST', '/users', {
      token,
      body: { username: 'long-password', password: 'é'.repeat(37), role: 'user' },
    })
    expect(accents.status).toBe(400)

    const exact = 'A'.repeat(72)
    const created = await t.request('POST', '/users', {
      token,
      body: { username: 'long-password', password: exact, role: 'user' },
    })
    expect(created.status).toBe(201)
    const as = (password: string) =>
      t.request('POST', '/auth/login', {
        body: { username: 'long-password', password },
        headers: { 'x-forwarded-for': '198.51.100.72' },
      })
    expect((await as(`${exact}y`)).status).toBe(401)
    expect((await as(exact)).status).toBe(200)
  })

  test('requires username and password with the spec messages', async () => {
    const res = await t.request('POST', '/auth/login', { body: {} })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    })
  })

  test('gives the same 401 for an unknown user and a wrong password', async () => {
    const admin = { username: adminName }
    const unknown = await t.request('POST', '/auth/login', {
      body: { username: 'nobody-here', password: 'whatever1' },
    })
    const wrong = await t.request('POST', '/auth/login', {
      body: { username: admin.username, password: 'wrong-password' },
    })
    expect(unknown.status).toBe(401)
    expect(wrong.status).toBe(401)
    expect(unknown.body).toEqual({ statusCode: 401, message: 'Invalid username or password' })
    expect(wrong.body).toEqual(unknown.body)
  })

  test('locks a username after 5 failures with 429 and Retry-After, even for the right password', async () => {
    const admin = { username: adminName }
    const headers = { 'x-forwarded-for': '203.0.113.7' }
    for (let i = 0; i < 5; i++) {
      const res = await t.request('POST', '/auth/login', {
        headers,
        body: { username: admin.username, password: `wrong${i}xx` },
      })
      expect(res.status).toBe(401)
    }
    const locked = await t.request('POST', '/auth/login', {
      headers,
      body: { username: admin.username, password: 'secret-sauce-1' },
    })
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another client is not locked out by this one's failures.
    const elsewhere = await t.request('POST', '/auth/login', {
      headers: { 'x-forwarded-for': '198.51.100.9' },
      body: { username: admin.username, password: 'secret-sauce-1' },
    })
    expect(elsewhere.status).toBe(200)
  })
})

describe('tokens', () => {
  test('refuses expired, tampered and alg-none tokens with 401 on public and admin routes alike', async () => {
    const token = await t.tokenFor(1)
    const bad = {
      expired: await t.tokenFor(1, -60),
      tampered: tamper(token, 2),
      algNone: algNone(1),
      garbage: 'not-a-jwt',
    }
    for (const [kind, badToken] of Object.entries(bad)) {
      for (const [method, url] of [
        ['GET', '/projects'],
        ['GET', '/users'],
        ['POST', '/technologies'],
      ] as const) {
        const res = await t.request(method, url, {
          token: badToken,
          body: method === 'POST' ? { name: 'X' } : undefined,
        })
        expect(res.status, `${kind} ${method} ${url}`).toBe(401)
      }
    }
    expect((await t.request('GET', '/users', { token })).status).toBe(200)
  })

  test('a token of a deleted account stops working at once', async () => {
    const admin = await t.tokenFor(1)
    const created = await t.request('POST', '/users', {
      token: admin,
      body: {
        username: 'shortlived',
        password: 'secret-sauce-1',
        role: 'admin',
        currentPassword: ADMIN_PASSWORD,
      },
    })
    const token = await t.tokenFor(created.body.id)
    expect((await t.request('GET', '/users', { token })).status).toBe(200)
    expect(
      (
        await t.request('DELETE', `/users/${created.body.id}`, {
          token: admin,
          body: { currentPassword: ADMIN_PASSWORD },
        })
      ).status,
    ).toBe(204)
    expect((await t.request('GET', '/projects', { token })).status).toBe(401)
  })
})
