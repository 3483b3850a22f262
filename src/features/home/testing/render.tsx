import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { vi } from 'vitest'
import * as data from './fixtures'

export const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })

export type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>

/** The API boundary, stubbed: answers the public page's four calls like the contract does. */
export function stubApi(overrides: Record<string, Handler | unknown> = {}) {
  const answers: Record<string, Handler | unknown> = {
    'GET /projects': data.projects,
    'GET /technologies': data.technologies,
    'GET /certifications': data.certifications,
    'GET /configs/all-as-object': data.configs,
    'POST /contact': (() => json({ success: true }, 201)) as Handler,
    ...overrides,
  }
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    const path = url.replace(/^.*\/functions\/v1\/api/, '')
    const answer = answers[`${init?.method ?? 'GET'} ${path}`]
    if (answer === undefined) return json({ statusCode: 404, message: 'Not found' }, 404)
    return typeof answer === 'function' ? (answer as Handler)(url, init) : json(answer)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/**
 * Renders with a query client like the app's (src/app/provider.tsx: 30 s fresh), without retries,
 * inside a router: project cards link to their project's page.
 */
export function renderWithQuery(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </MemoryRouter>,
  )
}
