import { afterEach, expect, test, vi } from 'vitest'
import { api, callPath } from '@/lib/api-client'
import { saveSession } from '@/lib/session'

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json', ...headers },
  })

afterEach(() => {
  localStorage.clear()
  vi.unstubAllGlobals()
})

/** The fetch stand-in, and what each call asked for: its path under the API base, method, headers, body. */
function stubFetch(answer: () => Response) {
  const calls: { path: string; method: string; headers: Record<string, string>; body: unknown }[] =
    []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({
        path: url.slice(url.indexOf('/api') + '/api'.length),
        method: String(init.method),
        headers: init.headers as Record<string, string>,
        body: init.body,
      })
      return answer()
    }),
  )
  return calls
}

test('a declared path takes its parameters, encoded, and its query in the order written', () => {
  expect(callPath('/projects/{id}', { params: { id: 7 } })).toBe('/projects/7')
  expect(callPath('/shared/{token}', { params: { token: 'a/b c' } })).toBe('/shared/a%2Fb%20c')
  expect(
    callPath('/projects', { query: { limit: 12, technologyId: null, cursor: 'x y', lang: 'fr' } }),
  ).toBe('/projects?limit=12&cursor=x%20y&lang=fr')
  // Nothing left: no question mark.
  expect(callPath('/posts', { query: { lang: null, cursor: undefined } })).toBe('/posts')
})

test('a read goes to its written path and answers the JSON', async () => {
  const calls = stubFetch(() => json({ status: 'ok' }))
  const health = await api.get('/health')
  expect(health.status).toBe('ok')
  await api.get('/github/repositories', { query: { login: 'octo-cat' } })
  await api.get('/technologies', { query: { projects: false, lang: null }, token: null })
  expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
    'GET /health',
    'GET /github/repositories?login=octo-cat',
    'GET /technologies?projects=false',
  ])
})

test('a write sends its JSON body and If-Match; 204 answers undefined', async () => {
  saveSession({ token: 'admin-token', user: { id: 1, username: 'admin', role: 'admin' } })
  const calls = stubFetch(() => new Response(null, { status: 204 }))
  const answer = await api.patch(
    '/messages/{id}',
    { isRead: true },
    { params: { id: 3 }, ifMatch: '"v2"' },
  )
  expect(answer).toBeUndefined()
  expect(calls[0]).toMatchObject({
    path: '/messages/3',
    method: 'PATCH',
    body: JSON.stringify({ isRead: true }),
  })
  expect(calls[0]!.headers).toMatchObject({
    'Content-Type': 'application/json',
    'If-Match': '"v2"',
    Authorization: 'Bearer admin-token',
  })
})

test('an upload sends its FormData as it is', async () => {
  const calls = stubFetch(() => json({ url: '/storage/a.png' }))
  const form = new FormData()
  form.set('file', new Blob(['x'], { type: 'image/png' }), 'a.png')
  expect(await api.post('/uploads/image', form)).toEqual({ url: '/storage/a.png' })
  expect(calls[0]!.body).toBe(form)
  expect(calls[0]!.headers['Content-Type']).toBeUndefined()
})

test('the versioned read keeps the ETag, the headers read keeps the headers', async () => {
  stubFetch(() => json({ id: 4 }, { ETag: '"v9"', 'X-Total-Count': '1' }))
  const { data, version } = await api.getVersioned('/projects/{id}', { params: { id: 4 } })
  expect(data.id).toBe(4)
  expect(version).toBe('"v9"')
  const page = await api.getWithHeaders('/projects', { query: { limit: 1 } })
  expect(page.headers.get('X-Total-Count')).toBe('1')
})

// What the compiler refuses: each call is one the declarations do not allow.
// Never called: the typecheck is the test.
export function refusedCalls() {
  // @ts-expect-error no such path
  void api.get('/projectz')
  // @ts-expect-error the path's id is needed
  void api.get('/projects/{id}')
  // @ts-expect-error an id is a number
  void api.get('/projects/{id}', { params: { id: '4' } })
  // @ts-expect-error not a query parameter of this call
  void api.get('/projects', { query: { limt: 3 } })
  // @ts-expect-error the login is required
  void api.get('/github/repositories', { query: {} })
  // @ts-expect-error so is the query that holds it
  void api.get('/github/repositories')
  // @ts-expect-error isRead is a boolean
  void api.patch('/messages/{id}', { isRead: 'yes' }, { params: { id: 1 } })
  // @ts-expect-error GET only: no POST of one project
  void api.post('/projects/{id}', {}, { params: { id: 1 } })
  return async () => {
    const project = await api.get('/projects/{id}', { params: { id: 1 } })
    // @ts-expect-error the answer is typed: a project has no title
    void project.title
    const removed = await api.delete('/projects/{id}', undefined, { params: { id: 1 } })
    // @ts-expect-error a 204 answers nothing
    void removed.id
  }
}
