// Two-step sign-in in a real browser (docs/PRODUCT.md §2.4, §2.12): an
// account turns it on from the account page by scanning (here: reading) the
// key after confirming the current password, then signs in with a code; the
// QR code renders under the production Content-Security-Policy, and the
// screens pass axe in light and dark.
import { Secret, TOTP } from 'otpauth'
import { expectAccessible } from '@test-support/e2e/axe'
import { expect, newContext, test, watchErrors } from '@test-support/e2e/fixtures'
import { ownAccount, signIn } from '@test-support/e2e/journeys'

const codeFor = (key: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')) }).generate({
    timestamp: Date.now() + offset * 30_000,
  })

test('turns two-step sign-in on, then signs in with a code from the app', async ({
  browser,
  request,
}) => {
  // An account of its own: the owner's sign-in stays password-only for the other journeys.
  const account = await ownAccount(request, 'e2e-coded', 'coded-secret-1')

  const context = await newContext(browser)
  const page = await context.newPage()
  const errors = watchErrors(page)
  const refused: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text())
  })
  await signIn(page, account.username, account.password)
  await expect(page).toHaveURL('/admin/dashboard')

  await page.goto('/admin/account')
  // The current password first, in place: a wrong one is said beside the
  // field, which keeps it and takes the focus, with the keyboard alone.
  const password = page.getByLabel('Current password')
  await expect(password).toHaveAccessibleDescription(/Turning on two-step sign-in needs/)
  await password.fill('not-the-password')
  await password.press('Enter')
  await expect(page.getByText('Your current password is not correct.')).toBeVisible()
  await expect(password).toBeFocused()
  await expect(password).toHaveValue('not-the-password')
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(page, 'two-step password, refused (light)')
  await page.getByRole('button', { name: 'Switch to dark theme' }).click()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expectAccessible(page, 'two-step password, refused (dark)')
  await page.getByRole('button', { name: 'Switch to light theme' }).click()
  await password.fill(account.password)
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
  const qr = page.getByRole('img', { name: /QR code/ })
  await expect(qr).toBeVisible()
  // Drawn, not a broken image: the data: URL is allowed and decodes.
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
    true,
  )
  const key = (await page.getByLabel('Key', { exact: true }).textContent()) ?? ''
  expect(key.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/)
  // Both themes through the sidebar's switch: a reload would lose the key shown.
  await expectAccessible(page, 'two-step setup (light)')
  await page.getByRole('button', { name: 'Switch to dark theme' }).click()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expectAccessible(page, 'two-step setup (dark)')
  await page.getByRole('button', { name: 'Switch to light theme' }).click()

  await page.getByLabel('Code from the app').fill(codeFor(key))
  await page.getByRole('button', { name: 'Confirm and turn on' }).click()
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
  await expect(codes).toHaveCount(10)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download' }).click()
  expect((await download).suggestedFilename()).toBe('vitrine-recovery-codes.txt')
  await page.getByRole('button', { name: 'I have saved them' }).click()
  await expect(page.getByText(/Two-step sign-in is on\. 10 of 10/)).toBeVisible()

  // Signed out, the password alone is not enough any more. No saved theme:
  // the system's scheme decides, set before each page load.
  await page.evaluate(() => localStorage.clear())
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await signIn(page, account.username, account.password)
    await expect(
      page.getByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeVisible()
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/)
    await expect(page.getByLabel('Code')).toBeFocused()
    await expectAccessible(page, `two-step sign-in (${theme})`)
  }
  // The next step's code: the one that turned two-step on has been used.
  await page.getByLabel('Code').fill(codeFor(key, 1))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL('/admin/dashboard')

  expect(errors).toEqual([])
  expect(refused).toEqual([])
  await context.close()
})
