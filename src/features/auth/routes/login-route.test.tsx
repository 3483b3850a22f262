import { screen, waitFor } from '@testing-library/react'
import { describe, expect, inject, test } from 'vitest'
import { getSession } from '@/lib/session'
import { renderApp, signInAsAdmin, unique, connectToRealApi } from '@test-support/real-api'

connectToRealApi()

describe('login page', () => {
  test('asks for both fields with the spec messages before calling the server', async () => {
    const { user } = renderApp('/admin/login')
    await user.click(await screen.findByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Username is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required')
  })

  test('shows "Invalid username or password" when the server refuses the credentials', async () => {
    const { user } = renderApp('/admin/login')
    await user.type(await screen.findByLabelText('Username'), unique('nobody'))
    await user.type(screen.getByLabelText('Password'), 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password')
    expect(getSession()).toBeNull()
  })

  test('signs in, stores token and user, and opens the dashboard', async () => {
    const admin = inject('adminSession')
    const { user } = renderApp('/admin/login')
    await user.type(await screen.findByLabelText('Username'), admin.user.username)
    await user.type(screen.getByLabelText('Password'), admin.password)
    const submit = screen.getByRole('button', { name: 'Login' })
    await user.click(submit)
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(localStorage.getItem('token')).toBeTruthy()
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({
      username: admin.user.username,
      role: 'admin',
    })
  })

  test('links to the register page', async () => {
    renderApp('/admin/login')
    expect(
      await screen.findByRole('link', {
        name: 'Need to create the first admin account? Register here',
      }),
    ).toHaveAttribute('href', '/admin/register')
  })

  test('sends an already signed-in user to the dashboard', async () => {
    signInAsAdmin()
    const { router } = renderApp('/admin/login')
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'))
  })
})

describe('guard', () => {
  test('sends a visitor without a token to the login page, then back where they wanted to go', async () => {
    const admin = inject('adminSession')
    const { user, router } = renderApp('/admin/configurations')
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/login')
    await user.type(screen.getByLabelText('Username'), admin.user.username)
    await user.type(screen.getByLabelText('Password'), admin.password)
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByRole('heading', { name: 'Configurations' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/configurations')
  })

  test('an expired token ends the session and the login page explains why', async () => {
    const admin = inject('adminSession')
    localStorage.setItem('token', inject('expiredAdminToken'))
    localStorage.setItem('user', JSON.stringify(admin.user))
    const { router } = renderApp('/admin/configurations')
    expect(
      await screen.findByText('Your session has expired. Please log in again.'),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/login')
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
  })
})
