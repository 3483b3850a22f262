// The site's appearance (docs/PRODUCT.md §27): every theme, in light and dark,
// at a phone's and a desktop's width, with the accents that need adjusting,
// renders the home page without a horizontal scroll and with nothing serious
// for axe; and the owner's Appearance screen, by keyboard, changes the
// server's page. The site ends with today's look, for the other journeys.
import type { APIRequestContext } from '@playwright/test'
import { ownerState } from '@test-support/e2e/env'
import { expectAccessible } from '@test-support/e2e/axe'
import { expect, test } from '@test-support/e2e/fixtures'
import { API, ownerSession } from '@test-support/e2e/journeys'

const THEMES = ['classic', 'minimal', 'sidebar', 'grid', 'editorial', 'terminal']
const ACCENTS = ['#db2777', '#ffff00', '#00ffff', '#000080', '#f5f5f5']
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

/** A merged pull request shown in the Open source section (docs/github.md), with long names. */
const CONTRIBUTION = {
  url: 'https://github.com/a-rather-long-organisation-name/an-even-longer-repository-name-for-wrapping/pull/4242',
  repository: 'a-rather-long-organisation-name/an-even-longer-repository-name-for-wrapping',
  number: 4242,
  title: 'perf(compiler): avoid_quadratic_behaviour_when_resolving_deeply_nested_module_graphs',
  mergedAt: '2024-05-02T08:30:00Z',
}

async function asOwner(
  request: APIRequestContext,
  method: 'post' | 'delete',
  path: string,
  data?: unknown,
) {
  const { accessToken } = await ownerSession(request)
  return request[method](`${API}${path}`, {
    data,
    headers: { Authorization: `Bearer ${accessToken}` },
  })
}

test.describe('every theme', () => {
  // Every theme's scans include the Open source section.
  let contributionId = 0
  test.beforeAll(async ({ request }) => {
    const made = await asOwner(request, 'post', '/contributions', CONTRIBUTION)
    expect(made.status()).toBe(201)
    contributionId = ((await made.json()) as { id: number }).id
  })
  test.afterAll(async ({ request }) => {
    await putAppearance(request, TODAY)
    if (contributionId)
      expect((await asOwner(request, 'delete', `/contributions/${contributionId}`)).status()).toBe(
        204,
      )
  })

  THEMES.forEach((theme, i) => {
    test(`${theme}: no horizontal scroll at 390 and 1280 px, axe clean, light and dark`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000)
      const accent = ACCENTS[i % ACCENTS.length]!
      await putAppearance(request, { theme, accent, font: i % 2 ? 'inter' : 'system' })
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 })
          await page.goto('/')
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
          await expect(page.locator('#portfolio')).toBeVisible()
          await expect(
            page.getByRole('region', { name: 'Open source' }).getByRole('link', {
              name: CONTRIBUTION.title,
            }),
          ).toHaveAttribute('href', CONTRIBUTION.url)
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          )
          expect(overflow, `${theme} ${scheme} ${width}px`).toBeLessThanOrEqual(0)
          await expectAccessible(page, `home, ${theme} ${accent} (${scheme}, ${width}px)`)
        }
      }
    })
  })
})

test.describe('the Appearance screen', () => {
  test.use({ storageState: ownerState })
  test.afterAll(async ({ request }) => putAppearance(request, TODAY))

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
