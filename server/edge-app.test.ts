import { describe, expect, test } from 'vitest'
import { createEdgeApp } from '../supabase/functions/_shared/edge-app.ts'

// The edge function's wiring, under Node. postgres.js connects lazily, so these
// requests, which never reach the database, need no server; the function against
// a real database under Deno is `npm run test:deno`.
const env = (extra: Record<string, string> = {}) => {
  const values: Record<string, string> = {
    SUPABASE_DB_URL: 'postgres://nobody:nothing@127.0.0.1:1/none',
    JWT_SECRET: 'a-test-secret-that-is-at-least-32-bytes',
    ...extra,
  }
  return (name: string) => values[name]
}

describe('createEdgeApp()', () => {
  test('refuses to start without SUPABASE_DB_URL or JWT_SECRET', () => {
    expect(() => createEdgeApp(env({ SUPABASE_DB_URL: '' }))).toThrow(/SUPABASE_DB_URL/)
    expect(() => createEdgeApp(env({ JWT_SECRET: '' }))).toThrow(/JWT_SECRET/)
  })

  test('answers a CORS preflight so a statically hosted SPA can call it', async () => {
    const app = createEdgeApp(env())
    const response = await app.request('/api/projects', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://me.example.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'authorization',
    )
  })

  test('lets a page on another origin send If-Match and read the ETag', async () => {
    const app = createEdgeApp(env())
    const preflight = await app.request('/api/projects/1', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://me.example.com',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization,content-type,if-match',
      },
    })
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'if-match',
    )
    const answer = await app.request('/api/nothing-here', {
      headers: { Origin: 'https://me.example.com' },
    })
    expect(answer.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('etag')
  })

  test("limits CORS to ALLOWED_ORIGINS when set, and keeps the API's own 404 body", async () => {
    const app = createEdgeApp(
      env({ ALLOWED_ORIGINS: 'https://me.example.com, https://www.me.example.com' }),
    )
    const allowed = await app.request('/api/nothing-here', {
      headers: { Origin: 'https://www.me.example.com' },
    })
    expect(allowed.status).toBe(404)
    expect(await allowed.json()).toMatchObject({ statusCode: 404 })
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://www.me.example.com')
    const other = await app.request('/api/nothing-here', {
      headers: { Origin: 'https://evil.example.com' },
    })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  })

  test('still asks visitors to sign in for uploads when no storage is configured', async () => {
    // Without SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY uploads are refused
    // (503), but the route checks the caller first, so a visitor gets 401.
    const app = createEdgeApp(env())
    const response = await app.request('/api/uploads/image', { method: 'POST' })
    expect(response.status).toBe(401)
  })
})
