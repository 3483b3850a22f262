// The back office's sidebar on a short window and on a phone (docs/PRODUCT.md
// §2, "Admin layout"): the sidebar is as tall as the window and scrolls, so
// every screen's link, View Site, the theme switch and Logout can be reached
// and clicked, with the mouse or the keyboard.
import type { Locator, Page } from '@playwright/test'
import { expect, newContext, test, watchErrors } from '@test-support/e2e/fixtures'
import { owner } from '@test-support/e2e/env'
import { signIn } from '@test-support/e2e/journeys'

/** Every link and button of the sidebar, each scrolled to and seen whole inside the window. */
async function everyItemReachable(page: Page, sidebar: Locator) {
  await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeAttached()
  const items = sidebar.locator('a, button')
  const count = await items.count()
  // The screens, View Site, Logout and the theme switch at least.
  expect(count).toBeGreaterThan(12)
  const window = page.viewportSize()!
  for (let i = 0; i < count; i++) {
    const item = items.nth(i)
    await item.scrollIntoViewIfNeeded()
    const box = (await item.boundingBox())!
    const label = (await item.textContent()) || (await item.getAttribute('aria-label'))
    expect(box.y, `${label}: top`).toBeGreaterThanOrEqual(0)
    expect(box.y + box.height, `${label}: bottom`).toBeLessThanOrEqual(window.height)
  }
}

test('every item of the sidebar is reachable at 1280×600, and Logout signs out', async ({
  browser,
}) => {
  // A session of its own: Logout ends it, not the one the other journeys share.
  const context = await newContext(browser, { viewport: { width: 1280, height: 600 } })
  const page = await context.newPage()
  const errors = watchErrors(page)
  await signIn(page, owner.username, owner.password)
  await expect(page).toHaveURL('/admin/dashboard')
  const sidebar = page.getByRole('complementary', { name: 'Admin sidebar' })
  await everyItemReachable(page, sidebar)

  // The theme switch, then Logout, both at the foot of the scrolled sidebar.
  await sidebar.getByRole('button', { name: 'Switch to dark theme' }).click()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await sidebar.getByRole('button', { name: 'Switch to light theme' }).click()
  await sidebar.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/admin\/login/)
  expect(errors).toEqual([])
  await context.close()
})

test('on a phone the menu scrolls to View Site, the theme switch and Logout', async ({
  browser,
}) => {
  const context = await newContext(browser, { viewport: { width: 390, height: 600 } })
  const page = await context.newPage()
  await signIn(page, owner.username, owner.password)
  await expect(page).toHaveURL('/admin/dashboard')
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('dialog', { name: 'Admin menu' })
  await expect(menu).toBeVisible()
  await everyItemReachable(page, menu)
  // With the keyboard: focused, Enter signs out.
  await menu.getByRole('button', { name: 'Logout' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/login/)
  await context.close()
})
