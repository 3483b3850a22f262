// The public page's paging against the real API (tests/support/real-api.tsx):
// the server is shared with other test files, so the projects here hang on a
// technology of their own and are reached through its chip.
import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import {
  connectToRealApi,
  renderApp,
  server,
  unique,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/')

test("a chip's projects come from the server twelve at a time, and 'Show more' adds the rest", async () => {
  const technology = await server.createTechnology({ name: unique('Paged') })
  // Thirteen active projects, newest first in the spec's order; an inactive one visitors never see.
  for (let n = 1; n <= 13; n++)
    await server.createProject({
      name: `${technology.name} ${String(n).padStart(2, '0')}`,
      description: 'd',
      startYear: 2025 - n,
      technologiesIds: [technology.id],
    })
  await server.createProject({
    name: `${technology.name} draft`,
    description: 'd',
    startYear: 2026,
    isActive: false,
    technologiesIds: [technology.id],
  })

  const { user } = await renderApp('/')
  await user.click(await screen.findByRole('button', { name: technology.name }))
  const cards = () =>
    within(screen.getByRole('list', { name: 'Projects' }))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent)
  await screen.findByRole('heading', { level: 3, name: `${technology.name} 01` })
  expect(cards()).toEqual(
    Array.from({ length: 12 }, (_, i) => `${technology.name} ${String(i + 1).padStart(2, '0')}`),
  )
  expect(screen.getByText('Showing 12 of 13 projects')).toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'Show more projects' }))
  const last = await screen.findByRole('heading', { level: 3, name: `${technology.name} 13` })
  expect(cards()).toHaveLength(13)
  expect(document.activeElement).toBe(last.closest('li'))
  expect(screen.queryByRole('button', { name: 'Show more projects' })).not.toBeInTheDocument()
})
