import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestContext, type Answer, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let token: string
let rust: number
let go: number

interface Listed {
  id: number
  name: string
}

beforeAll(async () => {
  t = await createTestContext()
  token = (await t.registerAdmin()).token
  const tech = async (name: string) =>
    (await t.request('POST', '/technologies', { token, body: { name } })).body.id as number
  rust = await tech('Rust')
  go = await tech('Go')
  // Years and activity mixed so that the order (docs/PRODUCT.md §9) is not the insertion order.
  const projects: [string, number | null, boolean, number[]][] = [
    ['A', 2020, true, [rust]],
    ['B', null, true, [go]],
    ['C', 2024, false, [rust]],
    ['D', 2024, true, [rust, go]],
    ['E', 2020, true, []],
    ['F', 2022, true, [rust]],
    ['G', null, false, []],
    ['H', 2024, true, [go]],
  ]
  for (const [name, startYear, isActive, technologiesIds] of projects) {
    const res = await t.request('POST', '/projects', {
      token,
      body: {
        name,
        description: 'd',
        startYear,
        endYear: null,
        technologiesIds,
        images: [],
        isActive,
      },
    })
    if (res.status !== 201) throw new Error(`create ${name}: ${JSON.stringify(res.body)}`)
  }
})
afterAll(() => t.close())

/** Follows X-Next-Cursor to the end, checking each page's size and total. */
async function allPages(query: string, limit: number, signedIn = false) {
  const names: string[] = []
  let cursor: string | null = null
  let pages = 0
  let total: number
  do {
    const res: Answer<Listed[]> = await t.request<Listed[]>(
      'GET',
      `/projects?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      signedIn ? { token } : {},
    )
    expect(res.status).toBe(200)
    expect(res.body.length).toBeLessThanOrEqual(limit)
    total = Number(res.headers.get('x-total-count'))
    names.push(...res.body.map((p) => p.name))
    cursor = res.headers.get('x-next-cursor')
    pages++
  } while (cursor && pages < 20)
  return { names, pages, total }
}

describe('GET /projects in pages', () => {
  test('without parameters still answers the whole list, in the spec order', async () => {
    const visitor = await t.request<Listed[]>('GET', '/projects')
    expect(visitor.body.map((p) => p.name)).toEqual(['D', 'H', 'F', 'A', 'E', 'B'])
    expect(visitor.headers.get('x-next-cursor')).toBeNull()
    const admin = await t.request<Listed[]>('GET', '/projects', { token })
    expect(admin.body.map((p) => p.name)).toEqual(['D', 'H', 'F', 'A', 'E', 'B', 'C', 'G'])
  })

  test.each([1, 2, 3, 5, 100])(
    'pages of %i, followed by cursor, give the whole list in the same order',
    async (limit) => {
      const visitor = await allPages('', limit)
      expect(visitor.names).toEqual(['D', 'H', 'F', 'A', 'E', 'B'])
      expect(visitor.total).toBe(6)
      expect(visitor.pages).toBe(Math.max(1, Math.ceil(6 / limit)))
      const admin = await allPages('', limit, true)
      expect(admin.names).toEqual(['D', 'H', 'F', 'A', 'E', 'B', 'C', 'G'])
      expect(admin.total).toBe(8)
    },
  )

  test('the first page carries the total and the next cursor; the last page no cursor', async () => {
    const first = await t.request<Listed[]>('GET', '/projects?limit=4')
    expect(first.body.map((p) => p.name)).toEqual(['D', 'H', 'F', 'A'])
    expect(first.headers.get('x-total-count')).toBe('6')
    const cursor = first.headers.get('x-next-cursor')!
    expect(cursor).toBeTruthy()
    const last = await t.request<Listed[]>('GET', `/projects?limit=4&cursor=${cursor}`)
    expect(last.body.map((p) => p.name)).toEqual(['E', 'B'])
    expect(last.headers.get('x-next-cursor')).toBeNull()
  })

  test('?technologyId= keeps the projects using it, paged the same way', async () => {
    expect((await allPages(`&technologyId=${rust}`, 2)).names).toEqual(['D', 'F', 'A'])
    expect((await allPages(`&technologyId=${go}`, 1)).names).toEqual(['D', 'H', 'B'])
    expect((await allPages(`&technologyId=${rust}`, 2, true)).names).toEqual(['D', 'F', 'A', 'C'])
    const whole = await t.request<Listed[]>('GET', `/projects?technologyId=${go}`)
    expect(whole.body.map((p) => p.name)).toEqual(['D', 'H', 'B'])
    const none = await t.request<Listed[]>('GET', '/projects?limit=5&technologyId=999999')
    expect(none.body).toEqual([])
    expect(none.headers.get('x-total-count')).toBe('0')
  })

  test('a page read again is answered with the same paging headers (from memory)', async () => {
    const first = await t.request<Listed[]>('GET', '/projects?limit=2')
    const again = await t.request<Listed[]>('GET', '/projects?limit=2')
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('x-next-cursor')).toBe(first.headers.get('x-next-cursor'))
    expect(again.headers.get('x-total-count')).toBe('6')
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
  })

  test.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=-2', 'limit'],
    ['limit=', 'limit'],
    ['limit=2&cursor=nonsense', 'cursor'],
    ['limit=2&cursor=1.2024.0', 'cursor'],
    ['limit=2&cursor=2.2024.5', 'cursor'],
    ['limit=2&cursor=1.2024.99999999999', 'cursor'],
    ['cursor=1.2024.5', 'cursor'],
    ['limit=2&technologyId=0', 'technologyId'],
    ['technologyId=rust', 'technologyId'],
  ])('answers 400 to ?%s, naming %s', async (query, field) => {
    const res = await t.request('GET', `/projects?${query}`)
    expect(res.status).toBe(400)
    expect(res.body.statusCode).toBe(400)
    expect(res.body.errors[field]).toEqual(expect.any(String))
    expect(res.headers.get('cache-control')).toBeNull()
  })
})
