// The owner's languages journey (docs/PRODUCT.md §23): add French, translate a
// project's name on its French tab, watch the dashboard's missing count drop,
// remove French and read what its texts became. The site ends in English
// alone, as it started, for the other journeys.
import { ownerState } from '@test-support/e2e/env'
import { expectAccessible } from '@test-support/e2e/axe'
import { expect, test } from '@test-support/e2e/fixtures'
import { API, ownerSession, unique } from '@test-support/e2e/journeys'
import type { Page } from '@playwright/test'

test.use({ storageState: ownerState })

/** axe in light and dark, once `ready` (a text on the screen) shows. */
async function scanBothThemes(page: Page, name: string, ready: string | RegExp) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await page.reload()
    await expect(page.getByText(ready).first()).toBeVisible()
    await expectAccessible(page, `${name} (${theme})`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

async function missingInFrench(page: Page): Promise<number> {
  await page.goto('/admin/dashboard')
  const line = page.getByText(/^French: \d+ missing texts?$/)
  await expect(line).toBeVisible()
  return Number(/(\d+)/.exec((await line.textContent()) ?? '')?.[1])
}

test('adds French, translates a project on its French tab, then removes French', async ({
  page,
  request,
}) => {
  // Nine axe scans and four screens, each reloaded per theme.
  test.setTimeout(150_000)
  const { accessToken } = await ownerSession(request)
  const auth = { Authorization: `Bearer ${accessToken}` }
  const name = unique('Atlas')
  const made = await request.post(`${API}/projects`, {
    data: { name, description: 'Maps of the city', isActive: true },
    headers: auth,
  })
  expect(made.status()).toBe(201)
  const project = (await made.json()) as { id: number }

  try {
    await page.goto('/admin/languages')
    await page.getByLabel('Add a language').fill('fr')
    await page.getByRole('button', { name: 'Add' }).click()
    await expect(page.getByRole('list', { name: 'Site languages' })).toContainText('French')
    await page.getByRole('button', { name: 'Save Languages' }).click()
    await expect(page.getByText('Languages saved')).toBeVisible()
    await scanBothThemes(page, 'languages screen', 'Add a language')

    const before = await missingInFrench(page)
    await scanBothThemes(page, 'dashboard with missing translations', /^French: \d+ missing/)
    const fix = page
      .getByRole('list', { name: 'Missing in French' })
      .getByRole('link', { name, exact: true })
    await expect(fix).toHaveAttribute('href', `/admin/projects/edit/${project.id}?lang=fr`)
    await fix.click()
    await expect(page.getByRole('tab', { name: /^French/ })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await expect(page.getByText(`English: ${name}`)).toBeVisible()
    await scanBothThemes(page, 'project French tab', `English: ${name}`)

    await page.getByLabel('Name (French)').fill('Atlas de la ville')
    await page.getByRole('button', { name: 'Update Project' }).click()
    await expect(page).toHaveURL('/admin/projects')
    expect(await missingInFrench(page)).toBe(before - 1)

    await page.goto('/admin/languages')
    await page.getByRole('button', { name: 'Remove French' }).click()
    await page.getByRole('button', { name: 'Save Languages' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Remove French?' })
    await expectAccessible(page, 'remove a language')
    await dialog.getByRole('button', { name: 'Remove' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Kept' })).toHaveText(
      /^Kept \d+ texts? in French: (they come|it comes) back if you add French again$/,
    )
  } finally {
    await request.put(`${API}/languages`, {
      data: { default: 'en', languages: ['en'] },
      headers: auth,
    })
    await request.delete(`${API}/projects/${project.id}`, { headers: auth })
  }
})
