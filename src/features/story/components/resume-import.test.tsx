import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import {
  connectToRealApi,
  renderApp,
  signInAsAdmin,
  signInAsReader,
  unique,
} from '@test-support/real-api'

connectToRealApi()

const resumeFile = (organization: string) =>
  new File(
    [
      JSON.stringify({
        work: [{ name: organization, position: 'Engineer', startDate: '2019-02-01' }],
        skills: [{ name: unique('Zig') }],
      }),
    ],
    'resume.json',
    { type: 'application/json' },
  )

test('an admin imports a résumé from the Experience screen: the plan first, then the import (docs/PRODUCT.md §20)', async () => {
  const organization = unique('Resume Co')
  signInAsAdmin()
  renderApp('/admin/experience')
  const user = userEvent.setup()
  await user.upload(await screen.findByLabelText('JSON Resume file'), resumeFile(organization))

  const plan = await screen.findByRole('table', { name: 'What the import will do' })
  expect(within(plan).getByRole('row', { name: /Experience/ })).toHaveTextContent('Experience10')
  expect(within(plan).getByRole('row', { name: /Technologies/ })).toHaveTextContent(
    'Technologies10',
  )
  expect(screen.queryByRole('row', { name: new RegExp(organization) })).toBeNull()

  await user.click(screen.getByRole('button', { name: 'Import' }))
  expect(await screen.findByText('Imported.')).toBeVisible()
  expect(await screen.findByRole('row', { name: new RegExp(organization) })).toHaveTextContent(
    'February 2019 – Present',
  )
})

test('a file that is not a résumé says what is wrong', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  signInAsAdmin()
  renderApp('/admin/experience')
  const user = userEvent.setup()
  const bad = new File(
    [JSON.stringify({ work: [{ name: 'X', position: 'Y', startDate: 'soon' }] })],
    'r.json',
  )
  await user.upload(await screen.findByLabelText('JSON Resume file'), bad)
  expect(
    await screen.findByText('work[0].startDate must be a date like 2020, 2020-01 or 2020-01-15'),
  ).toBeVisible()
  expect(screen.queryByRole('button', { name: 'Import' })).toBeNull()
})

test('user accounts see no import', async () => {
  signInAsReader()
  renderApp('/admin/experience')
  expect(await screen.findByRole('heading', { name: 'Experience', level: 1 })).toBeVisible()
  expect(screen.queryByLabelText('JSON Resume file')).toBeNull()
})
