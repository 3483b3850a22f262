import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, test, vi } from 'vitest'
import type { VisitStats } from '@shared/contract/types.ts'
import { VisitCharts } from './visit-charts'

afterEach(() => vi.restoreAllMocks())

const stats: VisitStats = {
  totals: { visitors: 4, views: 5 },
  days: [{ date: '2026-11-26', visitors: 4, views: 5 }],
  // Names are not unique: two projects may both be called 'Portfolio'.
  projects: [
    { id: 7, name: 'Portfolio', views: 3 },
    { id: 9, name: 'Portfolio', views: 2 },
  ],
  referrers: [],
  clicks: [],
  sources: [{ name: 'newsletter', visits: 1 }],
  campaigns: [{ name: 'newsletter', visits: 1 }],
  shareLinks: [],
}

test('lists two projects of the same name as two rows, keyed by their ids', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  render(<VisitCharts stats={stats} />)
  const panel = within(
    screen.getByRole('heading', { name: 'Top projects' }).closest('[class*="rounded"]')!,
  )
  await userEvent.click(panel.getByRole('button', { name: 'Show table' }))
  const table = within(panel.getByRole('table', { name: 'Top projects' }))
  expect(table.getAllByRole('row', { name: /^Portfolio/ }).map((row) => row.textContent)).toEqual([
    'Portfolio3',
    'Portfolio2',
  ])
  const campaigns = within(screen.getByRole('table', { name: 'Campaigns', hidden: true }))
  expect(campaigns.getAllByRole('row', { hidden: true })).toHaveLength(3)
  // React reports duplicate keys with console.error ('Encountered two children with the same key').
  expect(errors.mock.calls.flat().join('\n')).not.toMatch(/same key/)
})
