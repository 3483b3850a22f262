import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { getSession, saveSession } from '@/lib/session'
import { sessionKeys } from '../api/sessions'
import { IdleWarning } from './idle-warning'

// The timer side of the idle limit: the server's end of the session is tested
// in tests/api/sessions.test.ts. Fake timers stand in for the minutes.
describe('IdleWarning', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    saveSession({ token: 'a-token', user: { id: 1, username: 'owner', role: 'admin' } })
    // "Stay signed in" asks GET /auth/me: a use of the session.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ id: 1, username: 'owner', role: 'admin' })),
    )
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  function renderWarning(idleMinutes: number) {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
    client.setQueryData(sessionKeys.all, { idleMinutes, sessions: [] })
    render(
      <QueryClientProvider client={client}>
        <IdleWarning />
      </QueryClientProvider>,
    )
  }

  test('asks a minute before the end, and "Stay signed in" keeps the session', async () => {
    renderWarning(5)
    await act(() => vi.advanceTimersByTimeAsync(3 * 60_000))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    await act(() => vi.advanceTimersByTimeAsync(60_000 + 5_000))
    expect(screen.getByRole('alertdialog', { name: 'Still there?' })).toBeInTheDocument()

    await act(async () => screen.getByRole('button', { name: 'Stay signed in' }).click())
    await act(() => vi.advanceTimersByTimeAsync(10_000))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(vi.mocked(fetch)).toHaveBeenCalledWith(
      expect.stringMatching(/\/auth\/me$/),
      expect.objectContaining({ method: 'GET' }),
    )
    // The use counted: four more minutes and the session is still there.
    await act(() => vi.advanceTimersByTimeAsync(3 * 60_000))
    expect(getSession()).not.toBeNull()
  })

  test('signs out once the idle limit has passed', async () => {
    renderWarning(5)
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000 + 5_000))
    expect(getSession()).toBeNull()
  })
})
