import { screen, waitFor } from '@testing-library/react'
import { describe, expect, inject, onTestFinished, test, vi } from 'vitest'
import {
  renderApp,
  signInAsAdmin,
  unique,
  connectToRealApi,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/admin/register')

describe('register page', () => {
  test('says registration is closed once an admin exists, and links to login', async () => {
    await renderApp('/admin/register')
    expect(await screen.findByRole('heading', { name: 'Create Admin Account' })).toBeInTheDocument()
    expect(
      screen.getByText('This is a temporary page for creating the first admin user'),
    ).toBeInTheDocument()
    expect(
      await screen.findByText('Registration is closed: an admin account already exists.'),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText('Confirm Password')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Already have an account? Login' })).toHaveAttribute(
      'href',
      '/admin/login',
    )
  })

  test('sends an already signed-in user to the dashboard', async () => {
    signInAsAdmin()
    const { router } = await renderApp('/admin/register')
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'))
  })

  test('validates, creates the first admin on an empty server and goes to the login page', async () => {
    // The "fresh" stack has no account yet, so its registration is open.
    vi.stubEnv('VITE_API_URL', inject('freshApiUrl'))
    onTestFinished(() => {
      vi.stubEnv('VITE_API_URL', inject('apiUrl'))
    })
    const { user, router } = await renderApp('/admin/register')
    const submit = await screen.findByRole('button', { name: 'Register' })

    await user.click(submit)
    expect(await screen.findByText('Username is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Username'), unique('first'))
    await user.type(screen.getByLabelText('Password'), '12345')
    await user.type(screen.getByLabelText('Confirm Password'), '123456')
    await user.click(submit)
    expect(
      await screen.findByText('Password must be at least 6 characters long'),
    ).toBeInTheDocument()
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Password'), '6')
    await user.click(submit)
    // '123456' passes the spec's rules, but the server refuses it as too common.
    expect(
      await screen.findByText('This password is too common. Choose another.'),
    ).toBeInTheDocument()
    for (const label of ['Password', 'Confirm Password']) {
      await user.clear(screen.getByLabelText(label))
      await user.type(screen.getByLabelText(label), 'first-owner-pass-1')
    }
    await user.click(submit)
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/login')
    expect(screen.getByText('Account created successfully. Please log in.')).toBeInTheDocument()
    // The spec sends the new admin to log in: nothing is stored yet.
    expect(localStorage.getItem('token')).toBeNull()
  })
})
