// An error the API did not foresee answers a bare 500 and is logged, but the
// log must never hold what the client sent: the driver's error object carries
// the query's parameters, plaintext passwords among them.
import { formatWithOptions } from 'node:util'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { summarizeUnexpectedError } from '../../supabase/functions/_shared/http/log.ts'
import { createTestContext, type TestContext } from '@test-support/api-harness.ts'

let ctx: TestContext
let adminToken: string

const PASSWORD = 'canary-Pa55word-7d1e'
const USERNAME = 'canary-user-5b2f'

beforeAll(async () => {
  ctx = await createTestContext()
  adminToken = (await ctx.registerAdmin()).token
  // A database fault nobody maps to a 4xx: inserting or re-keying a canary account fails.
  await ctx.sql(`
    create function public.simulated_fault() returns trigger language plpgsql as $$
    begin
      raise exception 'simulated fault' using errcode = 'XX000';
    end $$`)
  await ctx.sql(`
    create trigger simulated_fault before insert or update on public.users
    for each row when (new.username like 'canary%') execute function public.simulated_fault()`)
})

afterAll(() => ctx?.close())

/** What the server printed while `run` ran: the deno process's output, or this process's console. */
async function logDuring(run: () => Promise<void>): Promise<string> {
  if (ctx.serverOutput) {
    const before = ctx.serverOutput().length
    await run()
    // The child's stderr arrives a moment after its answer.
    await new Promise((resolve) => setTimeout(resolve, 300))
    return ctx.serverOutput().slice(before)
  }
  const lines: string[] = []
  // Formatted deeper than the console would, hidden properties included: nothing may slip through.
  const capture = (...args: unknown[]) => {
    lines.push(formatWithOptions({ depth: Infinity, showHidden: true }, ...args))
  }
  const spies = (['error', 'warn', 'log', 'info', 'debug'] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation(capture),
  )
  try {
    await run()
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
  return lines.join('\n')
}

describe('an unexpected database error', () => {
  test('creating an account answers 500 and logs the code and message, never the password', async () => {
    let status = 0
    let body: unknown
    const log = await logDuring(async () => {
      const res = await ctx.request('POST', '/users', {
        token: adminToken,
        body: { username: USERNAME, password: PASSWORD, role: 'user' },
        // The fault is planted: a 500 is what this test wants, and no contract lists one.
        contract: false,
      })
      status = res.status
      body = res.body
    })
    expect(status).toBe(500)
    expect(body).toEqual({ statusCode: 500, message: 'Internal server error' })
    expect(log).toContain('XX000')
    expect(log).toContain('simulated fault')
    expect(log).not.toContain(PASSWORD)
    expect(log).not.toContain(USERNAME)
  })

  test('changing a password answers 500 and logs neither the new password nor the name', async () => {
    const created = await ctx.request('POST', '/users', {
      token: adminToken,
      body: { username: 'plain-account', password: 'pass-word-1', role: 'user' },
    })
    expect(created.status).toBe(201)
    let status = 0
    const log = await logDuring(async () => {
      const res = await ctx.request('PUT', `/users/${created.body.id}`, {
        token: adminToken,
        body: { username: USERNAME, password: PASSWORD },
        contract: false,
      })
      status = res.status
    })
    expect(status).toBe(500)
    expect(log).toContain('XX000')
    expect(log).not.toContain(PASSWORD)
    expect(log).not.toContain(USERNAME)
  })
})

describe('summarizeUnexpectedError()', () => {
  test('keeps the code and message and drops every other property', () => {
    const error = Object.assign(new Error('boom'), {
      code: '22021',
      params: ['alice', PASSWORD],
      query: 'select app.check_password($1, $2)',
    })
    Object.defineProperty(error, 'parameters', { value: [PASSWORD], enumerable: false })
    const summary = summarizeUnexpectedError(error, { method: 'POST', path: '/api/auth/login' })
    expect(summary).toEqual({
      method: 'POST',
      path: '/api/auth/login',
      code: '22021',
      message: 'boom',
    })
  })

  test('names errors without a code by their class, and shortens very long messages', () => {
    const summary = summarizeUnexpectedError(new TypeError('x'.repeat(2000)), {
      method: 'GET',
      path: '/api/projects',
    })
    expect(summary.code).toBe('TypeError')
    expect(summary.message.length).toBeLessThanOrEqual(503)
  })
})
