import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { todayLocal } from '../lib/certification-format'
import { fail, fakeApi, ok, signIn, type Call } from '../testing/fake-api'
import { renderCertifications } from '../testing/render-route'

// Stubbed fetch with contract-shaped answers: the shared test server
// (tests/support) was not available when these were written.

const base = { 'GET /certifications': () => ok([]) }
const existing = { id: 4, name: 'Scrum Master', icon: '/icons/cert-scrum.svg', obtainedDate: '2022-06-15', isActive: true }
const write = (calls: Call[], method: string) => calls.find((c) => c.method === method)

beforeEach(() => signIn('admin'))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('certification form', () => {
  test("starts a new certification with '☁️', today's date and active", async () => {
    fakeApi(base)
    renderCertifications('/admin/certifications/new')
    expect(await screen.findByLabelText('Icon')).toHaveValue('☁️')
    expect(screen.getByLabelText('Date Obtained')).toHaveValue(todayLocal())
    expect(screen.getByLabelText('Date Obtained')).toHaveAttribute('type', 'date')
    const active = screen.getByRole('switch', { name: 'Active certification' })
    expect(active).toBeChecked()
    expect(active).toHaveAccessibleDescription('Toggle off if the certification is expired or not currently valid')
  })

  test('requires a name, an icon and a date', async () => {
    const calls = fakeApi(base)
    const user = userEvent.setup()
    renderCertifications('/admin/certifications/new')
    await user.clear(await screen.findByLabelText('Icon'))
    await user.clear(screen.getByLabelText('Date Obtained'))
    await user.click(screen.getByRole('button', { name: 'Create Certification' }))

    expect(await screen.findByText('Certification name is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Icon')).toHaveAccessibleDescription(expect.stringContaining('Icon is required'))
    expect(screen.getByLabelText('Date Obtained')).toHaveAccessibleDescription('Date is required')
    expect(write(calls, 'POST')).toBeUndefined()
  })

  test('creates a certification with the token passed explicitly', async () => {
    const calls = fakeApi({ ...base, 'POST /certifications': (c) => ok({ id: 9, ...(c.body as object) }, 201) })
    const user = userEvent.setup()
    const { router } = renderCertifications('/admin/certifications/new')
    await user.type(await screen.findByLabelText('Name'), 'Kubernetes Admin')
    await user.click(screen.getByRole('switch', { name: 'Active certification' }))
    await user.click(screen.getByRole('button', { name: 'Create Certification' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/certifications'))
    expect(write(calls, 'POST')).toMatchObject({
      path: '/certifications',
      authorization: 'Bearer admin-token',
      body: { name: 'Kubernetes Admin', icon: '☁️', obtainedDate: todayLocal(), isActive: false },
    })
  })

  test("shows 'Failed to create certification. Please try again.' when saving fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({ ...base, 'POST /certifications': () => fail(500, 'Internal server error') })
    const user = userEvent.setup()
    renderCertifications('/admin/certifications/new')
    await user.type(await screen.findByLabelText('Name'), 'X')
    await user.click(screen.getByRole('button', { name: 'Create Certification' }))
    expect(await screen.findByText('Failed to create certification. Please try again.')).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveValue('X')
  })

  test('edits an existing certification', async () => {
    const calls = fakeApi({
      ...base,
      'GET /certifications/4': () => ok(existing),
      'PATCH /certifications/4': (c) => ok({ id: 4, ...(c.body as object) }),
    })
    const user = userEvent.setup()
    const { router } = renderCertifications('/admin/certifications/edit/4')
    expect(await screen.findByLabelText('Name')).toHaveValue('Scrum Master')
    expect(screen.getByLabelText('Date Obtained')).toHaveValue('2022-06-15')
    await user.click(screen.getByRole('switch', { name: 'Active certification' }))
    await user.click(screen.getByRole('button', { name: 'Update Certification' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/certifications'))
    expect(write(calls, 'PATCH')).toMatchObject({
      authorization: 'Bearer admin-token',
      body: { name: 'Scrum Master', icon: '/icons/cert-scrum.svg', obtainedDate: '2022-06-15', isActive: false },
    })
  })

  test("shows 'Failed to update certification. Please try again.' when saving fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({ ...base, 'GET /certifications/4': () => ok(existing), 'PATCH /certifications/4': () => fail(503, 'Unavailable') })
    const user = userEvent.setup()
    renderCertifications('/admin/certifications/edit/4')
    await user.click(await screen.findByRole('button', { name: 'Update Certification' }))
    expect(await screen.findByText('Failed to update certification. Please try again.')).toBeInTheDocument()
  })

  test('says it failed to load the certification and goes back to the list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({ ...base, 'GET /certifications/8': () => fail(404, 'Certification not found') })
    const { router } = renderCertifications('/admin/certifications/edit/8')
    expect(await screen.findByText('Failed to load certification details. Please try again.')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/certifications'))
  })

  test('sends a read-only user who opens the create form back to the list', async () => {
    signIn('user')
    fakeApi(base)
    const { router } = renderCertifications('/admin/certifications/new')
    expect(await screen.findByRole('heading', { name: 'Certifications' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/certifications')
  })
})
