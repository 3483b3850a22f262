import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import {
  connectToRealApi,
  renderApp,
  signInAsAdmin,
  signInAsReader,
  loadScreensFirst,
} from '@test-support/real-api'

// The web tests' main stack has a deploy hook that accepts every build
// (tests/support/web-global-setup.ts); the fresh one has none.
connectToRealApi()
loadScreensFirst('/admin/dashboard')

const publishingCard = async () => {
  const heading = await screen.findByRole('heading', { name: 'Publishing' })
  return within(heading.closest('[class*="rounded"]') as HTMLElement)
}

describe('publishing on the dashboard', () => {
  test('an admin publishes now and sees the site up to date, with the time', async () => {
    signInAsAdmin()
    await renderApp('/admin/dashboard')
    const card = await publishingCard()
    await userEvent.click(await card.findByRole('button', { name: 'Publish now' }))
    // Said in the live region, so a screen reader hears it.
    expect(await card.findByText('The host is building the site')).toHaveAttribute('role', 'status')
    expect(await card.findByText('Up to date')).toBeInTheDocument()
    const time = (await card.findByText(/Last published/)).querySelector('time')
    expect(Date.parse(time?.getAttribute('datetime') ?? '')).toBeGreaterThan(Date.now() - 60_000)
  })

  test('a read-only account sees the status without the button', async () => {
    signInAsReader()
    await renderApp('/admin/dashboard')
    const card = await publishingCard()
    expect(await card.findByText(/Up to date|Changes waiting to be published/)).toBeInTheDocument()
    expect(card.queryByRole('button', { name: 'Publish now' })).toBeNull()
  })
})
