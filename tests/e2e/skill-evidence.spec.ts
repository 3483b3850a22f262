// A skill's chip on the public page opens what backs it (docs/PRODUCT.md §26,
// docs/decisions/060): in real Chromium, from the keyboard, the projects and
// posts naming the technology (never an inactive project, a draft or a post
// still to come), each leading to its page, the portfolio filtered by it and
// its posts' page; accessible in both themes, in the server's HTML already.
import type { APIRequestContext } from '@playwright/test'
import { expectAccessible } from '@test-support/e2e/axe'
import { expect, test } from '@test-support/e2e/fixtures'
import { waitForHydration } from '@test-support/e2e/hydration'
import { API, ownerSession, unique } from '@test-support/e2e/journeys'

const name = unique('Tidewright')
const made: string[] = []
let technologyId = 0
let headers: Record<string, string> = {}

async function call(request: APIRequestContext, method: string, path: string, data?: unknown) {
  const response = await request.fetch(`${API}${path}`, { method, data, headers })
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true)
  return response.status() === 204 ? null : response.json()
}

test.beforeAll(async ({ request }) => {
  headers = { Authorization: `Bearer ${(await ownerSession(request)).accessToken}` }
  technologyId = (await call(request, 'POST', '/technologies', { name })).id
  const project = (extra: Record<string, unknown>) =>
    call(request, 'POST', '/projects', {
      description: 'd',
      technologiesIds: [technologyId],
      ...extra,
    })
  const post = (extra: Record<string, unknown>) =>
    call(request, 'POST', '/posts', { body: 'b', technologiesIds: [technologyId], ...extra })
  made.push(
    `/projects/${(await project({ name: `${name} Harbour`, isActive: true })).id}`,
    `/projects/${(await project({ name: `${name} Hidden`, isActive: false })).id}`,
    `/posts/${(await post({ title: `${name} notes`, status: 'published' })).id}`,
    `/posts/${(await post({ title: `${name} draft`, status: 'draft' })).id}`,
    `/posts/${(await post({ title: `${name} later`, status: 'scheduled', publishAt: '2099-01-01T00:00:00Z' })).id}`,
  )
})

test.afterAll(async ({ request }) => {
  for (const path of made.reverse()) await call(request, 'DELETE', path)
  if (technologyId) await call(request, 'DELETE', `/technologies/${technologyId}`)
})

test("a skill's chip opens its projects and posts from the keyboard, each leading to its page", async ({
  page,
  request,
}) => {
  // In the server's HTML: the chip names its popover, which lists the public work only.
  const html = await (await request.get('/')).text()
  // (React writes the attribute as popoverTarget; HTML reads attribute names in any case.)
  expect(html).toMatch(new RegExp(`popovertarget="skill-${technologyId}"`, 'i'))
  expect(html).toContain(`${name} Harbour`)
  for (const hidden of ['Hidden', 'draft', 'later']) expect(html).not.toContain(`${name} ${hidden}`)

  // In another language its links are that language's pages.
  const languages = await call(request, 'GET', '/languages')
  await call(request, 'PUT', '/languages', { default: 'en', languages: ['en', 'fr'] })
  try {
    const fr = await (await request.get('/fr/')).text()
    expect(fr).toMatch(/href="\/fr\/projects\/\d+-tidewright-[a-z0-9]+-harbour"/)
    expect(fr).toContain(`href="/fr/writing?technology=${technologyId}"`)
    expect(fr).toMatch(/href="\/fr\/writing\/tidewright-[a-z0-9-]+-notes"/)
  } finally {
    await call(request, 'PUT', '/languages', languages)
  }

  await page.goto('/')
  await waitForHydration(page, '#skills ul')
  const chip = page.getByRole('button', { name: new RegExp(`^${name} 1 project · 1 post`) })
  const popover = page.locator(`#skill-${technologyId}`)
  await expect(popover).toBeHidden()
  await chip.focus()
  await page.keyboard.press('Enter')
  await expect(popover).toBeVisible()
  await expect(popover.getByRole('heading', { name })).toBeVisible()
  await expect(popover.getByRole('link')).toHaveText([
    `${name} Harbour`,
    `Filter by technology: ${name}`,
    `${name} notes`,
    `Posts about ${name}`,
  ])
  await expectAccessible(page, 'skill popover (light)')
  // Escape closes it and gives the focus back to its chip.
  await page.keyboard.press('Escape')
  await expect(popover).toBeHidden()
  await expect(chip).toBeFocused()

  // The popover follows its chip in the tab order: the first project's link is next.
  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await expect(popover.getByRole('link', { name: `${name} Harbour` })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/projects\/\d+-tidewright-/)
  await expect(page.getByRole('heading', { level: 1, name: `${name} Harbour` })).toBeVisible()

  await page.goto('/')
  await waitForHydration(page, '#skills ul')
  await chip.click()
  await popover.getByRole('link', { name: `${name} notes` }).click()
  await expect(page).toHaveURL(/\/writing\/tidewright-[a-z0-9-]+-notes$/)
  await expect(page.getByRole('heading', { level: 1, name: `${name} notes` })).toBeVisible()

  await page.goto('/')
  await waitForHydration(page, '#skills ul')
  await chip.click()
  await popover.getByRole('link', { name: `Posts about ${name}` }).click()
  await expect(page).toHaveURL(`/writing?technology=${technologyId}`)
  await expect(page.getByRole('heading', { level: 1, name: `Posts about ${name}` })).toBeVisible()

  // The portfolio, filtered by the technology: the popover closes on the way.
  await page.goto('/')
  await waitForHydration(page, '#skills ul')
  await chip.click()
  await popover.getByRole('link', { name: `Filter by technology: ${name}` }).click()
  await expect(popover).toBeHidden()
  await expect(page).toHaveURL(/#portfolio$/)
  const portfolio = page.locator('#portfolio')
  await expect(portfolio.getByRole('button', { name, pressed: true })).toBeVisible()
  await expect(portfolio.getByRole('heading', { name: `${name} Harbour` })).toBeVisible()

  await page.getByRole('button', { name: 'Switch to dark theme' }).click()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await chip.click()
  await expect(popover).toBeVisible()
  await expectAccessible(page, 'skill popover (dark)')
})
