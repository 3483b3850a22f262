// The developer's story (docs/PRODUCT.md §18–§21) in Chromium: the owner adds
// an experience and visitors see it in the public timeline; a JSON Resume is
// imported through its plan; the CV downloads as a PDF. Each test makes its own
// data with a unique name and removes what it added.
import { ownerState } from '@test-support/e2e/env'
import { expect, test } from '@test-support/e2e/fixtures'
import { expectAccessible } from '@test-support/e2e/axe'
import { row } from '@test-support/e2e/journeys'

test.use({ storageState: ownerState })

test('an experience added in the back office shows in the public timeline', async ({ page }) => {
  const organization = `E2E Org ${Date.now()}`
  await page.goto('/admin/experience')
  await page.getByRole('link', { name: 'Add New Experience' }).click()
  await expect(page.getByRole('heading', { name: 'Add New Experience' })).toBeVisible()
  await expectAccessible(page, 'experience form')
  await page.getByRole('button', { name: 'Create Experience' }).click()
  await expect(page.getByText('Organization is required')).toBeVisible()

  await page.getByLabel('Organization').fill(organization)
  await page.getByLabel('Role').fill('Staff Engineer')
  await page.getByLabel('Start').fill('2023-04')
  await page.getByRole('button', { name: 'Create Experience' }).click()
  await expect(page).toHaveURL('/admin/experience')
  await expect(row(page, `Staff Engineer at ${organization}`)).toBeVisible()
  await expectAccessible(page, 'experience list')

  await page.goto('/')
  const timeline = page.locator('#experience')
  await expect(timeline).toContainText(organization)
  await expect(timeline.locator('time[datetime="2023-04"]').first()).toBeVisible()

  await page.goto('/admin/experience')
  await page.getByRole('button', { name: `Delete Staff Engineer at ${organization}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(row(page, `Staff Engineer at ${organization}`)).toHaveCount(0)
})

test('a résumé imports after its plan, and a second import adds nothing', async ({ page }) => {
  const organization = `E2E Résumé Org ${Date.now()}`
  const institution = `E2E University ${Date.now()}`
  const resume = {
    basics: { name: 'E2E Person' },
    work: [{ name: organization, position: 'Engineer', startDate: '2020-01' }],
    education: [{ institution, studyType: 'BSc', startDate: '2015-09' }],
  }
  const file = {
    name: 'resume.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(resume)),
  }
  await page.goto('/admin/experience')
  const panel = page.getByRole('region', { name: 'Import résumé' })
  await panel.getByLabel('JSON Resume file').setInputFiles(file)
  const plan = panel.getByRole('table')
  await expect(plan.getByRole('row', { name: /Experience/ })).toContainText('1')
  await panel.getByRole('button', { name: 'Import' }).click()
  await expect(panel.getByRole('status')).toHaveText('Imported.')
  await expect(row(page, `Engineer at ${organization}`)).toBeVisible()

  await page.reload()
  await panel.getByLabel('JSON Resume file').setInputFiles(file)
  // Everything is already here: nothing to create.
  await expect(plan.getByRole('row', { name: /Experience/ })).toContainText(
    /^\s*Experience\s*0\s*1\s*$/,
  )

  await page.getByRole('button', { name: `Delete Engineer at ${organization}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(row(page, `Engineer at ${organization}`)).toHaveCount(0)
  await page.goto('/admin/education')
  await page.getByRole('button', { name: `Delete BSc, ${institution}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(row(page, institution)).toHaveCount(0)
})

test('the public page offers the CV, a PDF with the owner in it', async ({ page }) => {
  await page.goto('/')
  const link = page.getByRole('link', { name: /Download CV/ })
  await expect(link).toBeVisible()
  const download = page.waitForEvent('download')
  await link.click()
  const file = await download
  const bytes = await (
    await file.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks))
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect(file.suggestedFilename()).toMatch(/-cv\.pdf$/)
})
