// "Make it yours" on the dashboard of a site without a name, against the real
// API: each step links to its screen, the done ones say so to screen readers,
// and the list can be dismissed for good. On the multilingual stack, which no
// test names: the main one's owner name is set by the Profile screen's test
// in another file, at any time, and a named site without the demo has no list.
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { multilingual, renderApp, loadScreensFirst } from '@test-support/real-api'

loadScreensFirst('/admin/dashboard')

multilingual.connect()
afterEach(() => localStorage.clear())

describe('the first steps on the dashboard', () => {
  test('lists the steps with links, says which are done, and can be dismissed', async () => {
    multilingual.signInAsAdmin()
    const { user } = await renderApp('/admin/dashboard')
    const card = await screen.findByRole('region', { name: 'Make it yours' }, { timeout: 20_000 })
    const steps = within(card).getAllByRole('listitem')
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining('Your name and photo'),
      expect.stringContaining('Your links'),
      expect.stringContaining('Remove the demo or add your first project'),
      expect.stringContaining('Your look'),
      expect.stringContaining("The site's address"),
      expect.stringContaining('A passkey or two-step sign-in'),
      expect.stringContaining('Publish'),
    ])
    expect(within(card).getByRole('link', { name: 'Your name and photo' })).toHaveAttribute(
      'href',
      '/admin/profile',
    )
    // Marked from the data: published (or nothing to publish) is done, a site without a name is not.
    const publish = await multilingual.call<{
      configured: boolean
      upToDate: boolean
      publishedAt: string | null
    }>('GET', '/publish')
    const published = !publish.configured || (publish.upToDate && publish.publishedAt !== null)
    expect(steps[6]!.textContent).toBe(published ? 'Publish(done)' : 'Publish')
    expect(steps[0]).not.toHaveTextContent('(done)')

    await user.click(within(card).getByRole('button', { name: 'Dismiss the first steps' }))
    expect(screen.queryByRole('region', { name: 'Make it yours' })).not.toBeInTheDocument()
    expect(localStorage.getItem('vitrine.firstSteps.dismissed')).toBe('1')
  })
})
