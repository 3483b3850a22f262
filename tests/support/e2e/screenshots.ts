import path from 'node:path'
import type { Page } from '@playwright/test'
import { screenshotsDir } from './env'

/** Saves test-results/screenshots/<name>.png (full page only when asked: the public page). */
export async function saveScreenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
) {
  await page.screenshot({
    path: path.join(screenshotsDir, `${name}.png`),
    fullPage: options.fullPage ?? false,
    animations: 'disabled',
    caret: 'hide',
  })
}
