import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
  for (const [name, value] of [
    ['skillsTitle', 'SKILLS'],
    ['heroTitle1', 'FULL STACK'],
    ['email', 'me@example.com'],
  ]) {
    await t.request('POST', '/configs', {
      token: r.admin.token,
      body: { name, value, description: '' },
    })
  }
})
afterAll(() => t.close())

describe('configurations', () => {
  test('lists by name, for visitors too', async () => {
    const res = await t.request('GET', '/configs')
    expect(res.status).toBe(200)
    expect(res.body.map((c: { name: string }) => c.name)).toEqual([
      'email',
      'heroTitle1',
      'skillsTitle',
    ])
    expect(res.body[0]).toEqual({
      id: expect.any(Number),
      name: 'email',
      value: 'me@example.com',
      description: null,
    })
  })

  test('answers all values as one object, by name, and a single value', async () => {
    expect((await t.request('GET', '/configs/all-as-object')).body).toEqual({
      email: 'me@example.com',
      heroTitle1: 'FULL STACK',
      skillsTitle: 'SKILLS',
    })
    const byName = await t.request('GET', '/configs/name/heroTitle1')
    expect(byName.body).toMatchObject({ name: 'heroTitle1', value: 'FULL STACK' })
    expect((await t.request('GET', `/configs/${byName.body.id}`)).body).toEqual(byName.body)
    expect((await t.request('GET', '/configs/value/skillsTitle')).body).toEqual({ value: 'SKILLS' })
    expect((await t.request('GET', '/configs/value/missing')).status).toBe(404)
    expect((await t.request('GET', '/configs/name/missing')).status).toBe(404)
    expect((await t.request('GET', '/configs/abc')).status).toBe(404)
  })

  test('refuses a duplicate name with 409 and a bad name with 400', async () => {
    const dup = await t.request('POST', '/configs', {
      token: r.admin.token,
      body: { name: 'email', value: 'x@example.com' },
    })
    expect(dup.status).toBe(409)
    expect(dup.body.message).toBe('A configuration with this name already exists')
    const bad = await t.request('POST', '/configs', {
      token: r.admin.token,
      body: { name: '', value: 'x' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.name).toBe('Name is required')
  })

  test('an update changes value and description but never the name, and keeps what it omits', async () => {
    const { id } = (await t.request('GET', '/configs/name/email')).body
    const res = await t.request('PATCH', `/configs/${id}`, {
      token: r.admin.token,
      body: { name: 'renamed', value: 'new@example.com', description: 'Contact' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      id,
      name: 'email',
      value: 'new@example.com',
      description: 'Contact',
    })
    const onlyDescription = await t.request('PATCH', `/configs/${id}`, {
      token: r.admin.token,
      body: { description: 'Where mail goes' },
    })
    expect(onlyDescription.body).toEqual({
      id,
      name: 'email',
      value: 'new@example.com',
      description: 'Where mail goes',
    })
  })

  test('visitors get 401 and the user role 403 on writes; admins delete', async () => {
    const { id } = (await t.request('GET', '/configs/name/skillsTitle')).body
    expect((await t.request('POST', '/configs', { body: { name: 'a', value: 'b' } })).status).toBe(
      401,
    )
    expect(
      (
        await t.request('POST', '/configs', {
          token: r.user.token,
          body: { name: 'a', value: 'b' },
        })
      ).status,
    ).toBe(403)
    expect(
      (await t.request('PATCH', `/configs/${id}`, { token: r.user.token, body: { value: 'b' } }))
        .status,
    ).toBe(403)
    expect((await t.request('DELETE', `/configs/${id}`, { token: r.user.token })).status).toBe(403)
    expect((await t.request('DELETE', `/configs/${id}`)).status).toBe(401)
    expect((await t.request('DELETE', `/configs/${id}`, { token: r.admin.token })).status).toBe(204)
    expect((await t.request('GET', '/configs/value/skillsTitle')).status).toBe(404)
    expect(
      (await t.request('PATCH', `/configs/${id}`, { token: r.admin.token, body: { value: 'b' } }))
        .status,
    ).toBe(404)
  })
})
