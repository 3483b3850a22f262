// The Health card while the demo content is there (docs/PRODUCT.md §13, §28):
// the server leaves the demo's own links unchecked (tests/api/insights.test.ts),
// and the card tells an admin so. The shared real API has no demo in it, so the
// calls are answered here.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { fakeApi } from '@test-support/fake-api'
import { HealthCard } from './health-card'

afterEach(() => {
  vi.unstubAllGlobals()
})

const NOTE = /The demo content's links are not checked/

function renderCard(present: boolean, canWrite = true) {
  const calls = fakeApi({
    'GET /insights': () => ({
      status: 200,
      body: [
        {
          severity: 'error',
          kind: 'link-broken',
          entity: 'project',
          id: 7,
          message: 'The live link of "Mine" (https://mine.example.com) does not work: answers 404',
        },
      ],
    }),
    'GET /demo': () => ({
      status: 200,
      body: {
        present,
        counts: {
          projects: present ? 6 : 0,
          technologies: 0,
          certifications: 0,
          experiences: 0,
          education: 0,
          posts: 0,
          configs: 0,
        },
      },
    }),
    'GET /languages': () => ({ status: 200, body: { default: 'en', languages: ['en'] } }),
    // The lists the missing translations are counted in: nothing in them.
    'GET /.*': () => ({ status: 200, body: [] }),
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HealthCard canWrite={canWrite} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return calls
}

describe('health while the demo content is there', () => {
  test("says the demo's links are not checked, beside the owner's findings", async () => {
    renderCard(true)
    expect(await screen.findByText(NOTE)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /The live link of "Mine"/ })).toBeInTheDocument()
    expect(screen.getByLabelText('Findings by severity')).toHaveTextContent('1 error')
  })

  test('says nothing of it once the demo is gone', async () => {
    renderCard(false)
    expect(await screen.findByRole('link', { name: /The live link of "Mine"/ })).toBeInTheDocument()
    expect(screen.queryByText(NOTE)).toBeNull()
  })

  test('a read-only account does not ask for the demo (it would get 403)', async () => {
    const calls = renderCard(true, false)
    expect(await screen.findByRole('link', { name: /The live link of "Mine"/ })).toBeInTheDocument()
    expect(calls.some((call) => call.path === '/demo')).toBe(false)
    expect(screen.queryByText(NOTE)).toBeNull()
  })
})
