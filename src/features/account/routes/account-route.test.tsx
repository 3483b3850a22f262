import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, inject, test } from 'vitest'
import type { AuthResponse } from '@shared/contract/types.ts'
import { saveSession } from '@/lib/session'
import {
  connectToRealApi,
  renderApp,
  sessionStatus,
  unique,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/admin/account')

const PASSWORD = 'account-page-password'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

/**
 * An account of this test's own: ending "every other session" of the shared
 * admin would sign out the other test files.
 */
async function newAccount(): Promise<string> {
  const username = unique('account')
  const created = await fetch(`${inject('apiUrl')}/users`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${inject('adminSession').token}`,
    },
    body: JSON.stringify({ username, password: PASSWORD, role: 'user' }),
  })
  expect(created.status).toBe(201)
  return username
}

/** A sign-in of `username`, with `userAgent` as its device. */
async function signIn(username: string, userAgent?: string): Promise<AuthResponse> {
  const response = await fetch(`${inject('apiUrl')}/auth/login`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(userAgent ? { 'User-Agent': userAgent } : {}),
    },
    body: JSON.stringify({ username, password: PASSWORD }),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as AuthResponse
}

/** This browser signed in as `username`; answers its token. */
async function signInHere(username: string): Promise<string> {
  const session = await signIn(username)
  saveSession({ token: session.accessToken, user: session.user })
  return session.accessToken
}

describe('account page', () => {
  test('lists this device and signs out another session', async () => {
    const username = await newAccount()
    await signInHere(username)
    const phone = (await signIn(username, IPHONE)).accessToken
    const { user } = await renderApp('/admin/account')
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
    const username = await newAccount()
    const mine = await signInHere(username)
    const other = (await signIn(username, IPHONE)).accessToken
    const { user } = await renderApp('/admin/account')
    const button = await screen.findByRole('button', { name: 'Sign out everywhere else' })
    await waitFor(() => expect(button).toBeEnabled())
    await user.click(button)
    await waitFor(async () => expect(await sessionStatus(other)).toBe(401))
    expect(await sessionStatus(mine)).toBe(200)
  })
})
