import { screen, waitFor } from '@testing-library/react'
import { Secret, TOTP } from 'otpauth'
import { describe, expect, inject, test } from 'vitest'
import { getSession } from '@/lib/session'
import {
  renderApp,
  server,
  signInAsAdmin,
  unique,
  connectToRealApi,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/admin/login', '/admin/configurations')

describe('login page', () => {
  test('asks for both fields with the spec messages before calling the server', async () => {
    const { user } = await renderApp('/admin/login')
    await user.click(await screen.findByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Username is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required')
  })

  test('shows "Invalid username or password" when the server refuses the credentials', async () => {
    const { user } = await renderApp('/admin/login')
    await user.type(await screen.findByLabelText('Username'), unique('nobody'))
    await user.type(screen.getByLabelText('Password'), 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password')
    expect(getSession()).toBeNull()
  })

  test('signs in, stores token and user, and opens the dashboard', async () => {
    const admin = inject('adminSession')
    const { user } = await renderApp('/admin/login')
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
    await renderApp('/admin/login')
    expect(
      await screen.findByRole('link', {
        name: 'Need to create the first admin account? Register here',
      }),
    ).toHaveAttribute('href', '/admin/register')
  })

  test('sends an already signed-in user to the dashboard', async () => {
    signInAsAdmin()
    const { router } = await renderApp('/admin/login')
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'))
  })
})

describe('guard', () => {
  test('sends a visitor without a token to the login page, then back where they wanted to go', async () => {
    const admin = inject('adminSession')
    const { user, router } = await renderApp('/admin/configurations')
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
    const { router } = await renderApp('/admin/configurations')
    expect(
      await screen.findByText('Your session has expired. Please log in again.'),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/login')
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
  })
})

describe('second step, for an account with two-step sign-in on', () => {
  const codeFor = (secret: string, offset = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({
      timestamp: Date.now() + offset * 30_000,
    })

  /** An account with two-step on, turned on through the API; answers its secret and codes. */
  async function accountWithTwoStep() {
    const username = unique('coded')
    const password = 'coded-password'
    // A read-only account: the shared server's admin must stay its only admin.
    await server.createUser({ username, password, role: 'user' })
    const call = async <T,>(path: string, token?: string, body: unknown = {}) => {
      const response = await fetch(`${inject('apiUrl')}${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      })
      expect(response.status, path).toBe(200)
      return (await response.json()) as T
    }
    const { accessToken } = await call<{ accessToken: string }>('/auth/login', undefined, {
      username,
      password,
    })
    const { secret } = await call<{ secret: string }>('/auth/two-step/setup', accessToken, {
      currentPassword: password,
    })
    const { recoveryCodes } = await call<{ recoveryCodes: string[] }>(
      '/auth/two-step/enable',
      accessToken,
      { code: codeFor(secret) },
    )
    return { username, password, secret, recoveryCodes }
  }

  async function enterPassword(username: string, password: string) {
    const view = await renderApp('/admin/login')
    await view.user.type(await screen.findByLabelText('Username'), username)
    await view.user.type(screen.getByLabelText('Password'), password)
    await view.user.click(screen.getByRole('button', { name: 'Login' }))
    return view
  }

  test('asks for the code from the app before signing in, and says when it is wrong', async () => {
    const account = await accountWithTwoStep()
    const { user } = await enterPassword(account.username, account.password)
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument()
    expect(getSession()).toBeNull()
    const field = screen.getByLabelText('Code')
    expect(field).toHaveAttribute('autocomplete', 'one-time-code')
    expect(field).toHaveAttribute('inputmode', 'numeric')
    expect(field).toHaveFocus()

    const right = new Set([-1, 0, 1, 2].map((offset) => codeFor(account.secret, offset)))
    const wrong = ['000000', '111111', '222222', '333333', '444444'].find((c) => !right.has(c))!
    await user.type(field, wrong)
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code')
    expect(getSession()).toBeNull()

    await user.clear(screen.getByLabelText('Code'))
    // The step after the one that turned it on: that one's code is used.
    await user.type(screen.getByLabelText('Code'), codeFor(account.secret, 1))
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(getSession()?.user.username).toBe(account.username)
  })

  test('signs in with a recovery code instead', async () => {
    const account = await accountWithTwoStep()
    const { user } = await enterPassword(account.username, account.password)
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }))
    await user.type(screen.getByLabelText('Recovery code'), account.recoveryCodes[0]!)
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
  })
})
