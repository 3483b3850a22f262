// The OpenAPI document (supabase/functions/_shared/contract/openapi.ts), as the
// target serves it: valid OpenAPI 3.1 by an independent validator, with every
// call of docs/PRODUCT.md §7 and every route the app registers, each with a
// summary, an operationId and bearer security where an account is needed.
// That answers match it is checked by the harness on every request of the
// whole suite (tests/support/contract-check.ts).
import { readFile } from 'node:fs/promises'
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestContext, inProcess, type TestContext } from '@test-support/api-harness.ts'

interface OperationObject {
  operationId?: string
  summary?: string
  security?: Record<string, string[]>[]
  responses: Record<string, unknown>
}
type Document = {
  openapi: string
  paths: Record<string, Record<string, OperationObject>>
}

let t: TestContext
let document: Document

beforeAll(async () => {
  t = await createTestContext()
  const res = await t.request<Document>('GET', '/openapi.json')
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('application/json')
  document = res.body
})
afterAll(async () => {
  await t?.close()
})

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  )

test('is valid OpenAPI 3.1 for an independent validator', async () => {
  expect(document.openapi).toBe('3.1.0')
  const validator = new Validator()
  const result = await validator.validate(structuredClone(document))
  expect(result.errors ?? []).toEqual([])
  expect(result.valid).toBe(true)
})

test('every operation has a unique operationId and a summary', () => {
  const ids = operations().map(({ operation }) => operation.operationId)
  expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true)
  expect(new Set(ids).size).toBe(ids.length)
  for (const { operation } of operations()) expect(operation.summary?.length).toBeGreaterThan(0)
})

test('a read that refuses visitors asks for a bearer token, and one that serves them does not', async () => {
  // Every read without a path parameter, called as a visitor.
  const reads = operations().filter(({ path, method }) => method === 'get' && !path.includes('{'))
  expect(reads.length).toBeGreaterThan(10)
  for (const { path, operation } of reads) {
    const res = await t.request('GET', path, { binary: true })
    const required = JSON.stringify(operation.security) === '[{"bearer":[]}]'
    expect(required, `GET ${path} answered ${res.status} to a visitor`).toBe(res.status === 401)
  }
  // The shared error shape is referenced, not repeated.
  const login = document.paths['/auth/login']!.post!
  expect(JSON.stringify(login.responses['401'])).toContain('#/components/schemas/Error')
})

test('holds every call docs/PRODUCT.md §7 lists', async () => {
  const product = await readFile(new URL('../../docs/PRODUCT.md', import.meta.url), 'utf8')
  const section = product.slice(product.indexOf('## §7'), product.indexOf('## §8'))
  const calls = [...section.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`]*)`/g)].map((m) => ({
    method: m[1]!.toLowerCase(),
    // A query in the table (`/stats?days=7|30|90`) is a parameter, not part of the path.
    path: m[2]!.split('?')[0]!,
  }))
  expect(calls.length).toBeGreaterThan(30)
  for (const call of calls)
    expect(document.paths[call.path]?.[call.method], `${call.method} ${call.path}`).toBeDefined()
})

test.runIf(inProcess)('holds every route the app answers, and nothing it does not', () => {
  const base = '/api'
  const registered = new Set(
    t
      .app!.routes.filter((route) => route.method !== 'ALL' && route.path.startsWith(`${base}/`))
      .map(
        (route) =>
          `${route.method.toLowerCase()} ${route.path.slice(base.length).replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`,
      ),
  )
  const documented = new Set(operations().map(({ method, path }) => `${method} ${path}`))
  expect([...registered].filter((route) => !documented.has(route))).toEqual([])
  expect([...documented].filter((route) => !registered.has(route))).toEqual([])
})
