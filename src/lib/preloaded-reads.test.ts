import { afterEach, expect, test, vi } from 'vitest'
import { api } from '@/lib/api-client'
import { saveSession } from '@/lib/session'

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })

afterEach(() => {
  delete window.__vitrinePublicReads
  localStorage.clear()
  vi.unstubAllGlobals()
})

test('an anonymous GET takes the answer index.html started, once; the next one asks the server', async () => {
  const fetchMock = vi.fn(async () => answer(['from the network']))
  vi.stubGlobal('fetch', fetchMock)
  window.__vitrinePublicReads = { '/technologies': Promise.resolve(answer(['preloaded'])) }
  expect(await api.get('/technologies', { token: null })).toEqual(['preloaded'])
  expect(fetchMock).not.toHaveBeenCalled()
  expect(await api.get('/technologies', { token: null })).toEqual(['from the network'])
  expect(fetchMock).toHaveBeenCalledTimes(1)
})

test('a signed-in GET of the same path never takes the anonymous answer', async () => {
  saveSession({ token: 'admin-token', user: { id: 1, username: 'admin', role: 'admin' } })
  const fetchMock = vi.fn(async () => answer(['signed in']))
  vi.stubGlobal('fetch', fetchMock)
  window.__vitrinePublicReads = { '/technologies': Promise.resolve(answer(['preloaded'])) }
  expect(await api.get('/technologies')).toEqual(['signed in'])
  expect(fetchMock).toHaveBeenCalledTimes(1)
})

test('an early request that could not reach the server is asked again', async () => {
  const fetchMock = vi.fn(async () => answer(['second try']))
  vi.stubGlobal('fetch', fetchMock)
  window.__vitrinePublicReads = { '/certifications': Promise.reject(new TypeError('offline')) }
  expect(await api.get('/certifications', { token: null })).toEqual(['second try'])
  expect(fetchMock).toHaveBeenCalledTimes(1)
})

test('an early answer that is an error is the same ApiError as any other', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.stubGlobal('fetch', vi.fn())
  window.__vitrinePublicReads = {
    '/certifications': Promise.resolve(
      new Response(JSON.stringify({ statusCode: 503, message: 'Database unavailable' }), {
        status: 503,
      }),
    ),
  }
  await expect(api.get('/certifications', { token: null })).rejects.toMatchObject({
    status: 503,
    message: 'Database unavailable',
  })
})
