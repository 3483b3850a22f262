// A post in French (docs/PRODUCT.md §26, "In every language") in Chromium:
// the owner writes a post's French body on its French tab, previews it, saves,
// and /fr/writing/<slug> shows that body, with the title, left untranslated,
// in English and marked lang="en". The site's languages are put back
// afterwards, so the other journeys see the site as it was.
import type { APIRequestContext } from '@playwright/test'
import { ownerState } from '@test-support/e2e/env'
import { expect, test } from '@test-support/e2e/fixtures'
import { API, ownerSession, unique } from '@test-support/e2e/journeys'

test.use({ storageState: ownerState })

let auth: { Authorization: string }
let before: { default: string; languages: string[] } | undefined
let post: { id: number; slug: string; title: string } | undefined

async function call(request: APIRequestContext, method: string, url: string, data?: unknown) {
  const response = await request.fetch(`${API}${url}`, { method, data, headers: auth })
  expect(response.status(), `${method} ${url}`).toBeLessThan(300)
  return response.status() === 204 ? null : response.json()
}

test.beforeAll(async ({ request }) => {
  auth = { Authorization: `Bearer ${(await ownerSession(request)).accessToken}` }
  before = await call(request, 'GET', '/languages')
  await call(request, 'PUT', '/languages', { default: 'en', languages: ['en', 'fr'] })
  post = await call(request, 'POST', '/posts', {
    title: unique('Reading the tides'),
    summary: 'How the harbour reads its water.',
    body: 'The **English** body.',
    status: 'published',
  })
})

test.afterAll(async ({ request }) => {
  if (post) await call(request, 'DELETE', `/posts/${post.id}`)
  if (before) await call(request, 'PUT', '/languages', before)
})

test("the owner adds a post's French body and /fr/writing/<slug> shows it", async ({ page }) => {
  const { id, slug, title } = post!
  await page.goto(`/admin/posts/edit/${id}`)
  const french = page.getByRole('tab', { name: /^French/ })
  await expect(french).toContainText('3 missing')
  await french.click()
  await expect(page).toHaveURL(`/admin/posts/edit/${id}?lang=fr`)
  await expect(page.getByLabel('Title (French)')).toHaveAttribute('lang', 'fr')

  await page.getByLabel('Body (French)').fill('Le corps en **français**.')
  await expect(french).toContainText('2 missing')
  await page.getByRole('tab', { name: 'Preview' }).click()
  await expect(
    page.getByRole('tabpanel', { name: 'Preview' }).locator('strong', { hasText: 'français' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expect(page).toHaveURL('/admin/posts')

  // The visitor's French page, as the server rendered it, then as the app shows it.
  const response = await page.goto(`/fr/writing/${slug}`)
  expect(response?.status()).toBe(200)
  expect(await response?.text()).toContain('Le corps en <strong>français</strong>.')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  const heading = page.getByRole('heading', { level: 1, name: title })
  await expect(heading).toHaveAttribute('lang', 'en')
  const body = page.locator('article .markdown')
  await expect(body).toContainText('Le corps en français.')
  await expect(body).not.toHaveAttribute('lang')
  await expect(page).toHaveTitle(`${title} | Articles`)

  // The default language's page is unchanged.
  await page.goto(`/writing/${slug}`)
  await expect(page.locator('article .markdown')).toContainText('The English body.')
})
