import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import {
  connectToRealApi,
  renderApp,
  server,
  signInAsAdmin,
  signInAsReader,
  unique,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/admin/dashboard')

describe('health on the dashboard', () => {
  test('counts the findings per severity and links each to the item to fix', async () => {
    signInAsAdmin()
    const name = unique('Unused')
    const technology = await server.createTechnology({ name })
    await renderApp('/admin/dashboard')
    const findings = within(await screen.findByRole('list', { name: 'Findings' }))
    const link = await findings.findByRole('link', {
      name: `Technology "${name}" is used by no project`,
    })
    expect(link).toHaveAttribute('href', `/admin/technologies/edit/${technology.id}`)
    const counts = screen.getByLabelText('Findings by severity')
    expect(counts).toHaveTextContent(/\d+ errors?/)
    expect(counts).toHaveTextContent(/\d+ warnings?/)
    expect(Number(/(\d+) notes?/.exec(counts.textContent ?? '')?.[1])).toBeGreaterThan(0)
  })

  test('a read-only account sees the findings, linking to the lists', async () => {
    const name = unique('Idle')
    await server.createTechnology({ name })
    signInAsReader()
    await renderApp('/admin/dashboard')
    const findings = within(await screen.findByRole('list', { name: 'Findings' }))
    expect(
      await findings.findByRole('link', { name: `Technology "${name}" is used by no project` }),
    ).toHaveAttribute('href', '/admin/technologies')
  })
})
