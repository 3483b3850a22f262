// The Backup screen's kept backups (docs/PRODUCT.md §14, §28): listed with
// their time, each restored after a confirmation, and the restore says what
// came back. The shared real API keeps none, so the calls are answered here.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import { fakeApi } from '@test-support/fake-api'
import { KeptBackupsCard } from './kept-backups-card'

afterEach(() => vi.unstubAllGlobals())

const renderCard = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <KeptBackupsCard />
    </QueryClientProvider>,
  )

const KEPT = {
  path: 'kept-20261207T101500Z-1a2b3c4d.zip',
  createdAt: '2026-12-07T10:15:00.000Z',
  size: 40960,
}

test('lists the kept backups and restores one after asking', async () => {
  const calls = fakeApi({
    'GET /backup/kept': () => ({ status: 200, body: [KEPT] }),
    'POST /backup/restore': () => ({
      status: 200,
      body: {
        technologies: 12,
        projects: 6,
        certifications: 4,
        configurations: 14,
        experiences: 3,
        education: 2,
        posts: 0,
        messages: null,
        images: 0,
      },
    }),
  })
  const user = userEvent.setup()
  renderCard()
  expect(await screen.findByRole('heading', { name: 'Kept backups' })).toBeInTheDocument()
  const list = screen.getByRole('list', { name: 'Kept backups' })
  expect(list).toHaveTextContent('40 kB')
  expect(list.querySelector('time')).toHaveAttribute('datetime', KEPT.createdAt)
  await user.click(screen.getByRole('button', { name: /^Restore the backup of / }))
  await user.click(await screen.findByRole('button', { name: 'Replace content' }))
  expect(
    await screen.findByText(
      'Backup restored: 6 projects, 12 technologies, 4 certifications, 14 configurations, 0 images',
    ),
  ).toBeInTheDocument()
  expect(calls.find((c) => c.method === 'POST')).toMatchObject({
    path: '/backup/restore',
    body: { path: KEPT.path },
  })
})

test('is left out while there is none', async () => {
  const calls = fakeApi({ 'GET /backup/kept': () => ({ status: 200, body: [] }) })
  const { container } = renderCard()
  await waitFor(() => expect(calls).toHaveLength(1))
  expect(container).toBeEmptyDOMElement()
})
