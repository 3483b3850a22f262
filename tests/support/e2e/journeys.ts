// What the owner's journeys share: signing in through the form or the API,
// finding a table row by its text, waiting for a screen's data.
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { AuthResponse } from '../../../supabase/functions/_shared/contract/responses'
import { owner } from './env'

export const API = '/functions/v1/api'

export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/admin/login')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
}

export const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text })

/** Until the screen's data is in: no spinner or "Loading ..." line left (lists can push what is below them down). */
export const dataLoaded = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0)

/** The owner's own session through the API, for arranging data a journey needs. */
export async function ownerSession(request: APIRequestContext): Promise<AuthResponse> {
  const login = await request.post(`${API}/auth/login`, { data: owner })
  if (!login.ok()) throw new Error(`owner login failed: ${login.status()}`)
  return (await login.json()) as AuthResponse
}

/** A name no other journey (or an earlier run on the same database) uses. */
export const unique = (base: string) => `${base} ${Date.now().toString(36)}`

/**
 * A read-only account of a journey's own, made by the owner through the API:
 * its sign-in settings and sessions change, the owner's stay as the other
 * journeys need them (and the owner stays the only admin for the users journey).
 */
export async function ownAccount(request: APIRequestContext, name: string, password: string) {
  const account = { username: unique(name).replace(' ', '-'), password }
  const { accessToken } = await ownerSession(request)
  const made = await request.post(`${API}/users`, {
    data: { ...account, role: 'user' },
    headers: { Authorization: `Bearer ${accessToken}` },
  })
  if (made.status() !== 201) throw new Error(`creating ${account.username}: ${made.status()}`)
  return account
}
