// The Passkeys section of the account page against the real API. jsdom has no
// WebAuthn, so the passkey is made by the software authenticator of the API
// tests and sent through the API, as a browser would; the page lists,
// renames and removes it, and says this browser cannot add one.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, inject, test } from 'vitest'
import { saveSession } from '@/lib/session'
import { connectToRealApi, renderApp, unique, loadScreensFirst } from '@test-support/real-api'
import { SoftAuthenticator } from '@test-support/soft-authenticator'

connectToRealApi()
loadScreensFirst('/admin/account')

const api = (path: string, token: string, body?: unknown) =>
  fetch(`${inject('apiUrl')}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

/** A new account signed in here, with one passkey named `name` added through the API. */
async function accountWithPasskey(name: string) {
  const admin = inject('adminSession')
  const username = unique('passkeys')
  const created = await api('/users', admin.token, {
    username,
    password: 'pass-1234',
    role: 'user',
  })
  expect(created.status).toBe(201)
  const login = await fetch(`${inject('apiUrl')}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'pass-1234' }),
  })
  const session = await login.json()
  saveSession({ token: session.accessToken, user: session.user })
  // The web tests' server has SITE_URL http://localhost:3000, jsdom's origin.
  const authenticator = new SoftAuthenticator({
    origin: 'http://localhost:3000',
    rpId: 'localhost',
  })
  const options = await (
    await api('/auth/passkeys/register/options', session.accessToken, {
      currentPassword: 'pass-1234',
    })
  ).json()
  const added = await api('/auth/passkeys/register/verify', session.accessToken, {
    name,
    response: authenticator.register(options).response,
  })
  expect(added.status).toBe(201)
}

describe('passkeys on the account page', () => {
  test('lists a passkey, renames it with the keyboard and removes it after confirming', async () => {
    await accountWithPasskey('Desk key')
    const { user } = await renderApp('/admin/account')
    const list = await screen.findByRole('list', { name: 'Passkeys' })
    expect(within(list).getByText('Desk key')).toBeInTheDocument()
    expect(within(list).getByText(/never used/)).toBeInTheDocument()
    // jsdom has no WebAuthn: adding is not offered, and the page says why.
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeDisabled()
    expect(screen.getByText('This browser does not support passkeys.')).toBeInTheDocument()

    await user.click(within(list).getByRole('button', { name: 'Rename Desk key' }))
    const field = screen.getByLabelText('New name for Desk key')
    expect(field).toHaveFocus()
    await user.clear(field)
    await user.keyboard('{Enter}')
    expect(await screen.findByText('Give the passkey a name')).toBeInTheDocument()
    await user.type(field, 'Office key{Enter}')
    expect(await within(list).findByText('Office key')).toBeInTheDocument()

    await user.click(within(list).getByRole('button', { name: 'Remove Office key' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this passkey?' })
    expect(dialog).toHaveTextContent('“Office key”')
    // Removing asks for the current password: none, then a wrong one, keep
    // the dialog open with what was typed and say so beside the field.
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    const password = within(dialog).getByLabelText('Current password')
    expect(password).toHaveAccessibleDescription(/Enter your current password/)
    await user.type(password, 'not-my-password{Enter}')
    expect(
      await within(dialog).findByText('Your current password is not correct.'),
    ).toBeInTheDocument()
    expect(password).toHaveValue('not-my-password')
    expect(within(list).getByText('Office key')).toBeInTheDocument()
    await user.clear(password)
    await user.type(password, 'pass-1234')
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
  })
})
