// Test double for the REST contract, for the cases the shared real-API test
// server cannot produce (an empty list, a request held open, a 500): answers
// fetch with contract-shaped bodies ({ statusCode, message, errors? } on
// failure) and records every call.
import { vi } from 'vitest'
import type { User } from '@shared/contract/types.ts'
import { saveSession } from '@/lib/session'

export interface Call {
  method: string
  path: string
  /** The query string's parameters (`?limit=12&cursor=…`); routes match the path alone. */
  query: URLSearchParams
  body: unknown
  authorization: string | null
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> }
export type Reply = Answer | Promise<Answer>
export type Handler = (call: Call, match: RegExpMatchArray) => Reply

/** Routes are 'METHOD /path' with a regex-ish path ('GET /projects/(\\d+)'). */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = []
  const table = Object.entries(routes).map(([key, handler]) => {
    const [method, path] = key.split(' ') as [string, string]
    return { method, pattern: new RegExp(`^${path}$`), handler }
  })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost')
      const path = url.pathname.replace(/^.*\/api(?=\/)/, '')
      const method = init.method ?? 'GET'
      const headers = new Headers(init.headers)
      const call: Call = {
        method,
        path,
        query: url.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        authorization: headers.get('Authorization'),
      }
      calls.push(call)
      for (const route of table) {
        const match = route.method === method ? path.match(route.pattern) : null
        if (!match) continue
        const { status, body, headers } = await route.handler(call, match)
        return new Response(status === 204 ? null : JSON.stringify(body ?? null), {
          status,
          headers: { 'Content-Type': 'application/json', ...headers },
        })
      }
      return new Response(JSON.stringify({ statusCode: 404, message: 'Not found' }), {
        status: 404,
      })
    }),
  )
  return calls
}

export const ok = (body: unknown, status = 200) => ({ status, body })
export const fail = (status: number, message: string, errors?: Record<string, string>) => ({
  status,
  body: { statusCode: status, message, ...(errors ? { errors } : {}) },
})

/** A promise the test settles itself, to hold a request open. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

export function signIn(role: User['role'] = 'admin') {
  saveSession({
    token: `${role}-token`,
    user: { id: role === 'admin' ? 1 : 2, username: role, role },
  })
}
