// The owner's toolkit (docs/PRODUCT.md §12-§14): the dashboard's Health and
// Recent activity cards lead to the item to fix, and a backup downloaded from
// the Backup screen restores on the same site with the same public page.
import { readFile } from 'node:fs/promises'
import { ownerState } from '@test-support/e2e/env'
import { expect, test } from '@test-support/e2e/fixtures'
import { API, ownerSession, unique } from '@test-support/e2e/journeys'

test.use({ storageState: ownerState })

test('the dashboard shows what changed and what to fix, each linking to the item', async ({
  page,
  request,
}) => {
  const name = unique('E2E Toolkit')
  const { accessToken } = await ownerSession(request)
  const created = await request.post(`${API}/technologies`, {
    data: { name },
    headers: { Authorization: `Bearer ${accessToken}` },
  })
  expect(created.ok()).toBe(true)
  const { id } = (await created.json()) as { id: number }

  await page.goto('/admin/dashboard')
  const activity = page.getByRole('list', { name: 'Recent activity' })
  await expect(activity.getByRole('link', { name: `Created technology "${name}"` })).toBeVisible()
  const health = page.getByRole('list', { name: 'Findings' })
  await expect(page.getByLabel('Findings by severity')).toContainText(/\d+ notes?/)
  await health.getByRole('link', { name: `Technology "${name}" is used by no project` }).click()
  await expect(page).toHaveURL(`/admin/technologies/edit/${id}`)

  await request.delete(`${API}/technologies/${id}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  })
  await page.goto('/admin/dashboard')
  await expect(activity.getByText(`Deleted technology "${name}"`)).toBeVisible()
  await expect(
    activity.getByRole('link', { name: `Created technology "${name}"` }),
  ).not.toBeVisible()
})

test('downloads a backup and restores it after a confirmation', async ({ page }) => {
  await page.goto('/')
  const portfolio = (await page.locator('#portfolio').textContent()) ?? ''

  await page.goto('/admin/dashboard')
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Backup' })
    .click()
  await expect(page).toHaveURL('/admin/backup')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download backup' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^vitrine-backup-\d{4}-\d\d-\d\d\.zip$/)
  const file = await download.path()
  expect((await readFile(file)).subarray(0, 2).toString()).toBe('PK')

  await page.getByLabel('Backup file (.zip)').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/zip',
    buffer: await readFile(file),
  })
  await page.getByRole('button', { name: 'Restore backup' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Replace all content?' })
  await expect(dialog).toContainText('Accounts stay as they are.')
  await dialog.getByRole('button', { name: 'Replace content' }).click()
  await expect(page.getByText(/^Backup restored: \d+ projects/)).toBeVisible()

  await page.goto('/')
  await expect(page.locator('#portfolio')).toHaveText(portfolio)
})
