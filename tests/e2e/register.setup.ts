// Runs first, on the empty database: the owner creates the first admin account
// on /admin/register (docs/PRODUCT.md §2, "Register"), after which registration is
// closed. The signed-in state is kept for the other journeys.
import { expectAccessible } from '@test-support/e2e/axe'
import { owner, ownerState } from '@test-support/e2e/env'
import { expect, test } from '@test-support/e2e/fixtures'
import { saveScreenshot } from '@test-support/e2e/screenshots'

test('the first admin registers, registration closes, and the admin signs in', async ({ page }) => {
  await page.goto('/admin/register')
  await expect(page.getByRole('heading', { name: 'Create Admin Account' })).toBeVisible()
  await expect(
    page.getByText('This is a temporary page for creating the first admin user'),
  ).toBeVisible()
  const register = page.getByRole('button', { name: 'Register' })
  await expect(register).toBeVisible()

  // The open form, in both themes and sizes, before it closes for good.
  for (const theme of ['light', 'dark'] as const) {
    // No saved preference yet, so the system's colour scheme decides (docs/PRODUCT.md §4).
    await page.emulateMedia({ colorScheme: theme })
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.reload()
    await expect(register).toBeVisible()
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/)
    await expectAccessible(page, `register (${theme})`)
    await saveScreenshot(page, `register-${theme}-desktop`)
    await page.setViewportSize({ width: 390, height: 844 })
    await saveScreenshot(page, `register-${theme}-phone`)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.emulateMedia({ colorScheme: 'light' })

  // Validation with the spec's messages (section 5).
  await register.click()
  await expect(page.getByText('Username is required')).toBeVisible()
  await expect(page.getByText('Please confirm your password')).toBeVisible()
  await page.getByLabel('Username').fill(owner.username)
  await page.getByLabel('Password', { exact: true }).fill('12345')
  await page.getByLabel('Confirm Password').fill('123456')
  await register.click()
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible()
  await expect(page.getByText('Passwords do not match')).toBeVisible()

  await page.getByLabel('Password', { exact: true }).fill(owner.password)
  await page.getByLabel('Confirm Password').fill(owner.password)
  await register.click()

  // Success goes to the login page (spec), without signing in.
  await expect(page).toHaveURL('/admin/login')
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()

  // Registration is now closed, in the UI and at the API.
  await page.goto('/admin/register')
  await expect(
    page.getByText('Registration is closed: an admin account already exists.'),
  ).toBeVisible()
  await expect(page.getByLabel('Confirm Password')).toHaveCount(0)
  const again = await page.request.post('/functions/v1/api/auth/register', {
    data: { username: 'intruder', password: 'intruder-secret' },
  })
  expect(again.status()).toBe(409)
  expect((await again.json()).message).toBe('Registration is closed')

  await page.getByRole('link', { name: 'Already have an account? Login' }).click()
  await page.getByLabel('Username').fill(owner.username)
  await page.getByLabel('Password').fill(owner.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL('/admin/dashboard')
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()

  await page.context().storageState({ path: ownerState })
})
