import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
})
afterAll(() => t.close())

/** `null` sends no token (a visitor). */
const createCert = (body: Record<string, unknown>, token: string | null = r.admin.token) =>
  t.request('POST', '/certifications', { token: token ?? undefined, body })

describe('certifications', () => {
  test('requires name, icon and date with the spec messages', async () => {
    const res = await createCert({ name: '', icon: '', obtainedDate: '' })
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual({
      name: 'Certification name is required',
      icon: 'Icon is required',
      obtainedDate: 'Date is required',
    })
    const badDate = await createCert({ name: 'AWS', icon: '☁️', obtainedDate: '2024-02-30' })
    expect(badDate.status).toBe(400)
    expect(badDate.body.errors.obtainedDate).toBe('Date is required')
    // The table keeps dates from 1970 on: an earlier one is named, not a bare 'Invalid input'.
    const early = await createCert({ name: 'Old', icon: '☁️', obtainedDate: '1969-12-31' })
    expect(early.status).toBe(400)
    expect(early.body.errors.obtainedDate).toBe('Date must be in 1970 or later')
  })

  test('stores the default emoji icon and answers the date as YYYY-MM-DD', async () => {
    const res = await createCert({
      name: 'AWS Cloud Practitioner',
      icon: '☁️',
      obtainedDate: '2024-03-15',
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'AWS Cloud Practitioner',
      icon: '☁️',
      obtainedDate: '2024-03-15',
      isActive: true,
      technologies: [],
    })
  })

  test('lists newest first and hides inactive ones from visitors only', async () => {
    await createCert({
      name: 'Old',
      icon: 'https://img.example.com/old.png',
      obtainedDate: '2019-01-01',
    })
    await createCert({ name: 'Expired', icon: '🔒', obtainedDate: '2025-06-01', isActive: false })
    await createCert({ name: 'Newest', icon: '⭐', obtainedDate: '2025-07-01' })

    const visitor = await t.request('GET', '/certifications')
    expect(visitor.body.map((c: { name: string }) => c.name)).toEqual([
      'Newest',
      'AWS Cloud Practitioner',
      'Old',
    ])
    for (const token of [r.user.token, r.admin.token]) {
      const all = await t.request('GET', '/certifications', { token })
      expect(all.body.map((c: { name: string }) => c.name)).toEqual([
        'Newest',
        'Expired',
        'AWS Cloud Practitioner',
        'Old',
      ])
    }
  })

  test('visitors get 401 and the user role 403 on writes; admins update parts and delete', async () => {
    const cert = (await createCert({ name: 'CKA', icon: '⎈', obtainedDate: '2023-05-05' })).body
    expect(
      (await createCert({ name: 'x', icon: '⎈', obtainedDate: '2023-05-05' }, null)).status,
    ).toBe(401)
    expect(
      (await createCert({ name: 'x', icon: '⎈', obtainedDate: '2023-05-05' }, r.user.token)).status,
    ).toBe(403)
    expect(
      (
        await t.request('PATCH', `/certifications/${cert.id}`, {
          token: r.user.token,
          body: { isActive: false },
        })
      ).status,
    ).toBe(403)
    expect(
      (await t.request('DELETE', `/certifications/${cert.id}`, { token: r.user.token })).status,
    ).toBe(403)
    expect((await t.request('DELETE', `/certifications/${cert.id}`)).status).toBe(401)

    const off = await t.request('PATCH', `/certifications/${cert.id}`, {
      token: r.admin.token,
      body: { isActive: false },
    })
    expect(off.status).toBe(200)
    expect(off.body).toMatchObject({ name: 'CKA', obtainedDate: '2023-05-05', isActive: false })
    expect((await t.request('GET', `/certifications/${cert.id}`)).status).toBe(404)
    const moved = await t.request('PATCH', `/certifications/${cert.id}`, {
      token: r.admin.token,
      body: { obtainedDate: '2022-12-31' },
    })
    expect(moved.body).toMatchObject({ obtainedDate: '2022-12-31', isActive: false })

    expect(
      (await t.request('DELETE', `/certifications/${cert.id}`, { token: r.admin.token })).status,
    ).toBe(204)
    expect(
      (await t.request('GET', `/certifications/${cert.id}`, { token: r.admin.token })).status,
    ).toBe(404)
  })
})
