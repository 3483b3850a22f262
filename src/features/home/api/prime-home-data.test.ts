import { QueryClient } from '@tanstack/react-query'
import { afterEach, expect, test, vi } from 'vitest'
import { FIRST_READS } from './first-reads'
import { configs, projects } from '@test-support/home/fixtures'
import { publicApi } from '@test-support/home/public-api'
import { primeHomeData } from './use-home-data'
import { publicProjectsPageQueryOptions } from './get-public-projects'
import { publicTechnologiesQueryOptions } from './get-public-technologies'
import { siteConfigQueryOptions } from './get-site-config'

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })

/** What index.html's inline script leaves: one promise per path (server/public-reads-preload.ts). */
function preload(answer: (path: string) => Promise<Response>) {
  window.__vitrinePublicReads = Object.fromEntries(FIRST_READS.map((p) => [p, answer(p)]))
}

afterEach(() => {
  delete window.__vitrinePublicReads
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

test('without reads started by index.html it settles at once and asks for nothing', async () => {
  const calls = publicApi()
  const client = new QueryClient()
  await primeHomeData(client)
  expect(calls).toEqual([])
  expect(client.getQueryCache().getAll()).toEqual([])
})

test('puts the parsed answers in the cache before the first render, without asking again', async () => {
  const calls = publicApi()
  preload((path) =>
    Promise.resolve(
      path.startsWith('/projects')
        ? json(projects, 200, { 'X-Total-Count': '3' })
        : path === '/configs/all-as-object'
          ? json({ ...configs, heroTitle1: 'EARLY' })
          : json([]),
    ),
  )
  const client = new QueryClient()
  await primeHomeData(client)
  expect(calls).toEqual([])
  expect(window.__vitrinePublicReads).toEqual({})
  expect(client.getQueryData(siteConfigQueryOptions().queryKey)?.heroTitle1).toBe('EARLY')
  const page = client.getQueryData(publicProjectsPageQueryOptions().queryKey)
  expect(page?.projects.map((p) => p.name)).toEqual(projects.map((p) => p.name))
  expect(page?.total).toBe(3)
})

test('a read that never answers holds the first render for maxWaitMs only', async () => {
  publicApi()
  preload((path) =>
    path === '/certifications' ? new Promise<Response>(() => {}) : Promise.resolve(json([])),
  )
  vi.useFakeTimers()
  const client = new QueryClient()
  let settled = false
  const primed = primeHomeData(client, 500).then(() => (settled = true))
  await vi.advanceTimersByTimeAsync(499)
  expect(settled).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  await primed
  expect(settled).toBe(true)
})

test('a failed read settles without throwing and is left for the page to ask again', async () => {
  const calls = publicApi()
  preload((path) =>
    path === '/technologies?projects=false'
      ? Promise.resolve(json({ error: 'Internal server error' }, 500))
      : Promise.resolve(json([])),
  )
  const client = new QueryClient()
  await expect(primeHomeData(client)).resolves.toBeUndefined()
  // No retries while the first render waits (a plain client would retry 3 times): the page's
  // own query retries, with its spinner.
  expect(calls).toEqual([])
  expect(client.getQueryState(publicTechnologiesQueryOptions().queryKey)?.status).toBe('error')
})
