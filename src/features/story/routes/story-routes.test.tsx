import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import type { Experience } from '@shared/contract/types.ts'
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
loadScreensFirst('/admin/experience/new', '/admin/education')

describe('experience and education screens (real API)', () => {
  test('an admin adds an experience with the form; the list shows it with its months', async () => {
    const organization = unique('Acme')
    signInAsAdmin()
    await renderApp('/admin/experience/new')
    const user = userEvent.setup()
    expect(await screen.findByRole('heading', { name: 'Add New Experience' })).toBeVisible()
    await user.click(await screen.findByRole('button', { name: 'Create Experience' }))
    expect(await screen.findByText('Organization is required')).toBeVisible()
    expect(screen.getByText('Role is required')).toBeVisible()
    expect(screen.getByText('Start date is required')).toBeVisible()

    await user.type(screen.getByLabelText('Organization'), organization)
    await user.type(screen.getByLabelText('Role'), 'Engineer')
    // jsdom has no month picker: the field takes the text as typed.
    await user.type(screen.getByLabelText('Start'), '2021-04')
    await user.type(screen.getByLabelText('End'), '2020-01')
    await user.click(screen.getByRole('button', { name: 'Create Experience' }))
    expect(await screen.findByText('End date cannot be before start date')).toBeVisible()
    await user.clear(screen.getByLabelText('End'))
    await user.click(screen.getByRole('button', { name: 'Create Experience' }))

    expect(await screen.findByRole('heading', { name: 'Experience', level: 1 })).toBeVisible()
    const row = await screen.findByRole('row', { name: new RegExp(organization) })
    expect(row).toHaveTextContent('April 2021 – Present')
    const saved = (await server.get<Experience[]>('/experiences')).find(
      (e) => e.organization === organization,
    )
    expect(saved).toMatchObject({ role: 'Engineer', startDate: '2021-04', endDate: null })
  })

  test('a read-only account sees the education list without actions, and the empty state words', async () => {
    const institution = unique('University')
    await server.createStory('/education', {
      institution,
      qualification: 'BSc',
      field: 'Computing',
      startDate: '2010-09',
      endDate: '2013-06',
    })
    signInAsReader()
    await renderApp('/admin/education')
    const row = await screen.findByRole('row', { name: new RegExp(institution) })
    expect(row).toHaveTextContent('September 2010 – June 2013')
    expect(within(row).getByText('Computing')).toBeVisible()
    await waitFor(() =>
      expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
        'Education',
        'Field',
        'Dates',
      ]),
    )
    expect(screen.queryByRole('link', { name: 'Add New Education' })).toBeNull()
  })
})
