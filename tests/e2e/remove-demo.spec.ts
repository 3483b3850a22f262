// Removing the demo content from the dashboard (docs/PRODUCT.md §28), by
// keyboard: the card says what will go, the confirmation asks, the result
// says what went and leads to the Backup screen, whose kept backup brings it
// all back. It ends where it started (the demo restored), so the journeys
// after it find the demo as before.
import { expectAccessible } from '@test-support/e2e/axe'
import { ownerState } from '@test-support/e2e/env'
import { expect, test } from '@test-support/e2e/fixtures'
import { API, ownerSession } from '@test-support/e2e/journeys'

test.use({ storageState: ownerState })

const DEMO_PROJECT = 'Lumen Notes'

test('removes the demo from the dashboard, and its kept backup restores it', async ({
  page,
  request,
}) => {
  // A backup, a removal, a restore and four accessibility scans: longer than one journey's minute.
  test.setTimeout(150_000)
  await page.goto('/')
  await expect(page.locator('#portfolio')).toContainText(DEMO_PROJECT)
  // Another journey (first-session.spec.ts) may have removed and restored the demo before: its backup stays kept.
  const { accessToken } = await ownerSession(request)
  const keptBefore = (
    (await (
      await request.get(`${API}/backup/kept`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      })
    ).json()) as unknown[]
  ).length

  await page.goto('/admin/dashboard')
  const card = page.getByRole('region', { name: 'Demo content' })
  await expect(card).toContainText(
    /still shows the example portfolio it started with: \d+ projects?/,
  )
  await expectAccessible(page, 'dashboard with the demo content card')

  const remove = card.getByRole('button', { name: 'Remove the demo content' })
  await remove.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('alertdialog', { name: 'Remove the demo content?' })
  await expect(dialog).toContainText('Anything you added or changed stays.')
  await expectAccessible(page, 'the demo removal confirmation')
  // The safe choice has the focus first; Escape leaves everything as it was.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(remove).toBeFocused()
  await page.keyboard.press('Enter')
  await dialog.getByRole('button', { name: 'Remove the demo content' }).click()

  await expect(card).toContainText(/Demo content removed: \d+ projects?/)
  await expect(remove).toBeHidden()
  await expectAccessible(page, 'dashboard after removing the demo')

  await page.goto('/')
  await expect(page.locator('main')).not.toContainText(DEMO_PROJECT)

  await page.goto('/admin/dashboard')
  // Gone with the demo: the card is left out, the result was said once.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Demo content' })).toHaveCount(0)

  await page.goto('/admin/backup')
  const kept = page.getByRole('list', { name: 'Kept backups' })
  await expect(kept.getByRole('listitem')).toHaveCount(keptBefore + 1)
  await expectAccessible(page, 'backup screen with a kept backup')
  // Newest first: this removal's.
  await kept
    .getByRole('button', { name: /^Restore the backup of / })
    .first()
    .click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Replace content' }).click()
  await expect(page.getByText(/^Backup restored: \d+ projects/)).toBeVisible()

  await page.goto('/')
  await expect(page.locator('#portfolio')).toContainText(DEMO_PROJECT)
})
