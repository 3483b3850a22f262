// The Profile screen by keyboard alone at phone width (docs/PRODUCT.md §2.10,
// "Profile"): a refused address shows its message, a fixed one saves, and the
// public page shows the headline, the badge and the new link with rel="me".
// The values it changed are put back for the other journeys.
import { ownerState } from '@test-support/e2e/env'
import { expectAccessible } from '@test-support/e2e/axe'
import { expect, test } from '@test-support/e2e/fixtures'
import { API, ownerSession } from '@test-support/e2e/journeys'
import type { Locator, Page } from '@playwright/test'

test.use({ storageState: ownerState, viewport: { width: 390, height: 844 } })

/** Tab until `target` has focus, as a keyboard user moves through the form. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error('never reached by Tab')
}

test('edits the profile by keyboard; the public page shows it', async ({ page, request }) => {
  test.setTimeout(150_000)
  const { accessToken } = await ownerSession(request)
  const auth = { Authorization: `Bearer ${accessToken}` }
  const before = (await (await request.get(`${API}/configs`)).json()) as {
    id: number
    name: string
    value: string
  }[]
  try {
    await page.goto('/admin/profile')
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible()
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme })
      await page.reload()
      await expect(page.getByLabel('Headline')).toBeVisible()
      await expectAccessible(page, `profile screen (${theme})`)
    }
    await page.emulateMedia({ colorScheme: 'light' })

    await tabTo(page, page.getByLabel('Headline'))
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('Keyboard-made engineer')
    await tabTo(page, page.getByLabel('Availability', { exact: true }))
    await page.keyboard.press('ArrowDown')
    await tabTo(page, page.getByRole('button', { name: 'Add a link' }))
    await page.keyboard.press('Enter')
    const links = page.getByRole('region', { name: 'Links' }).getByRole('listitem')
    const count = await links.count()
    const kind = page.getByLabel(`Link ${count}: kind`)
    await tabTo(page, kind)
    await kind.selectOption('mastodon')
    await tabTo(page, page.getByLabel(`Link ${count}: address`))
    await page.keyboard.type('https://hachyderm.io/keyboard')
    await page.keyboard.press('Enter')
    await expect(page.getByLabel(`Link ${count}: address`)).toHaveAccessibleDescription(
      /Mastodon address must look like/,
    )
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('https://hachyderm.io/@keyboard')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').getByText('Profile saved')).toBeVisible()

    await page.goto('/')
    const hero = page.locator('#hero-profile')
    await expect(hero).toContainText('Keyboard-made engineer')
    await expect(hero.locator('a[href="https://hachyderm.io/@keyboard"][rel~="me"]')).toHaveCount(1)
  } finally {
    // Put back what the journey changed, for the other journeys.
    const now = (await (await request.get(`${API}/configs`)).json()) as typeof before
    for (const config of now) {
      const was = before.find((c) => c.id === config.id)
      if (!was) await request.delete(`${API}/configs/${config.id}`, { headers: auth })
      else if (was.value !== config.value)
        await request.patch(`${API}/configs/${config.id}`, {
          data: { value: was.value },
          headers: auth,
        })
    }
  }
})
