import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import {
  renderApp,
  sessionStatus,
  signInAsAdmin,
  signInAsAdminAlone,
  signInAsReader,
  connectToRealApi,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/admin/configurations', '/admin/dashboard')

const entries = [
  'Dashboard',
  'Projects',
  'Technologies',
  'Certifications',
  'Users',
  'Profile',
  'Configurations',
  'Languages',
  'Messages',
  'Visitors',
  'Share links',
]

describe('admin layout', () => {
  test('shows every section, marks the current one, and names the signed-in account', async () => {
    const admin = signInAsAdmin()
    await renderApp('/admin/configurations')
    const nav = await screen.findByRole('navigation', { name: 'Admin' })
    for (const label of entries)
      expect(within(nav).getByRole('link', { name: new RegExp(`^${label}`) })).toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Configurations' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current')
    expect(screen.getByText(admin.username)).toBeInTheDocument()
    expect(screen.getByText('(admin)')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View Site' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeInTheDocument()
    expect(screen.getByRole('main')).toBeInTheDocument()
  })

  test('logout clears token and user, ends the session on the server and goes to the login page', async () => {
    // Its own session: logging out ends it on the server for good.
    const token = await signInAsAdminAlone()
    expect(await sessionStatus(token)).toBe(200)
    const { user, router } = await renderApp('/admin/dashboard')
    await user.click(await screen.findByRole('button', { name: 'Logout' }))
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/login')
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
    await waitFor(async () => expect(await sessionStatus(token)).toBe(401))
  })

  test('hides the Users entry from a read-only account', async () => {
    signInAsReader()
    await renderApp('/admin/dashboard')
    const nav = await screen.findByRole('navigation', { name: 'Admin' })
    expect(within(nav).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Configurations' })).toBeInTheDocument()
    expect(screen.getByText('(user)')).toBeInTheDocument()
  })

  test('opens the menu drawer from the menu button on small screens', async () => {
    signInAsAdmin()
    const { user } = await renderApp('/admin/dashboard')
    await user.click(await screen.findByRole('button', { name: 'Open menu' }))
    const drawer = await screen.findByRole('dialog', { name: 'Admin menu' })
    await user.click(within(drawer).getByRole('link', { name: 'Configurations' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Admin menu' })).not.toBeInTheDocument(),
    )
    expect(await screen.findByRole('heading', { name: 'Configurations' })).toBeInTheDocument()
  })
})
