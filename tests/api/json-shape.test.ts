// JSON nested past 32 levels, or with an array or object of more than 1,000
// items, is refused with 400 from its text, before it is parsed or walked
// (supabase/functions/_shared/http/json-shape.ts): public routes, sign-in and
// signed-in writes alike, never a 500.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  JSON_TOO_DEEP,
  JSON_TOO_WIDE,
  jsonShapeProblem,
  MAX_JSON_DEPTH,
  MAX_JSON_ITEMS,
} from '../../supabase/functions/_shared/http/json-shape.ts'
import { findNul } from '../../supabase/functions/_shared/http/validate.ts'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let t: TestContext
let admin: { token: string }
let projectId: number
beforeAll(async () => {
  t = await createTestContext()
  admin = await t.registerAdmin()
  const project = await t.request('POST', '/projects', {
    token: admin.token,
    body: { name: 'Nested', description: 'd' },
  })
  expect(project.status).toBe(201)
  projectId = project.body.id
})
afterAll(() => t.close())

let client = 0
/** A fresh client address per call, so no rate limit answers first. */
const fresh = () => ({ 'x-forwarded-for': `192.0.2.${++client}` })

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels)
/** `levels` of arrays inside a field the route knows. */
const deepIn = (field: string, levels: number, rest: Record<string, unknown>) =>
  `{${JSON.stringify(rest).slice(1, -1)},"${field}":${nested(levels)}}`

describe('the routes', () => {
  const routes = [
    {
      name: 'the contact form',
      method: 'POST',
      url: () => '/contact',
      field: 'message',
      rest: { name: 'Deep', email: 'd@example.com' },
      signedIn: false,
    },
    {
      name: 'sign-in',
      method: 'POST',
      url: () => '/auth/login',
      field: 'password',
      rest: { username: 'admin' },
      signedIn: false,
    },
    {
      name: 'a signed-in PATCH',
      method: 'PATCH',
      url: () => `/projects/${projectId}`,
      field: 'technologiesIds',
      rest: { name: 'Nested' },
      signedIn: true,
    },
  ]

  test.each(routes)('$name answers 400 to 4,000 levels of nesting', async (route) => {
    const answer = await t.request(route.method, route.url(), {
      token: route.signedIn ? admin.token : undefined,
      headers: { ...fresh(), 'content-type': 'application/json' },
      rawBody: deepIn(route.field, 4000, route.rest),
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ statusCode: 400, message: JSON_TOO_DEEP })
  })

  test.each(routes)('$name answers 400 to a list of 5,000 items', async (route) => {
    const answer = await t.request(route.method, route.url(), {
      token: route.signedIn ? admin.token : undefined,
      headers: fresh(),
      body: { ...route.rest, [route.field]: Array.from({ length: 5000 }, (_, i) => i + 1) },
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ statusCode: 400, message: JSON_TOO_WIDE })
  })

  test('100,000 levels (200 kB, within a project ceiling) are refused the same way', async () => {
    const answer = await t.request('PATCH', `/projects/${projectId}`, {
      token: admin.token,
      headers: { 'content-type': 'application/json' },
      rawBody: deepIn('images', 100_000, { name: 'Nested' }),
    })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe(JSON_TOO_DEEP)
  })

  test('payloads within the limits are judged by their schema as before', async () => {
    const ids = await t.request('PATCH', `/projects/${projectId}`, {
      token: admin.token,
      body: { technologiesIds: Array.from({ length: 101 }, (_, i) => i + 1) },
    })
    expect(ids.status).toBe(400)
    expect(ids.body.errors.technologiesIds).toEqual(expect.any(String))
    const login = await t.request('POST', '/auth/login', {
      headers: fresh(),
      body: { username: 'admin', password: [[['secret-sauce-1']]] },
    })
    expect(login.status).toBe(400)
    expect(login.body.errors.password).toEqual(expect.any(String))
  })
})

describe('jsonShapeProblem()', () => {
  test('allows 32 levels and refuses the 33rd, whatever the total depth', () => {
    expect(jsonShapeProblem(nested(MAX_JSON_DEPTH))).toBeNull()
    expect(jsonShapeProblem(`{"a":${nested(MAX_JSON_DEPTH - 1)}}`)).toBeNull()
    for (const levels of [MAX_JSON_DEPTH + 1, 4000, 100_000, 1_000_000])
      expect(jsonShapeProblem(nested(levels)), String(levels)).toBe(JSON_TOO_DEEP)
  })

  test('allows 1,000 items in each container and refuses 1,001', () => {
    const list = (n: number) => JSON.stringify(Array.from({ length: n }, () => 0))
    const object = (n: number) =>
      JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])))
    expect(jsonShapeProblem(list(MAX_JSON_ITEMS))).toBeNull()
    expect(jsonShapeProblem(object(MAX_JSON_ITEMS))).toBeNull()
    expect(jsonShapeProblem(list(MAX_JSON_ITEMS + 1))).toBe(JSON_TOO_WIDE)
    expect(jsonShapeProblem(object(MAX_JSON_ITEMS + 1))).toBe(JSON_TOO_WIDE)
    // Items are counted per container: 40 lists of 900 are fine.
    expect(jsonShapeProblem(JSON.stringify(Array.from({ length: 40 }, () => list(900))))).toBeNull()
  })

  test('ignores brackets, commas and escaped quotes inside strings', () => {
    const text = JSON.stringify({ a: '['.repeat(5000), b: ','.repeat(5000), c: '\\"[[[' })
    expect(jsonShapeProblem(text)).toBeNull()
    expect(jsonShapeProblem(`{"a":"\\"${nested(100)}"}`)).toBeNull()
  })
})

describe('findNul()', () => {
  test('walks any depth without recursion and names the first field holding NUL', () => {
    let deep: unknown = 'x\u0000'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(findNul(deep)).toHaveLength(100_000)
    expect(findNul({ a: ['ok', { b: 'n\u0000' }], c: 'z\u0000' })).toEqual(['a', '1', 'b'])
    expect(findNul({ a: ['ok', { b: 'fine' }] })).toBeNull()
  })
})
