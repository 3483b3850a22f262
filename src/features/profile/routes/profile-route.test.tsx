// The Profile screen (docs/PRODUCT.md §3, "Profile") against the real API: the
// form in sections, each field refused with its message before anything is
// sent, and a save that writes the declared configurations, the first GitHub
// link as githubUrl and the others as `links`.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import {
  connectToRealApi,
  renderApp,
  server,
  signInAsAdmin,
  signInAsReader,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/admin/profile')

const valueOf = async (name: string) =>
  (await server.configs()).find((config) => config.name === name)?.value

describe('the Profile screen', () => {
  test(
    'checks each field with its message, then saves the profile as configurations',
    {
      timeout: 60_000,
    },
    async () => {
      signInAsAdmin()
      const { user } = await renderApp('/admin/profile')
      // The screen's chunk is loaded the first time here.
      const name = await screen.findByLabelText('Name', {}, { timeout: 20_000 })
      expect(screen.getByRole('region', { name: 'Who you are' })).toBeInTheDocument()
      expect(screen.getByRole('region', { name: 'Availability and booking' })).toBeInTheDocument()
      const links = screen.getByRole('region', { name: 'Links' })

      await user.clear(name)
      await user.type(name, 'Grace Hopper')
      await user.type(screen.getByLabelText('Headline'), 'Compiler pioneer')
      await user.selectOptions(screen.getByLabelText('Availability'), 'selective')
      await user.type(screen.getByLabelText('Availability note'), 'from March')
      await user.type(screen.getByLabelText('Booking link'), 'http://cal.example.com/grace')

      await user.click(within(links).getByRole('button', { name: 'Add a link' }))
      await user.type(screen.getByLabelText('Link 1: address'), 'https://github.com/grace')
      await user.click(within(links).getByRole('button', { name: 'Add a link' }))
      await user.selectOptions(screen.getByLabelText('Link 2: kind'), 'mastodon')
      await user.type(screen.getByLabelText('Link 2: address'), 'https://hachyderm.io/grace')

      await user.click(screen.getByRole('button', { name: 'Save profile' }))
      expect(screen.getByLabelText('Booking link')).toHaveAccessibleDescription(
        expect.stringContaining('The booking link must be an https:// address'),
      )
      expect(screen.getByLabelText('Link 2: address')).toHaveAccessibleDescription(
        expect.stringContaining('Mastodon address must look like https://<server>/@<user>'),
      )
      expect(await valueOf('headline')).toBeUndefined()

      await user.clear(screen.getByLabelText('Booking link'))
      await user.type(screen.getByLabelText('Booking link'), 'https://cal.example.com/grace')
      await user.clear(screen.getByLabelText('Link 2: address'))
      await user.type(screen.getByLabelText('Link 2: address'), 'https://hachyderm.io/@grace')
      await user.click(screen.getByRole('button', { name: 'Save profile' }))

      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Profile saved'), {
        timeout: 20_000,
      })
      await waitFor(async () => expect(await valueOf('ownerName')).toBe('Grace Hopper'))
      expect(await valueOf('headline')).toBe('Compiler pioneer')
      expect(await valueOf('availability')).toBe('selective')
      expect(await valueOf('availabilityNote')).toBe('from March')
      expect(await valueOf('bookingUrl')).toBe('https://cal.example.com/grace')
      expect(await valueOf('githubUrl')).toBe('https://github.com/grace')
      expect(JSON.parse((await valueOf('links'))!)).toEqual([
        { kind: 'mastodon', url: 'https://hachyderm.io/@grace' },
      ])
    },
  )

  test('a name is required', async () => {
    signInAsAdmin()
    const { user } = await renderApp('/admin/profile')
    const name = await screen.findByLabelText('Name')
    await user.clear(name)
    await user.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(name).toHaveAccessibleDescription('Name is required')
    expect(name).toHaveFocus()
  })

  test('a read-only account sees the profile and cannot save it', async () => {
    signInAsReader()
    await renderApp('/admin/profile')
    expect(await screen.findByLabelText('Name')).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled()
  })
})
