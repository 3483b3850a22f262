import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

const send = (body: Record<string, unknown>, ip = '192.0.2.1') =>
  t.request('POST', '/contact', { body, headers: { 'x-forwarded-for': ip } })
const message = { name: 'Ada', email: 'ada@example.com', message: 'Hello there' }

describe('contact form', () => {
  test('stores a visitor message and answers 201 { success: true }', async () => {
    const res = await send(message)
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ success: true })
    const inbox = await t.request('GET', '/messages', { token: r.admin.token })
    expect(inbox.body).toEqual([
      { id: expect.any(Number), ...message, isRead: false, createdAt: expect.stringMatching(/Z$/) },
    ])
  })

  test('validates name, e-mail and message', async () => {
    const res = await send({ name: '', email: 'not-an-email', message: ' ' })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid e-mail address',
      message: 'Message is required',
    })
  })

  test('answers success to a filled honeypot but stores nothing', async () => {
    const before = (await t.request('GET', '/messages', { token: r.admin.token })).body.length
    const res = await send({ ...message, website: 'https://spam.example.com' }, '192.0.2.50')
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ success: true })
    expect((await t.request('GET', '/messages', { token: r.admin.token })).body.length).toBe(before)
  })

  test('limits one client to 5 messages per window with 429 and Retry-After', async () => {
    for (let i = 0; i < 5; i++)
      expect((await send({ ...message, message: `n${i}` }, '192.0.2.99')).status).toBe(201)
    const refused = await send(message, '192.0.2.99')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await send(message, '192.0.2.100')).status).toBe(201)
  })
})

describe('messages inbox', () => {
  test('visitors get 401; the user role reads newest first but may not mark or delete', async () => {
    expect((await t.request('GET', '/messages')).status).toBe(401)
    const list = await t.request('GET', '/messages', { token: r.user.token })
    expect(list.status).toBe(200)
    const ids = list.body.map((m: { id: number }) => m.id)
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a))
    const id = ids[0]
    expect((await t.request('PATCH', `/messages/${id}`, { body: { isRead: true } })).status).toBe(
      401,
    )
    expect(
      (await t.request('PATCH', `/messages/${id}`, { token: r.user.token, body: { isRead: true } }))
        .status,
    ).toBe(403)
    expect((await t.request('DELETE', `/messages/${id}`, { token: r.user.token })).status).toBe(403)
    expect((await t.request('DELETE', `/messages/${id}`)).status).toBe(401)
  })

  test('an admin marks a message read and deletes it', async () => {
    const [latest] = (await t.request('GET', '/messages', { token: r.admin.token })).body
    const bad = await t.request('PATCH', `/messages/${latest.id}`, {
      token: r.admin.token,
      body: { isRead: 'yes' },
    })
    expect(bad.status).toBe(400)
    const read = await t.request('PATCH', `/messages/${latest.id}`, {
      token: r.admin.token,
      body: { isRead: true },
    })
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ id: latest.id, isRead: true })
    expect(
      (await t.request('DELETE', `/messages/${latest.id}`, { token: r.admin.token })).status,
    ).toBe(204)
    expect(
      (await t.request('DELETE', `/messages/${latest.id}`, { token: r.admin.token })).status,
    ).toBe(404)
  })
})
