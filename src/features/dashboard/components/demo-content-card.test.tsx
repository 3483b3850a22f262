// The dashboard's "Remove the demo content" (docs/PRODUCT.md §28): shown to
// admins while the demo is there, it says what it will remove, asks first,
// then says what it removed and links to the backup that undoes it. The
// shared real API has no demo in it, so the calls are answered here.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { fakeApi } from '@test-support/fake-api'
import { DemoContentCard, describeCounts } from './demo-content-card'

afterEach(() => {
  vi.unstubAllGlobals()
})

const SEEDED = {
  projects: 6,
  technologies: 12,
  certifications: 4,
  experiences: 3,
  education: 2,
  posts: 0,
  configs: 14,
}
const NONE = {
  ...SEEDED,
  projects: 0,
  technologies: 0,
  certifications: 0,
  experiences: 0,
  education: 0,
  configs: 0,
}

function renderCard(canWrite = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DemoContentCard canWrite={canWrite} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('the demo content card', () => {
  test('says what it will remove, asks first, then says what it removed and where the undo is', async () => {
    let present = true
    const calls = fakeApi({
      'GET /demo': () => ({ status: 200, body: { present, counts: present ? SEEDED : NONE } }),
      'DELETE /demo': () => {
        present = false
        return {
          status: 200,
          body: {
            removed: SEEDED,
            backup: {
              path: 'kept-20261207T101500Z-1a2b3c4d.zip',
              createdAt: '2026-12-07T10:15:00.000Z',
              size: 4096,
            },
          },
        }
      },
    })
    const user = userEvent.setup()
    renderCard()
    const card = within(
      (await screen.findByRole('heading', { name: 'Demo content' })).closest('[aria-labelledby]')!,
    )
    expect(
      card.getByText(
        /6 projects, 12 technologies, 4 certifications, 3 jobs and 2 schools; 14 site texts go back to the default/,
      ),
    ).toBeInTheDocument()

    await user.click(card.getByRole('button', { name: 'Remove the demo content' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the demo content?' })
    expect(dialog).toHaveTextContent(
      'This removes 6 projects, 12 technologies, 4 certifications, 3 jobs and 2 schools, and 14 site texts go back to the default. Anything you added or changed stays.',
    )
    // Cancel removes nothing, and focus goes back to the button.
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0)
    expect(card.getByRole('button', { name: 'Remove the demo content' })).toHaveFocus()

    await user.keyboard('{Enter}')
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Remove the demo content',
      }),
    )
    expect(
      await screen.findByText(
        'Demo content removed: 6 projects, 12 technologies, 4 certifications, 3 jobs and 2 schools; 14 site texts go back to the default.',
      ),
    ).toBeInTheDocument()
    // The button goes with the demo: focus moves to what was done.
    expect(screen.getByText(/^Demo content removed/).parentElement).toHaveFocus()
    expect(
      screen.getByRole('link', { name: 'Undo: restore it on the Backup screen' }),
    ).toHaveAttribute('href', '/admin/backup')
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === '/demo')).toHaveLength(1)
    // The demo is gone: no button any more, the result stays.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove the demo content' })).toBeNull(),
    )
  })

  test('shows nothing once the demo is gone, and asks nothing for a read-only account', async () => {
    const calls = fakeApi({
      'GET /demo': () => ({ status: 200, body: { present: false, counts: NONE } }),
    })
    const { container } = renderCard()
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(container).toBeEmptyDOMElement()
    const { container: reader } = renderCard(false)
    expect(reader).toBeEmptyDOMElement()
    expect(calls).toHaveLength(1)
  })

  test('names only the kinds it has, in plain words', () => {
    expect(describeCounts({ ...NONE, projects: 1 })).toBe('1 project')
    expect(describeCounts({ ...NONE, projects: 2, education: 1 })).toBe('2 projects and 1 school')
  })
})
