// The owner's Appearance screen (docs/PRODUCT.md §27): by keyboard it changes
// the server's page, and its preview shows the real page in the choice not
// saved yet. Every theme against the public pages is theme-matrix.spec.ts.
// The site ends with today's look, for the other journeys.
import type { APIRequestContext } from '@playwright/test'
import { ownerState } from '@test-support/e2e/env'
import { expectAccessible } from '@test-support/e2e/axe'
import { expect, test } from '@test-support/e2e/fixtures'
import { API, ownerSession } from '@test-support/e2e/journeys'

const SECTIONS = [
  'featured',
  'experience',
  'education',
  'certifications',
  'skills',
  'portfolio',
  'writing',
  'opensource',
  'contact',
]
const TODAY = {
  theme: 'classic',
  accent: '#db2777',
  font: 'system',
  sections: SECTIONS.map((id) => ({ id, visible: true })),
}

async function putAppearance(request: APIRequestContext, body: unknown) {
  const { accessToken } = await ownerSession(request)
  const res = await request.put(`${API}/appearance`, {
    data: body,
    headers: { Authorization: `Bearer ${accessToken}` },
  })
  expect(res.status()).toBe(200)
}

test.describe('the Appearance screen', () => {
  test.use({ storageState: ownerState })
  test.afterAll(async ({ request }) => putAppearance(request, TODAY))

  test('the preview: the real page in the unsaved choice, dark, at 390 and 1280 px', async ({
    page,
    request,
  }) => {
    await page.goto('/admin/appearance')
    const iframe = page.getByTitle('Preview of your public page')
    const frame = page.frameLocator('iframe[title="Preview of your public page"]')
    // The site frames itself (decision 077): the real home page is in it.
    await expect(frame.locator('#portfolio')).toBeVisible()
    await expect(frame.locator('html')).toHaveAttribute('data-theme', 'classic')

    await page.getByRole('radio', { name: 'Terminal' }).check()
    const hex = page.getByLabel('Hex value')
    await hex.fill('#00ffff')
    await expect(frame.locator('html')).toHaveAttribute('data-theme', 'terminal')
    // The theme's own stylesheet reached the frame: Terminal is monospace.
    await expect
      .poll(() => frame.locator('body').evaluate((body) => getComputedStyle(body).fontFamily))
      .toContain('monospace')
    const primary = () =>
      frame
        .locator('html')
        .evaluate((html) => getComputedStyle(html).getPropertyValue('--primary').trim())
    // Cyan is darkened in light mode, kept in dark.
    await expect.poll(primary).not.toBe('#00ffff')

    const dark = page.getByRole('group', { name: 'Preview colours' }).getByRole('button', {
      name: 'Dark',
    })
    await dark.focus()
    await page.keyboard.press('Enter')
    await expect(dark).toHaveAttribute('aria-pressed', 'true')
    await expect(frame.locator('html')).toHaveClass(/\bdark\b/)
    await expect.poll(primary).toBe('#00ffff')

    expect((await iframe.boundingBox())?.width).toBeCloseTo(390, 0)
    await expect.poll(() => frame.locator('html').evaluate(() => innerWidth)).toBe(390)
    await page
      .getByRole('group', { name: 'Preview width' })
      .getByRole('button', { name: 'Desktop (1280 px)' })
      .click()
    await expect.poll(() => frame.locator('html').evaluate(() => innerWidth)).toBe(1280)
    await expectAccessible(page, 'appearance screen with its preview (desktop, dark)')

    // Nothing was saved: the public page is as it was.
    const saved = await (await request.get(`${API}/appearance`)).json()
    expect(saved.theme).toBe('classic')
  })

  test('on a wide screen the preview stays beside the choices while they scroll', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1700, height: 900 })
    await page.goto('/admin/appearance')
    const preview = page.getByRole('region', { name: 'Preview' })
    const save = page.getByRole('button', { name: 'Save appearance' })
    await expect(preview.getByTitle('Preview of your public page')).toBeVisible()
    const theme = await page.getByRole('radio', { name: 'Terminal' }).boundingBox()
    const beside = await preview.boundingBox()
    // A second column, level with the top of the form, not below Save.
    expect(beside!.x).toBeGreaterThan(theme!.x + theme!.width)
    expect(beside!.y).toBeLessThan((await save.boundingBox())!.y)
    // Scrolled down to Save, the preview is still in view (sticky).
    await save.scrollIntoViewIfNeeded()
    await expect(preview).toBeInViewport()
    await expect(save).toBeInViewport()
  })

  test('by keyboard: a theme, contact first, skills hidden; the page follows', async ({ page }) => {
    test.setTimeout(120_000)
    await page.goto('/admin/appearance')
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.reload()
      await expect(page.getByRole('radio', { name: 'Classic' })).toBeChecked()
      await expectAccessible(page, `appearance screen (${scheme})`)
    }
    await page.emulateMedia({ colorScheme: 'light' })

    await page.getByRole('radio', { name: 'Classic' }).focus()
    // Arrow keys move through the theme radios: Classic, Minimal, Sidebar, Grid.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('radio', { name: 'Grid' })).toBeChecked()

    const list = page.getByRole('list', { name: 'Home page sections' })
    const up = list.getByRole('button', { name: 'Move Contact up' })
    await up.focus()
    for (let i = 0; i < 8; i++) await page.keyboard.press('Enter')
    await expect(list.getByRole('listitem').first()).toContainText('Show Contact')
    await list.getByRole('checkbox', { name: 'Show Skills' }).focus()
    await page.keyboard.press('Space')
    await expect(list.getByRole('checkbox', { name: 'Show Skills' })).not.toBeChecked()
    await page.getByRole('button', { name: 'Save appearance' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByText('Appearance saved')).toBeVisible()

    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'grid')
    await expect(page.locator('#skills')).toHaveCount(0)
    const nav = page.getByRole('navigation', { name: /./ }).first()
    await expect(nav.getByRole('link', { name: 'Skills' })).toHaveCount(0)
    const order = await page
      .locator('#main > section[id]')
      .evaluateAll((sections) => sections.map((s) => s.id))
    expect(order[0]).toBe('contact')
  })
})
