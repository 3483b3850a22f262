import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import {
  connectToRealApi,
  renderApp,
  signInAsAdmin,
  signInAsReader,
  unique,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/admin/experience')

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
  await renderApp('/admin/experience')
  const user = userEvent.setup()
  await user.upload(await screen.findByLabelText('JSON Resume file'), resumeFile(organization))

  const plan = await screen.findByRole('table', { name: 'What the import will do' })
  expect(within(plan).getByRole('row', { name: /Experience/ })).toHaveTextContent('Experience100')
  expect(within(plan).getByRole('row', { name: /Technologies/ })).toHaveTextContent(
    'Technologies100',
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
  await renderApp('/admin/experience')
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

test('the plan says which entries are left out and why (docs/PRODUCT.md §20)', async () => {
  const organization = unique('Left Out Co')
  signInAsAdmin()
  await renderApp('/admin/experience')
  const user = userEvent.setup()
  const file = new File(
    [
      JSON.stringify({
        work: [
          { name: organization, position: 'Engineer', startDate: '2020-01' },
          { name: organization, position: 'Founder' },
        ],
      }),
    ],
    'resume.json',
  )
  await user.upload(await screen.findByLabelText('JSON Resume file'), file)

  const plan = await screen.findByRole('table', { name: 'What the import will do' })
  expect(within(plan).getByRole('row', { name: /Experience/ })).toHaveTextContent('Experience101')
  const leftOut = screen.getByRole('list', { name: 'Left out' })
  expect(within(leftOut).getByRole('listitem')).toHaveTextContent(
    'work[1] has no startDate, which an experience needs',
  )
})

test('choosing the same file again reads it again: after an error, and after an import', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  signInAsAdmin()
  await renderApp('/admin/experience')
  const user = userEvent.setup()
  const input = await screen.findByLabelText('JSON Resume file')
  const reads = vi.spyOn(FileReader.prototype, 'readAsText')

  const bad = new File([JSON.stringify({ basics: { email: 'nobody' } })], 'resume.json')
  await user.upload(input, bad)
  expect(await screen.findByText('basics.email must be an e-mail address')).toBeVisible()
  await user.upload(input, bad)
  await waitFor(() => expect(reads).toHaveBeenCalledTimes(2))
  expect(await screen.findByText('basics.email must be an e-mail address')).toBeVisible()

  const organization = unique('Again Co')
  const good = resumeFile(organization)
  await user.upload(input, good)
  await screen.findByRole('table', { name: 'What the import will do' })
  await user.click(screen.getByRole('button', { name: 'Import' }))
  expect(await screen.findByText('Imported.')).toBeVisible()
  await user.upload(input, good)
  const again = await screen.findByRole('table', { name: 'What the import will do' })
  expect(within(again).getByRole('row', { name: /Experience/ })).toHaveTextContent('Experience010')
})

test('user accounts see no import', async () => {
  signInAsReader()
  await renderApp('/admin/experience')
  expect(await screen.findByRole('heading', { name: 'Experience', level: 1 })).toBeVisible()
  expect(screen.queryByLabelText('JSON Resume file')).toBeNull()
})
