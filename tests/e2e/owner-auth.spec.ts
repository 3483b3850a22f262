// Signing in and out, the guard, and sessions that end (docs/PRODUCT.md §2.4,
// §2.5, §8). None of these depends on another; the ones that end a session use
// a session of their own, never the shared signed-in state.
import { decodeJwt, SignJWT } from 'jose'
import type { AuthResponse } from '../../supabase/functions/_shared/contract/responses'
import { jwtSecret, owner } from '@test-support/e2e/env'
import { expect, newContext, test } from '@test-support/e2e/fixtures'
import { API, signIn } from '@test-support/e2e/journeys'

test.describe('owner, signed out', () => {
  test('registration is closed once the first admin exists', async ({ page }) => {
    await page.goto('/admin/register')
    await expect(
      page.getByText('Registration is closed: an admin account already exists.'),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0)
  })

  test('a wrong password shows "Invalid username or password"', async ({ page }) => {
    await signIn(page, owner.username, 'not-the-password')
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password')
    await expect(page).toHaveURL('/admin/login')
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  })

  test('the guard sends /admin/projects to the login page, and back there after login', async ({
    page,
  }) => {
    await page.goto('/admin/projects')
    await expect(page).toHaveURL('/admin/login')
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
    await page.getByLabel('Username').fill(owner.username)
    await page.getByLabel('Password').fill(owner.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL('/admin/projects')
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible()
  })
})

test('an expired or tampered token sends the user back to login with an explanation', async ({
  browser,
  request,
}) => {
  const login = await request.post(`${API}/auth/login`, { data: owner })
  expect(login.ok()).toBe(true)
  const { accessToken, user } = (await login.json()) as AuthResponse
  const now = Math.floor(Date.now() / 1000)
  // The session this sign-in opened (docs/decisions/017-sessions-in-the-database.md).
  const { sid } = decodeJwt(accessToken)
  const expired = await new SignJWT({ role: 'authenticated', sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(jwtSecret()))
  // The same claims with a valid expiry are accepted, so only the expiry is at fault.
  const fresh = await new SignJWT({ role: 'authenticated', sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setExpirationTime(now + 600)
    .sign(new TextEncoder().encode(jwtSecret()))
  expect(
    (
      await request.get(`${API}/auth/me`, { headers: { Authorization: `Bearer ${fresh}` } })
    ).status(),
  ).toBe(200)
  const tampered = accessToken.slice(0, -4) + (accessToken.endsWith('AAAA') ? 'BBBB' : 'AAAA')

  for (const token of [expired, tampered]) {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.goto('/admin/login')
    await page.evaluate(
      ({ token, user }) => {
        localStorage.setItem('token', token)
        localStorage.setItem('user', JSON.stringify(user))
      },
      { token, user },
    )
    await page.goto('/admin/projects')
    await expect(page).toHaveURL('/admin/login')
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible()
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')]),
    ).toEqual([null, null])
    await context.close()
  }
})

test('logout clears the session and goes to the login page', async ({ page }) => {
  await signIn(page, owner.username, owner.password)
  await expect(page).toHaveURL('/admin/dashboard')
  // Signed in, login and register lead to the dashboard (docs/PRODUCT.md §2).
  await page.goto('/admin/login')
  await expect(page).toHaveURL('/admin/dashboard')
  await page.goto('/admin/register')
  await expect(page).toHaveURL('/admin/dashboard')
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL('/admin/login')
  expect(
    await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')]),
  ).toEqual([null, null])
  await page.goto('/admin/dashboard')
  await expect(page).toHaveURL('/admin/login')
})
