// Passkeys in a real browser (docs/decisions/041-passkeys.md): Chromium with a
// virtual platform authenticator (the DevTools protocol's WebAuthn domain)
// adds a passkey on the account page, signs out, signs in with it (through
// the username field's autofill, then the button), no username and no code,
// and removes it; adding and removing ask for the current password. Both
// screens pass axe in light and dark.
import type { CDPSession, Page } from '@playwright/test'
import { expectAccessible } from '@test-support/e2e/axe'
import { expect, newContext, test, watchErrors } from '@test-support/e2e/fixtures'
import { ownAccount, signIn } from '@test-support/e2e/journeys'

/** A passkey-capable device: resident keys, user verification that always succeeds. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, id: authenticatorId }
}

test('adds a passkey, signs in with it alone, and removes it', async ({ browser, request }) => {
  // An account of its own: the owner's sign-in and sessions stay as the other journeys need them.
  const account = await ownAccount(request, 'e2e-passkey', 'passkey-secret-1')

  const context = await newContext(browser)
  const page = await context.newPage()
  const errors = watchErrors(page)
  const { cdp, id } = await virtualAuthenticator(page)

  await signIn(page, account.username, account.password)
  await expect(page).toHaveURL('/admin/dashboard')
  await page.goto('/admin/account')
  await expect(page.getByText('No passkeys yet.')).toBeVisible()

  // Add: named first, the device's name offered.
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  const name = page.getByLabel('Passkey name')
  await expect(name).toBeFocused()
  // The device's name: Playwright's Desktop Chrome says Windows.
  await expect(name).toHaveValue(/^Chrome on /)
  await name.fill('Test laptop')
  // The current password too: a wrong one is refused beside its field, which
  // keeps what was typed and takes the focus, and no passkey is made.
  // (Two-step sign-in's own field is on the page too.)
  const password = page.getByRole('region', { name: 'Passkeys' }).getByLabel('Current password')
  await expect(password).toHaveAccessibleDescription(/Adding a passkey needs your own password/)
  await password.fill('not-the-password')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Your current password is not correct.')).toBeVisible()
  await expect(password).toBeFocused()
  await expect(password).toHaveValue('not-the-password')
  await expect(name).toHaveValue('Test laptop')
  await expectAccessible(page, 'passkey name and password, refused (light)')
  await page.getByRole('button', { name: 'Switch to dark theme' }).click()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expectAccessible(page, 'passkey name and password, refused (dark)')
  await page.getByRole('button', { name: 'Switch to light theme' }).click()
  expect(
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId: id })).credentials,
  ).toHaveLength(0)
  await password.fill(account.password)
  await page.getByRole('button', { name: 'Continue' }).click()
  const list = page.getByRole('list', { name: 'Passkeys' })
  await expect(list.getByText('Test laptop')).toBeVisible()
  await expect(list.getByText(/never used/)).toBeVisible()
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId: id })
  expect(credentials).toHaveLength(1)
  expect(credentials[0]!.isResidentCredential).toBe(true)
  expect(credentials[0]!.rpId).toBe('localhost')

  // Rename, with the keyboard.
  await page.getByRole('button', { name: 'Rename Test laptop' }).click()
  const newName = page.getByLabel('New name for Test laptop')
  await newName.fill('Work laptop')
  await newName.press('Enter')
  await expect(list.getByText('Work laptop')).toBeVisible()
  await page.getByRole('button', { name: 'Switch to dark theme' }).click()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expectAccessible(page, 'passkeys list (dark)')
  await page.getByRole('button', { name: 'Switch to light theme' }).click()

  // Sign out: the login page's username field offers the passkey in its
  // autofill (conditional UI), and the virtual authenticator, which needs no
  // touch, picks it at once. No username, no password, no code.
  // Back where the sign-out was made, as after any sign-in.
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL('/admin/account')
  await expect(page.getByText(`Signed in as ${account.username}`).first()).toBeVisible()

  // A browser without that autofill: the button beside the form.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false)
  })
  // From the next page load on; signing out moves within the loaded app.
  await page.reload()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/admin\/login/)
  await expect(page.getByLabel('Username')).toHaveAttribute('autocomplete', 'username webauthn')
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await page.reload()
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible()
    await expectAccessible(page, `login with passkey (${theme})`)
  }
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page).toHaveURL(/\/admin\/(account|dashboard)$/)

  await page.goto('/admin/account')
  await expect(list.getByText(/last used/)).toBeVisible()

  // Remove, confirmed in a dialog with the current password.
  await page.getByRole('button', { name: 'Remove Work laptop' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Remove this passkey?' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Current password').fill(account.password)
  await dialog.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByText('No passkeys yet.')).toBeVisible()

  // The device still holds it, but the site no longer takes it.
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/admin\/login/)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page.getByRole('alert')).toContainText('could not sign you in')
  await expect(page).toHaveURL(/\/admin\/login/)

  expect(errors).toEqual([])
  await context.close()
})
