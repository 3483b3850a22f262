// The owner's certification and site-text journeys (docs/PRODUCT.md §2.9,
// §2.10). Each makes its own data and removes or restores it, so each runs alone.
import { ownerState } from '@test-support/e2e/env'
import { expect, test } from '@test-support/e2e/fixtures'
import { row } from '@test-support/e2e/journeys'

const CERTIFICATION = 'E2E Certified Tester'

test.use({ storageState: ownerState })

test('creates, edits and deletes a certification', async ({ page }) => {
  await page.goto('/admin/certifications')
  await page.getByRole('link', { name: 'Add New Certification' }).click()
  await expect(page).toHaveURL('/admin/certifications/new')
  // docs/PRODUCT.md §3: a new certification starts as '☁️', today, active.
  await expect(page.getByLabel('Icon', { exact: true })).toHaveValue('☁️')
  await expect(page.getByRole('switch', { name: 'Active certification' })).toBeChecked()
  await page.getByRole('button', { name: 'Create Certification' }).click()
  await expect(page.getByText('Certification name is required')).toBeVisible()

  await page.getByLabel('Name').fill(CERTIFICATION)
  await page.getByLabel('Date Obtained').fill('2024-03-15')
  await page.getByRole('button', { name: 'Create Certification' }).click()
  await expect(page).toHaveURL('/admin/certifications')
  await expect(row(page, CERTIFICATION)).toContainText('March 2024')
  await expect(row(page, CERTIFICATION)).toContainText('Active')

  await page.goto('/')
  await expect(page.locator('#certifications')).toContainText(CERTIFICATION)

  await page.goto('/admin/certifications')
  await page.getByRole('link', { name: `Edit ${CERTIFICATION}` }).click()
  await expect(page.getByLabel('Name')).toHaveValue(CERTIFICATION)
  await expect(page.getByLabel('Date Obtained')).toHaveValue('2024-03-15')
  await page.getByLabel('Date Obtained').fill('2023-11-02')
  await page.getByRole('switch', { name: 'Active certification' }).click()
  await page.getByRole('button', { name: 'Update Certification' }).click()
  await expect(page).toHaveURL('/admin/certifications')
  await expect(row(page, CERTIFICATION)).toContainText('November 2023')
  await expect(row(page, CERTIFICATION)).toContainText('Inactive')

  // Inactive: the owner still sees it, visitors no longer do.
  await page.goto('/')
  await expect(page.locator('#certifications')).toBeVisible()
  await expect(page.locator('#certifications')).not.toContainText(CERTIFICATION)

  await page.goto('/admin/certifications')
  await page.getByRole('button', { name: `Delete ${CERTIFICATION}` }).click()
  await expect(page.getByRole('alertdialog')).toContainText(
    'Are you sure you want to delete this certification?',
  )
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(row(page, CERTIFICATION)).toHaveCount(0)
})

test('changing heroTitle1 in Configurations changes the public hero', async ({ page }) => {
  const editHeroTitle = async (value: string) => {
    await page.goto('/admin/configurations')
    await page.getByRole('button', { name: 'Edit heroTitle1' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Configuration' })
    await expect(dialog.getByLabel('Name')).toBeDisabled()
    await expect(dialog.getByLabel('Name')).toHaveValue('heroTitle1')
    await dialog.getByLabel('Value').fill(value)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Configuration updated successfully')).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(row(page, 'heroTitle1')).toContainText(value)
  }

  await editHeroTitle('E2E ENGINEER')
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('E2E ENGINEER')
  await expect(page.getByRole('heading', { level: 1 })).not.toContainText('FULL STACK')

  await editHeroTitle('FULL STACK')
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('FULL STACK')
})
