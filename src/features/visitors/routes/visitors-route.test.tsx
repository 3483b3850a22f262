import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, inject, test } from 'vitest'
import {
  connectToRealApi,
  renderApp,
  server,
  signInAsAdmin,
  signInAsReader,
  unique,
  viewShareLink,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/admin/visitors', '/admin/dashboard')

/** A view as a browser's beacon sends it (text/plain, a browser's user agent). */
async function visit(referrer: string) {
  const response = await fetch(`${inject('apiUrl')}/events`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36',
    },
    body: JSON.stringify({ type: 'view', path: '/', referrer }),
  })
  expect(response.status).toBe(204)
}

const panel = async (title: string) => {
  const heading = await screen.findByRole('heading', { name: title })
  return within(heading.closest('[class*="rounded"]') as HTMLElement)
}

describe('the Visitors screen', () => {
  test('shows the totals, and each chart’s numbers in a table behind its toggle', async () => {
    const host = `${unique('from')}.example`
    await visit(`https://${host}/a/page`)
    signInAsAdmin()
    await renderApp('/admin/visitors')
    expect(await screen.findByRole('heading', { name: 'Visitors', level: 1 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    const referrers = await panel('Top referrers')
    const toggle = referrers.getByRole('button', { name: 'Show table' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(referrers.queryByRole('table', { name: 'Top referrers' })).not.toBeInTheDocument()
    await userEvent.click(toggle)
    const table = within(referrers.getByRole('table', { name: 'Top referrers' }))
    expect(table.getByRole('row', { name: new RegExp(`${host} 1`) })).toBeInTheDocument()
    expect(referrers.getByRole('button', { name: 'Hide table' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )

    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }))
    const perDay = await panel('Visitors and views per day')
    await userEvent.click(perDay.getByRole('button', { name: 'Show table' }))
    const days = within(perDay.getByRole('table', { name: 'Visitors and views per day' }))
    // A header row and the seven days, today last.
    const rows = days.getAllByRole('row')
    expect(rows).toHaveLength(8)
    expect(rows.at(-1)).toHaveTextContent(new Date().toISOString().slice(0, 10))
  })

  test('shows the views of each share link as bars, with the same numbers in a table', async () => {
    const project = await server.createProject({ name: unique('Shared'), description: 'd' })
    const link = await server.createShareLink({ label: unique('Agency'), projectIds: [project.id] })
    await viewShareLink(link.token)
    signInAsAdmin()
    const { user } = await renderApp('/admin/visitors')
    const links = await panel('Views per share link')
    await user.click(links.getByRole('button', { name: 'Show table' }))
    const table = within(links.getByRole('table', { name: 'Views per share link' }))
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Share link',
      'Views',
    ])
    expect(await table.findByRole('row', { name: `${link.label} 1` })).toBeInTheDocument()
  })

  test('a read-only account sees it too, and the dashboard card links to it', async () => {
    signInAsReader()
    await renderApp('/admin/dashboard')
    const card = await panel('Visitors')
    expect(await card.findByText(/Last 7 days:/)).toBeInTheDocument()
    expect(card.getByRole('link', { name: 'View statistics' })).toHaveAttribute(
      'href',
      '/admin/visitors',
    )
  })
})
