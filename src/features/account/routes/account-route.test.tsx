import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, inject, test } from 'vitest'
import {
  connectToRealApi,
  renderApp,
  sessionStatus,
  signInAsAdminAlone,
} from '@test-support/real-api'

connectToRealApi()

/** Another sign-in of the admin, as from a phone: its own session. */
async function signInElsewhere(): Promise<string> {
  const { user, password } = inject('adminSession')
  const response = await fetch(`${inject('apiUrl')}/auth/login`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'User-Agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    },
    body: JSON.stringify({ username: user.username, password }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { accessToken: string }).accessToken
}

describe('account page', () => {
  test('lists this device and signs out another session', async () => {
    await signInAsAdminAlone()
    const phone = await signInElsewhere()
    const { user } = renderApp('/admin/account')
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Sessions' })
    expect(await within(list).findByText('This device')).toBeInTheDocument()
    expect(screen.getByText(/ends after 30 minutes without use/)).toBeInTheDocument()

    const phoneItem = within(list)
      .getAllByRole('listitem')
      .find((item) => within(item).queryByText('Safari on iPhone'))
    expect(phoneItem).toBeDefined()
    await user.click(within(phoneItem!).getByRole('button', { name: /^Sign out Safari on iPhone/ }))
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument())
    expect(await sessionStatus(phone)).toBe(401)
  })

  test('"Sign out everywhere else" keeps this session', async () => {
    const mine = await signInAsAdminAlone()
    const other = await signInElsewhere()
    const { user } = renderApp('/admin/account')
    const button = await screen.findByRole('button', { name: 'Sign out everywhere else' })
    await waitFor(() => expect(button).toBeEnabled())
    await user.click(button)
    await waitFor(async () => expect(await sessionStatus(other)).toBe(401))
    expect(await sessionStatus(mine)).toBe(200)
  })
})
