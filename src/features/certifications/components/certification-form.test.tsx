import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  connectToRealApi,
  renderApp,
  server,
  signInAsAdmin,
  unique,
  loadScreensFirst,
} from '@test-support/real-api'
import { todayLocal } from '../lib/certification-format'
import { fail, fakeApi, ok } from '@test-support/fake-api'

connectToRealApi()
loadScreensFirst('/admin/certifications/new', '/admin/certifications/edit/1')
beforeEach(() => {
  signInAsAdmin()
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const findCertification = async (name: string) =>
  (await server.certifications()).find((c) => c.name === name)

describe('certification form (real API)', () => {
  test("starts a new certification with '☁️', today's date and active", async () => {
    await renderApp('/admin/certifications/new')
    expect(await screen.findByLabelText('Icon')).toHaveValue('☁️')
    expect(screen.getByLabelText('Date Obtained')).toHaveValue(todayLocal())
    expect(screen.getByLabelText('Date Obtained')).toHaveAttribute('type', 'date')
    const active = screen.getByRole('switch', { name: 'Active certification' })
    expect(active).toBeChecked()
    expect(active).toHaveAccessibleDescription(
      'Toggle off if the certification is expired or not currently valid',
    )
  })

  test('requires a name, an icon and a date', async () => {
    const { user, router } = await renderApp('/admin/certifications/new')
    await user.clear(await screen.findByLabelText('Icon'))
    await user.clear(screen.getByLabelText('Date Obtained'))
    await user.click(screen.getByRole('button', { name: 'Create Certification' }))

    expect(await screen.findByText('Certification name is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
      'Certification name is required',
    )
    expect(screen.getByLabelText('Icon')).toHaveAccessibleDescription(
      expect.stringContaining('Icon is required'),
    )
    expect(screen.getByLabelText('Date Obtained')).toHaveAccessibleDescription('Date is required')
    expect(router.state.location.pathname).toBe('/admin/certifications/new')
  })

  test('creates a certification, sending the Bearer token', async () => {
    const requests = vi.spyOn(globalThis, 'fetch')
    const name = unique('Kubernetes Admin')
    const { user, router } = await renderApp('/admin/certifications/new')
    await user.type(await screen.findByLabelText('Name'), name)
    await user.click(screen.getByRole('switch', { name: 'Active certification' }))
    await user.click(screen.getByRole('button', { name: 'Create Certification' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/certifications'))
    expect(await screen.findByRole('row', { name: new RegExp(name) })).toHaveTextContent('Inactive')
    expect(await findCertification(name)).toMatchObject({
      icon: '☁️',
      obtainedDate: todayLocal(),
      isActive: false,
    })
    const post = requests.mock.calls.find(
      ([url, init]) => String(url).endsWith('/certifications') && init?.method === 'POST',
    )
    expect(new Headers(post?.[1]?.headers).get('Authorization')).toMatch(/^Bearer \S+/)
  })

  test('edits an existing certification', async () => {
    const scrum = await server.createCertification({
      name: unique('Scrum Master'),
      icon: '/icons/cert-scrum.svg',
      obtainedDate: '2022-06-15',
    })
    const { user, router } = await renderApp(`/admin/certifications/edit/${scrum.id}`)
    expect(await screen.findByLabelText('Name')).toHaveValue(scrum.name)
    expect(screen.getByLabelText('Date Obtained')).toHaveValue('2022-06-15')
    expect(screen.getByLabelText('Icon')).toHaveValue('/icons/cert-scrum.svg')
    await user.click(screen.getByRole('switch', { name: 'Active certification' }))
    await user.click(screen.getByRole('button', { name: 'Update Certification' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/certifications'))
    expect(await server.certification(scrum.id)).toMatchObject({
      name: scrum.name,
      icon: '/icons/cert-scrum.svg',
      obtainedDate: '2022-06-15',
      isActive: false,
    })
  })

  test('names the technologies it certifies with the shared picker, and shows them when editing', async () => {
    const technology = await server.createTechnology({ name: unique('Kubernetes') })
    const name = unique('CKA')
    const { user, router } = await renderApp('/admin/certifications/new')
    await user.type(await screen.findByLabelText('Name'), name)
    await user.click(await screen.findByRole('checkbox', { name: technology.name }))
    await user.click(screen.getByRole('button', { name: 'Create Certification' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/certifications'))
    const saved = await findCertification(name)
    expect(saved?.technologies).toEqual([{ id: technology.id, name: technology.name }])

    cleanup()
    await renderApp(`/admin/certifications/edit/${saved!.id}`)
    expect(await screen.findByRole('checkbox', { name: technology.name })).toBeChecked()
  })

  test('says it failed to load the certification and goes back to the list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { router } = await renderApp('/admin/certifications/edit/987654321')
    expect(
      await screen.findByText('Failed to load certification details. Please try again.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/certifications'))
  })

  test('goes back to the list on Cancel', async () => {
    const { user, router } = await renderApp('/admin/certifications/new')
    await user.click(await screen.findByRole('button', { name: 'Cancel' }))
    expect(router.state.location.pathname).toBe('/admin/certifications')
  })
})

// A valid certification is never refused by the real server: stubbed fetch.
describe('certification save failures (stubbed fetch)', () => {
  const scrum = {
    id: 4,
    name: 'Scrum Master',
    icon: '☁️',
    obtainedDate: '2022-06-15',
    isActive: true,
    technologies: [],
  }

  test("shows 'Failed to create certification. Please try again.' and keeps what was typed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({
      'GET /certifications': () => ok([]),
      'GET /technologies': () => ok([]),
      'POST /certifications': () => fail(500, 'Internal server error'),
    })
    const { user } = await renderApp('/admin/certifications/new')
    await user.type(await screen.findByLabelText('Name'), 'X')
    await user.click(screen.getByRole('button', { name: 'Create Certification' }))
    expect(
      await screen.findByText('Failed to create certification. Please try again.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveValue('X')
  })

  test('a technology list that cannot be loaded still lets the form show, and keeps it shown', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const calls = fakeApi({
      'GET /certifications': () => ok([]),
      'GET /technologies': () => fail(500, 'Internal server error'),
    })
    await renderApp('/admin/certifications/new')
    expect(await screen.findByText('Could not load technologies.')).toBeInTheDocument()
    // The picker's own try as it mounts must not hide the form again (it once
    // went back to the spinner, which unmounted the picker, and so on forever).
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(screen.getByLabelText('Name')).toBeInTheDocument()
    expect(calls.filter((c) => c.path === '/technologies').length).toBeLessThanOrEqual(2)
  })

  test("shows 'Failed to update certification. Please try again.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({
      'GET /certifications/4': () => ok(scrum),
      'GET /technologies': () => ok([]),
      'PATCH /certifications/4': () => fail(503, 'Database unavailable'),
    })
    const { user } = await renderApp('/admin/certifications/edit/4')
    await user.click(await screen.findByRole('button', { name: 'Update Certification' }))
    expect(
      await screen.findByText('Failed to update certification. Please try again.'),
    ).toBeInTheDocument()
  })
})
