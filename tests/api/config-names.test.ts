// Configuration names are unique whatever their case (docs/PRODUCT.md §11):
// 'heroTitle1' and 'herotitle1' side by side would have the owner edit one
// while the page reads the other.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let r: Awaited<ReturnType<TestContext['roles']>>

beforeAll(async () => {
  t = await createTestContext()
  r = await t.roles()
  const created = await t.request('POST', '/configs', {
    token: r.admin.token,
    body: { name: 'heroTitle1', value: 'FULL STACK' },
  })
  if (created.status !== 201) throw new Error(`create failed: ${created.status}`)
})
afterAll(() => t.close())

const create = (name: string, token = r.admin.token) =>
  t.request('POST', '/configs', { token, body: { name, value: 'other' } })

describe('configuration names', () => {
  test.each(['herotitle1', 'HEROTITLE1', 'HeroTitle1', 'heroTITLE1'])(
    'refuses %s beside heroTitle1 with 409, naming the one that exists',
    async (name) => {
      const res = await create(name)
      expect(res.status).toBe(409)
      expect(res.body).toEqual({
        statusCode: 409,
        message: 'A configuration named "heroTitle1" already exists; names are not case-sensitive',
      })
    },
  )

  test('still answers an exact duplicate with the usual 409', async () => {
    const res = await create('heroTitle1')
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('A configuration with this name already exists')
  })

  test('leaves exactly one configuration of that name, with its value', async () => {
    const list = (await t.request('GET', '/configs')).body as { name: string; value: string }[]
    const matches = list.filter((c) => c.name.toLowerCase() === 'herotitle1')
    expect(matches).toEqual([expect.objectContaining({ name: 'heroTitle1', value: 'FULL STACK' })])
  })

  test('keeps reading by exact name', async () => {
    expect((await t.request('GET', '/configs/name/heroTitle1')).status).toBe(200)
    expect((await t.request('GET', '/configs/name/herotitle1')).status).toBe(404)
    expect((await t.request('GET', '/configs/value/HEROTITLE1')).status).toBe(404)
  })

  test('answers a read-only account 403, not whether the name is taken', async () => {
    expect((await create('herotitle1', r.user.token)).status).toBe(403)
    expect((await create('brandNew', r.user.token)).status).toBe(403)
  })

  test('is enforced by the database for any writer', async () => {
    await expect(
      t.sql(`insert into public.configs (name, value) values ('HEROtitle1', 'x')`),
    ).rejects.toMatchObject({ code: '23505' })
  })

  test('accepts names that differ by more than case', async () => {
    expect((await create('heroTitle2')).status).toBe(201)
  })
})
