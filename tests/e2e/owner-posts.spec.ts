// The owner's writing journey (docs/PRODUCT.md §26): a post written in the
// Markdown editor with a code block and an uploaded image, previewed with the
// public pages' renderer, saved as a draft, scheduled a few seconds ahead and
// seen published, then deleted, so the seed stays as it was. axe scans the
// editor's Preview in both themes.
import type { Page } from '@playwright/test'
import { ownerState } from '@test-support/e2e/env'
import { expectAccessible } from '@test-support/e2e/axe'
import { expect, test } from '@test-support/e2e/fixtures'
import { pngGradient, writeTempFiles } from '@test-support/e2e/images'
import { dataLoaded, row, unique } from '@test-support/e2e/journeys'

test.use({ storageState: ownerState })

const BODY = [
  '## Why a log',
  '',
  'Every night gets a line:',
  '',
  '```typescript',
  'const seen: string[] = ["Vega", "Deneb"]',
  '```',
  '',
  '',
].join('\n')

/** Opens the Preview tab and waits for the highlighted code block. */
async function showPreview(page: Page) {
  await page.getByRole('tab', { name: 'Preview' }).click()
  const panel = page.getByRole('tabpanel', { name: 'Preview' })
  await expect(panel.locator('code.hljs.language-typescript .hljs-keyword').first()).toHaveText(
    'const',
  )
  return panel
}

test('the owner writes, previews, schedules and deletes a post', async ({ page }) => {
  // Two axe scans with reloads, and a schedule to wait for.
  test.setTimeout(120_000)
  const title = unique('E2E Night log')

  await test.step('writes a post with a code block and an uploaded image', async () => {
    await page.goto('/admin/posts')
    await page.getByRole('link', { name: 'Add New Post' }).click()
    await expect(page.getByRole('heading', { name: 'Add New Post' })).toBeVisible()
    await page.getByLabel('Title', { exact: true }).fill(title)
    await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(/^e2e-night-log-/)
    const body = page.getByLabel('Body', { exact: true })
    await body.fill(BODY)
    await body.press('ControlOrMeta+End')
    const [sky] = writeTempFiles({
      'night-sky.png': pngGradient(320, 180, [15, 23, 42], [124, 58, 237]),
    })
    await page.getByLabel('Image file to insert').setInputFiles(sky!)
    await expect(body).toHaveValue(/\n!\[night sky\]\(\S+\)$/)
  })

  await test.step('previews it as the public page renders it', async () => {
    const panel = await showPreview(page)
    await expect(panel.getByRole('heading', { name: /Why a log/ })).toBeVisible()
    const image = panel.getByRole('img', { name: 'night sky' })
    await expect(image).toBeVisible()
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320)
    await page.getByRole('tab', { name: 'Write' }).click()
    await expect(page.getByLabel('Body', { exact: true })).toBeVisible()
  })

  await test.step('saves it as a draft', async () => {
    await expect(page.getByRole('radio', { name: /Draft/ })).toBeChecked()
    await page.getByRole('button', { name: 'Create Post' }).click()
    await expect(page).toHaveURL('/admin/posts')
    await expect(row(page, title)).toContainText('Draft')
  })

  await test.step('the editor passes axe in both themes', async () => {
    await row(page, title)
      .getByRole('link', { name: `Edit ${title}` })
      .click()
    await expect(page.getByRole('heading', { name: 'Edit Post' })).toBeVisible()
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme })
      await page.reload()
      await showPreview(page)
      await expectAccessible(page, `post editor preview (${theme})`)
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await page.reload()
    // The editor comes back whole, its technologies and projects with it.
    await dataLoaded(page)
  })

  await test.step('schedules it a few seconds ahead, and it publishes', async () => {
    await page.getByRole('radio', { name: /Scheduled/ }).check()
    // The browser runs in UTC (playwright.config.ts): the input's local time is UTC.
    const at = new Date(Date.now() + 15_000)
    await page.getByLabel('Publish at').fill(at.toISOString().slice(0, 19))
    await page.getByRole('button', { name: 'Update Post' }).click()
    await expect(page).toHaveURL('/admin/posts')
    await expect(row(page, title)).toContainText('Scheduled')
    await expect(row(page, title)).toContainText('Publishes')

    await page.waitForTimeout(Math.max(0, at.getTime() - Date.now()))
    await expect(async () => {
      await page.reload()
      await expect(row(page, title)).toContainText('Published', { timeout: 2000 })
    }).toPass({ timeout: 30_000 })
  })

  await test.step('deletes it after confirming', async () => {
    await row(page, title)
      .getByRole('button', { name: `Delete ${title}` })
      .click()
    const dialog = page.getByRole('alertdialog')
    await expect(dialog).toContainText(`Are you sure you want to delete "${title}"?`)
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(row(page, title)).toHaveCount(0)
  })
})
