import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Certification } from '@shared/types.ts'
import { fail, fakeApi, ok, signIn } from '../testing/fake-api'
import { renderCertifications } from '../testing/render-route'

// Stubbed fetch with contract-shaped answers: the shared test server
// (tests/support) was not available when these were written.

let rows: Certification[]
beforeEach(() => {
  rows = [
    { id: 1, name: 'AWS Developer', icon: '/icons/cert-aws-developer.svg', obtainedDate: '2024-01-01', isActive: true },
    { id: 2, name: 'Cloud Basics', icon: '☁️', obtainedDate: '2021-11-30', isActive: false },
  ]
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('certifications list', () => {
  test('shows name, a 64 px icon, the month and year obtained, and the status', async () => {
    signIn('admin')
    fakeApi({ 'GET /certifications': () => ok(rows) })
    renderCertifications('/admin/certifications')

    expect(screen.getByRole('heading', { name: 'Certifications' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Loading certifications')
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Icon',
      'Obtained Date',
      'Status',
      'Actions',
    ])
    const aws = within(table).getByRole('row', { name: /AWS Developer/ })
    expect(aws).toHaveTextContent('January 2024')
    expect(aws).toHaveTextContent('Active')
    const icon = within(aws).getByRole('img', { name: 'AWS Developer' })
    expect(icon).toHaveAttribute('width', '64')
    expect(icon).toHaveAttribute('height', '64')
    const cloud = within(table).getByRole('row', { name: /Cloud Basics/ })
    expect(cloud).toHaveTextContent('November 2021')
    expect(cloud).toHaveTextContent('Inactive')
    expect(within(cloud).getByRole('img', { name: 'Cloud Basics' })).toHaveTextContent('☁️')

    expect(screen.getByRole('link', { name: 'Add New Certification' })).toHaveAttribute('href', '/admin/certifications/new')
    expect(screen.getByRole('link', { name: 'Edit Cloud Basics' })).toHaveAttribute('href', '/admin/certifications/edit/2')
  })

  test('invites to create the first certification when there are none', async () => {
    signIn('admin')
    fakeApi({ 'GET /certifications': () => ok([]) })
    renderCertifications('/admin/certifications')
    expect(await screen.findByText('No certifications found. Create your first certification!')).toBeInTheDocument()
  })

  test('asks before deleting and removes the row locally, without reloading the list', async () => {
    signIn('admin')
    const calls = fakeApi({
      'GET /certifications': () => ok(rows),
      'DELETE /certifications/(\\d+)': () => ({ status: 204 }),
    })
    const user = userEvent.setup()
    renderCertifications('/admin/certifications')

    await user.click(await screen.findByRole('button', { name: 'Delete Cloud Basics' }))
    const dialog = screen.getByRole('alertdialog')
    expect(within(dialog).getByText('Are you sure you want to delete this certification?')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    await waitFor(() => expect(screen.queryByRole('row', { name: /Cloud Basics/ })).not.toBeInTheDocument())
    expect(screen.getByRole('row', { name: /AWS Developer/ })).toBeInTheDocument()
    const deleteCall = calls.find((c) => c.method === 'DELETE')
    expect(deleteCall).toMatchObject({ path: '/certifications/2', authorization: 'Bearer admin-token' })
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/certifications')).toHaveLength(1)
  })

  test('only logs a failed load or delete', async () => {
    signIn('admin')
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({ 'GET /certifications': () => fail(500, 'Internal server error') })
    renderCertifications('/admin/certifications')
    expect(await screen.findByText('No certifications found. Create your first certification!')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(logged).toHaveBeenCalledWith('Failed to load certifications', expect.anything())
  })

  test('lets a read-only user see the certifications but not change them', async () => {
    signIn('user')
    fakeApi({ 'GET /certifications': () => ok(rows) })
    renderCertifications('/admin/certifications')
    expect(await screen.findByRole('row', { name: /AWS Developer/ })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Add New Certification' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument()
  })
})
