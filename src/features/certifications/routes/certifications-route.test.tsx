import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  connectToRealApi,
  renderApp,
  server,
  signInAsAdmin,
  unique,
  loadScreensFirst,
} from '@test-support/real-api'
import { fail, fakeApi } from '@test-support/fake-api'

connectToRealApi()
loadScreensFirst('/admin/certifications')
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const rowOf = (name: string) => screen.findByRole('row', { name: new RegExp(name) })

describe('certifications list (real API)', () => {
  test('shows name, a 64 px icon, the month and year obtained, and the status', async () => {
    const aws = await server.createCertification({
      name: unique('AWS Developer'),
      icon: '/icons/cert-aws-developer.svg',
      obtainedDate: '2024-01-01',
    })
    const cloud = await server.createCertification({
      name: unique('Cloud'),
      obtainedDate: '2021-11-30',
      isActive: false,
    })
    signInAsAdmin()
    await renderApp('/admin/certifications')

    expect(await screen.findByRole('heading', { name: 'Certifications' })).toBeInTheDocument()
    const awsRow = await rowOf(aws.name)
    expect(awsRow).toHaveTextContent('January 2024')
    expect(within(awsRow).getByText('Active')).toBeInTheDocument()
    const icon = within(awsRow).getByRole('img', { name: aws.name })
    expect(icon).toHaveAttribute('src', '/icons/cert-aws-developer.svg')
    expect(icon).toHaveAttribute('width', '64')
    expect(icon).toHaveAttribute('height', '64')
    const cloudRow = await rowOf(cloud.name)
    expect(cloudRow).toHaveTextContent('November 2021')
    expect(within(cloudRow).getByText('Inactive')).toBeInTheDocument()
    expect(within(cloudRow).getByRole('img', { name: cloud.name })).toHaveTextContent('☁️')
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Icon',
      'Obtained Date',
      'Status',
      'Actions',
    ])
    expect(screen.getByRole('link', { name: 'Add New Certification' })).toHaveAttribute(
      'href',
      '/admin/certifications/new',
    )
    expect(screen.getByRole('link', { name: `Edit ${cloud.name}` })).toHaveAttribute(
      'href',
      `/admin/certifications/edit/${cloud.id}`,
    )
  })

  test('asks before deleting and removes the row locally, without reloading the list', async () => {
    const doomed = await server.createCertification({ name: unique('Doomed') })
    signInAsAdmin()
    const requests = vi.spyOn(globalThis, 'fetch')
    const { user } = await renderApp('/admin/certifications')
    await rowOf(doomed.name)
    await user.click(screen.getByRole('button', { name: `Delete ${doomed.name}` }))
    const dialog = screen.getByRole('alertdialog')
    expect(
      within(dialog).getByText('Are you sure you want to delete this certification?'),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    await waitFor(() =>
      expect(screen.queryByRole('row', { name: new RegExp(doomed.name) })).not.toBeInTheDocument(),
    )
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Certifications' })).toHaveFocus(),
    )
    const listLoads = requests.mock.calls.filter(
      ([url, init]) => String(url).endsWith('/certifications') && (init?.method ?? 'GET') === 'GET',
    )
    expect(listLoads).toHaveLength(1)
    const deleteCall = requests.mock.calls.find(([, init]) => init?.method === 'DELETE')
    expect(new Headers(deleteCall?.[1]?.headers).get('Authorization')).toMatch(/^Bearer \S+/)
    expect((await server.certifications()).some((c) => c.id === doomed.id)).toBe(false)
  })

  test('only logs a failed delete, with no message to the user', async () => {
    const gone = await server.createCertification({ name: unique('Gone') })
    signInAsAdmin()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = await renderApp('/admin/certifications')
    await rowOf(gone.name)
    await server.deleteCertification(gone.id)
    await user.click(screen.getByRole('button', { name: `Delete ${gone.name}` }))
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    )

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(logged).toHaveBeenCalledWith(
      'Failed to delete certification',
      expect.objectContaining({ status: 404 }),
    )
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByRole('row', { name: new RegExp(gone.name) })).toBeInTheDocument()
  })
})

// The shared server is never empty and never fails on demand: stubbed fetch.
describe('certifications list (stubbed fetch)', () => {
  test('only logs a failed load', async () => {
    signInAsAdmin()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({ 'GET /certifications': () => fail(500, 'Internal server error') })
    await renderApp('/admin/certifications')
    expect(
      await screen.findByText(
        'No certifications found. Create your first certification!',
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(logged).toHaveBeenCalledWith('Failed to load certifications', expect.anything())
  })
})
