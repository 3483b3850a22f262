import postgres from 'postgres'
import { describe, expect, test, vi } from 'vitest'
import { createEdgeApp } from '../supabase/functions/_shared/edge-app.ts'
import { EDGE_POOL_DEFAULTS, readEdgeEnv } from '../supabase/functions/_shared/edge-env.ts'
import { imageForm, migrationsHash, tinyPng } from '@test-support/api-harness.ts'
import { startStorageStandIn } from '@test-support/storage-stand-in.ts'
import { throwawayDatabase } from '@test-support/throwaway-database.ts'

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

  test('says what JWT_SECRET is for and where to set it when it is missing', () => {
    const boot = () => createEdgeApp(env({ JWT_SECRET: '  ' }))
    expect(boot).toThrow(/^JWT_SECRET is not set: the API signs and checks its sign-in tokens/)
    expect(boot).toThrow(/secrets set/)
    expect(boot).toThrow(/supabase\/functions\/\.env/)
    expect(() => createEdgeApp(env({ JWT_SECRET: 'too-short' }))).toThrow(/at least 32 bytes/)
  })

  test('refuses a pool size or idle timeout that is not a whole number', () => {
    expect(() => createEdgeApp(env({ DB_POOL_MAX: '0' }))).toThrow(/DB_POOL_MAX/)
    expect(() => createEdgeApp(env({ DB_POOL_MAX: 'many' }))).toThrow(/DB_POOL_MAX/)
    expect(() => createEdgeApp(env({ DB_IDLE_TIMEOUT: '-1' }))).toThrow(/DB_IDLE_TIMEOUT/)
    expect(() => createEdgeApp(env({ DB_IDLE_TIMEOUT: '2.5' }))).toThrow(/DB_IDLE_TIMEOUT/)
  })

  test('keeps statements unprepared unless DB_PREPARE says so, and refuses anything but true or false', () => {
    expect(readEdgeEnv(env()).prepare).toBe(false)
    expect(readEdgeEnv(env({ DB_PREPARE: 'true' })).prepare).toBe(true)
    expect(readEdgeEnv(env({ DB_PREPARE: ' FALSE ' })).prepare).toBe(false)
    expect(() => readEdgeEnv(env({ DB_PREPARE: 'yes' }))).toThrow(
      /DB_PREPARE must be true or false/,
    )
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

  test('lets a page on another origin send the headers supabase-js adds (apikey, x-client-info)', async () => {
    const app = createEdgeApp(env())
    const preflight = await app.request('/api/uploads/sign', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://me.example.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey,authorization,content-type,x-client-info',
      },
    })
    const allowed = preflight.headers.get('access-control-allow-headers')?.toLowerCase() ?? ''
    expect(allowed).toContain('apikey')
    expect(allowed).toContain('x-client-info')
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

describe('readEdgeEnv()', () => {
  test('connects through DB_POOLER_URL when set, with a small pool that closes idle connections', () => {
    expect(readEdgeEnv(env())).toMatchObject({
      databaseUrl: 'postgres://nobody:nothing@127.0.0.1:1/none',
      poolMax: EDGE_POOL_DEFAULTS.max,
      idleTimeout: EDGE_POOL_DEFAULTS.idleTimeout,
    })
    const pooler = 'postgres://postgres.abc:pw@aws-0-eu-west-1.pooler.supabase.com:6543/postgres'
    expect(
      readEdgeEnv(env({ DB_POOLER_URL: pooler, DB_POOL_MAX: '1', DB_IDLE_TIMEOUT: '0' })),
    ).toMatchObject({ databaseUrl: pooler, poolMax: 1, idleTimeout: 0 })
  })

  test('calls Storage with a secret key, and with the legacy service_role key only without one', () => {
    const storage = (extra: Record<string, string>) =>
      readEdgeEnv(env({ SUPABASE_URL: 'https://abc.supabase.co', ...extra })).storage
    const legacy = { SUPABASE_SERVICE_ROLE_KEY: 'eyJ.legacy.jwt' }
    const platform = { SUPABASE_SECRET_KEYS: JSON.stringify({ default: 'sb_secret_default' }) }
    expect(storage({})).toBeNull()
    expect(storage(legacy)?.key).toBe('eyJ.legacy.jwt')
    expect(storage({ ...legacy, ...platform })?.key).toBe('sb_secret_default')
    expect(
      storage({ SUPABASE_SECRET_KEYS: JSON.stringify({ backend: 'sb_secret_backend' }) })?.key,
    ).toBe('sb_secret_backend')
    expect(storage({ ...platform, SUPABASE_SECRET_KEY: 'sb_secret_chosen' })?.key).toBe(
      'sb_secret_chosen',
    )
    expect(storage({ ...legacy, SUPABASE_SECRET_KEYS: 'not json' })?.key).toBe('eyJ.legacy.jwt')
  })

  test('answers image URLs on STORAGE_PUBLIC_URL, or on SUPABASE_URL without it', () => {
    const local = { SUPABASE_URL: 'http://kong:8000', SUPABASE_SERVICE_ROLE_KEY: 'eyJ.local' }
    expect(readEdgeEnv(env(local)).storage).toMatchObject({
      url: 'http://kong:8000',
      publicUrl: 'http://kong:8000',
    })
    expect(
      readEdgeEnv(env({ ...local, STORAGE_PUBLIC_URL: 'http://127.0.0.1:54321/' })).storage,
    ).toMatchObject({ url: 'http://kong:8000', publicUrl: 'http://127.0.0.1:54321' })
    expect(() => readEdgeEnv(env({ ...local, STORAGE_PUBLIC_URL: '127.0.0.1:54321' }))).toThrow(
      /STORAGE_PUBLIC_URL/,
    )
  })

  test('publishes through DEPLOY_HOOK_URL after a quiet period, and never quotes the hook in an error', () => {
    expect(readEdgeEnv(env()).publish).toBeNull()
    expect(
      readEdgeEnv(env({ DEPLOY_HOOK_URL: 'https://api.netlify.com/build_hooks/abc' })).publish,
    ).toEqual({ hookUrl: 'https://api.netlify.com/build_hooks/abc', quietMs: 30_000 })
    expect(
      readEdgeEnv(env({ DEPLOY_HOOK_URL: 'https://h.test/x', DEPLOY_HOOK_QUIET_SECONDS: '2.5' }))
        .publish,
    ).toEqual({ hookUrl: 'https://h.test/x', quietMs: 2500 })
    expect(() => readEdgeEnv(env({ DEPLOY_HOOK_URL: 'ftp://secret-token' }))).toThrow(
      /^DEPLOY_HOOK_URL must be an http:\/\/ or https:\/\/ address$/,
    )
    expect(() => readEdgeEnv(env({ DEPLOY_HOOK_QUIET_SECONDS: '-1' }))).toThrow(
      /DEPLOY_HOOK_QUIET_SECONDS/,
    )
    expect(() => readEdgeEnv(env({ SETUP_TOKEN: 'short' }))).toThrow(/SETUP_TOKEN/)
  })
})

// The whole upload path with the new key variable, against a stand-in for
// Storage (hosted Storage cannot run here) and a real database.
describe.skipIf(!process.env.TEST_POSTGRES_URL)(
  'the edge app on PostgreSQL (TEST_POSTGRES_URL)',
  () => {
    test('without SETUP_TOKEN nobody can claim the fresh project, and the answer says how to open it', async () => {
      const database = await throwawayDatabase(await migrationsHash())
      try {
        const app = createEdgeApp(env({ SUPABASE_DB_URL: database.url, DB_IDLE_TIMEOUT: '1' }))
        const claim = await app.request('/api/auth/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'cf-connecting-ip': '127.0.0.1' },
          body: JSON.stringify({
            username: 'owner',
            password: 'secret-sauce-1',
            setupToken: 'guess',
          }),
        })
        expect(claim.status).toBe(403)
        expect(((await claim.json()) as { message: string }).message).toMatch(
          /SETUP_TOKEN.*\/admin\/register\?setup=/,
        )
      } finally {
        await database.drop()
      }
    })

    test('GET /cv.pdf answers 503, not 500, when the CV fonts cannot be loaded', async () => {
      const database = await throwawayDatabase(await migrationsHash())
      try {
        // As a deploy whose bundle lacks the font module would fail its import.
        const missing = () => Promise.reject(new Error('Module not found: cv-font-data.ts'))
        const app = createEdgeApp(
          env({ SUPABASE_DB_URL: database.url, DB_IDLE_TIMEOUT: '1' }),
          missing,
        )
        const res = await app.request('/api/cv.pdf')
        expect(res.status).toBe(503)
        expect(res.headers.get('retry-after')).toBe('60')
        expect(await res.json()).toMatchObject({ message: 'The CV is not available right now' })
        // The JSON Resume needs no font and still answers (its body shown if not).
        const resume = await app.request('/api/resume.json')
        expect({ status: resume.status, body: resume.ok ? '' : await resume.text() }).toEqual({
          status: 200,
          body: '',
        })
      } finally {
        await database.drop()
      }
    })

    test("a new worker's requests do not wait behind its upkeep", async () => {
      const database = await throwawayDatabase(await migrationsHash())
      const other = postgres(database.url, { max: 1, onnotice: () => {} })
      const holder = await other.reserve()
      try {
        // Another session holds the periodic jobs, so every claim of a pass
        // waits; a new worker finds them all due. With two connections, the
        // passes claimed both before the first request could have one.
        await holder`begin`
        await holder`lock table app.periodic_jobs in exclusive mode`
        const app = createEdgeApp(
          env({ SUPABASE_DB_URL: database.url, DB_POOL_MAX: '2', DB_IDLE_TIMEOUT: '1' }),
        )
        const answers = []
        for (let request = 0; request < 3; request++) {
          const res = await app.request('/api/resume.json')
          answers.push({ status: res.status, body: res.ok ? '' : await res.text() })
        }
        expect(answers).toEqual(Array(3).fill({ status: 200, body: '' }))
      } finally {
        await holder`rollback`
        holder.release()
        await other.end()
        await database.drop()
      }
    })

    test('five workers on one database make one hourly pass between them', async () => {
      const database = await throwawayDatabase(await migrationsHash())
      const info = vi.spyOn(console, 'info').mockImplementation(() => {})
      try {
        const passes = () =>
          info.mock.calls.filter(([line]) => String(line).startsWith('Hourly upkeep claimed'))
        // Each a new worker, as Supabase starts them; each sweeps (in the
        // background) on its first request only if the database says it is due.
        for (let worker = 0; worker < 5; worker++) {
          const app = createEdgeApp(env({ SUPABASE_DB_URL: database.url, DB_IDLE_TIMEOUT: '1' }))
          expect((await app.request('/api/health')).status).toBe(200)
        }
        const deadline = Date.now() + 15_000
        while (passes().length === 0 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50))
        await new Promise((resolve) => setTimeout(resolve, 500))
        expect(passes()).toEqual([['Hourly upkeep claimed: file sweep, new year']])
      } finally {
        info.mockRestore()
        await database.drop()
      }
    })

    test('uploads with the key from SUPABASE_SECRET_KEYS and answers a URL browsers can reach', async () => {
      const database = await throwawayDatabase(await migrationsHash())
      const storage = await startStorageStandIn({ serviceKey: 'sb_secret_stand_in' })
      try {
        const app = createEdgeApp(
          env({
            SUPABASE_DB_URL: database.url,
            SUPABASE_URL: storage.url,
            SUPABASE_SECRET_KEYS: JSON.stringify({ default: 'sb_secret_stand_in' }),
            STORAGE_PUBLIC_URL: 'http://127.0.0.1:54321',
            DB_IDLE_TIMEOUT: '1',
            SETUP_TOKEN: 'a-setup-code-for-this-test',
          }),
        )
        const register = await app.request('/api/auth/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            username: 'owner',
            password: 'secret-sauce-1',
            setupToken: 'a-setup-code-for-this-test',
          }),
        })
        expect(register.status).toBe(201)
        const { accessToken } = (await register.json()) as { accessToken: string }
        const auth = { authorization: `Bearer ${accessToken}` }

        const upload = await app.request('/api/uploads/image', {
          method: 'POST',
          headers: auth,
          body: imageForm(tinyPng),
        })
        expect(upload.status).toBe(201)
        const { url } = (await upload.json()) as { url: string }
        expect(url).toMatch(
          /^http:\/\/127\.0\.0\.1:54321\/storage\/v1\/object\/public\/images\/[^/]+\.png$/,
        )
        const sent = storage.seen.find((r) => r.method === 'POST')!
        expect(sent.headers.apikey).toBe('sb_secret_stand_in')
        expect(storage.objects.size).toBe(1)

        const removal = await app.request('/api/uploads/image', {
          method: 'DELETE',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ url }),
        })
        expect(removal.status).toBe(200)
        expect(storage.objects.size).toBe(0)
      } finally {
        await storage.close()
        await database.drop()
      }
    })
  },
)
