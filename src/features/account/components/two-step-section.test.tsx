import { screen, waitFor, within } from '@testing-library/react'
import { Secret, TOTP } from 'otpauth'
import { describe, expect, inject, test } from 'vitest'
import type { User } from '@shared/contract/types.ts'
import { saveSession } from '@/lib/session'
import {
  connectToRealApi,
  renderApp,
  server,
  unique,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/admin/account')

const codeFor = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')) }).generate({
    timestamp: Date.now() + offset * 30_000,
  })

/** A code that is right for none of the steps the server accepts now. */
function wrongCode(secret: string): string {
  const right = new Set([-1, 0, 1].map((offset) => codeFor(secret, offset)))
  for (let n = 0; ; n++)
    if (!right.has(String(n).padStart(6, '0'))) return String(n).padStart(6, '0')
}

/** An account of its own, signed in: turning two-step on must not touch the shared admin. */
async function signInAsNewAccount() {
  const username = unique('two-step')
  const password = 'two-step-password'
  // Read-only: the shared server's admin must stay its only admin (users-route.test.tsx).
  await server.createUser({ username, password, role: 'user' })
  const response = await fetch(`${inject('apiUrl')}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  const session = (await response.json()) as { accessToken: string; user: User }
  saveSession({ token: session.accessToken, user: session.user })
  return { username, password }
}

describe('two-step sign-in on the account page', () => {
  test('shows a QR code and the key, confirms a code and shows ten recovery codes once', async () => {
    const { username, password } = await signInAsNewAccount()
    const { user } = await renderApp('/admin/account')
    // The current password first, asked in place: none, then a wrong one,
    // each said beside the field, which keeps what was typed. (The page's
    // first load in this file takes longer than a find waits.)
    const turnOn = await screen.findByRole(
      'button',
      { name: 'Turn on two-step sign-in' },
      { timeout: 15_000 },
    )
    const current = screen.getByLabelText('Current password')
    expect(current).toHaveAttribute('autocomplete', 'current-password')
    expect(current).toHaveAccessibleDescription(/Turning on two-step sign-in needs your own/)
    await user.click(turnOn)
    expect(current).toHaveFocus()
    expect(current).toHaveAccessibleDescription(/Enter your current password/)
    await user.type(current, 'not-the-password{Enter}')
    expect(await screen.findByText('Your current password is not correct.')).toBeInTheDocument()
    expect(current).toHaveValue('not-the-password')
    expect(current).toHaveAttribute('aria-invalid', 'true')
    expect(current).toHaveFocus()
    await user.clear(current)
    await user.type(current, password)
    await user.click(turnOn)

    const qr = await screen.findByRole('img', { name: /QR code/ })
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    const key = screen.getByLabelText('Key').textContent ?? ''
    expect(key.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/)

    const field = screen.getByLabelText('Code from the app')
    expect(field).toHaveAttribute('autocomplete', 'one-time-code')
    expect(field).toHaveAttribute('inputmode', 'numeric')
    await user.type(field, wrongCode(key))
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }))
    expect(await screen.findByText(/That code is not right/)).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')

    await user.clear(field)
    await user.type(field, codeFor(key))
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }))
    const list = await screen.findByRole('list', { name: 'Recovery codes' })
    const codes = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(codes).toHaveLength(10)
    expect(screen.getByRole('button', { name: /Download/ })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'I have saved them' }))
    expect(
      await screen.findByText(/Two-step sign-in is on\. 10 of 10 recovery codes left\./),
    ).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument()

    // The password alone no longer signs in.
    const login = await fetch(`${inject('apiUrl')}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    })
    expect(await login.json()).toMatchObject({ twoStep: true })
  })

  test('turns it off with the password', async () => {
    const { password } = await signInAsNewAccount()
    const { user } = await renderApp('/admin/account')
    await user.type(await screen.findByLabelText('Current password'), password)
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }))
    const key = (await screen.findByLabelText('Key')).textContent ?? ''
    await user.type(screen.getByLabelText('Code from the app'), codeFor(key))
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }))
    await user.click(await screen.findByRole('button', { name: 'I have saved them' }))

    await user.click(await screen.findByRole('button', { name: 'Use my password instead' }))
    await user.type(screen.getByLabelText('Current password'), 'not-the-password')
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your current password is not correct.',
    )

    await user.clear(screen.getByLabelText('Current password'))
    await user.type(screen.getByLabelText('Current password'), password)
    await user.click(screen.getByRole('button', { name: 'Turn off two-step sign-in' }))
    expect(
      await screen.findByRole('button', { name: 'Turn on two-step sign-in' }),
    ).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByText(/Two-step sign-in is on/)).not.toBeInTheDocument(),
    )
  })
})
