// The production build works under its own Content-Security-Policy
// (server/security-headers.ts): the theme script before first paint, images
// from /uploads and from Supabase Storage, the API, dialogs and toasts, a
// picked file's preview. Any violation the browser reports fails the test.
import type { Page } from '@playwright/test'
import { ownerState } from '@test-support/e2e/env'
import { expect, test } from '@test-support/e2e/fixtures'
import { API, ownerSession, unique } from '@test-support/e2e/journeys'

test.use({ storageState: ownerState })

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

/** Every CSP violation the page reports, from before its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __violations: string[] }).__violations = seen
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI} in ${event.sourceFile}`)
    })
  })
  const messages: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) messages.push(message.text())
  })
  return async () => [
    ...messages,
    ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
  ]
}

test('the public page and the back office run without a CSP violation', async ({
  page,
  request,
}) => {
  const { accessToken } = await ownerSession(request)
  const auth = { Authorization: `Bearer ${accessToken}` }
  const upload = await request.post(`${API}/uploads/image`, {
    headers: auth,
    multipart: { file: { name: 'csp.png', mimeType: 'image/png', buffer: png } },
  })
  expect(upload.status()).toBe(201)
  const { url } = (await upload.json()) as { url: string }
  for (const [name, thumbnail] of [
    [unique('CSP uploaded'), url],
    [unique('CSP storage'), 'https://ref.supabase.co/storage/v1/object/public/images/x.png'],
  ]) {
    const created = await request.post(`${API}/projects`, {
      headers: auth,
      data: {
        name,
        description: 'CSP check',
        isActive: true,
        // This year, so the project sorts among the first ones the page shows.
        startYear: new Date().getFullYear(),
        thumbnail,
        technologiesIds: [],
      },
    })
    expect(created.status()).toBe(201)
  }

  const violations = await watchViolations(page)
  const response = await page.goto('/')
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'self'")
  await page
    .getByRole('img', { name: /CSP uploaded/ })
    .first()
    .waitFor()
  // The theme script runs before first paint: after a toggle and a reload the page keeps the choice.
  await page
    .getByRole('button', { name: /Switch to (dark|light) theme/ })
    .first()
    .click()
  const scheme = await page.evaluate(() => document.documentElement.style.colorScheme)
  await page.reload()
  await expect
    .poll(() => page.evaluate(() => document.documentElement.style.colorScheme))
    .toBe(scheme)
  await page.locator('#contact').scrollIntoViewIfNeeded()
  await page.getByRole('button', { name: 'Send message' }).waitFor()

  for (const screen of [
    '/admin/dashboard',
    '/admin/projects',
    '/admin/technologies/new',
    '/admin/certifications/new',
    '/admin/messages',
  ]) {
    await page.goto(screen)
    await page.getByRole('main').waitFor()
  }
  // A dialog (scroll lock styles) and a toast.
  await page.goto('/admin/configurations')
  await page.getByRole('button', { name: 'Add Configuration' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name').fill(`csp${Date.now().toString(36)}`)
  await dialog.getByLabel('Value').fill('checked')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Configuration created successfully')).toBeVisible()
  // A picked file is previewed from a blob: URL before it is uploaded.
  await page.goto('/admin/projects/new')
  // The thumbnail's input: the description's editor has a file input of its own.
  await page
    .getByLabel('Thumbnail', { exact: true })
    .setInputFiles({ name: 'preview.png', mimeType: 'image/png', buffer: png })
  await page.locator('img[src^="blob:"]').first().waitFor()

  expect(await violations()).toEqual([])
})

test('the API reference renders the OpenAPI document under the same policy', async ({ page }) => {
  const violations = await watchViolations(page)
  const response = await page.goto('/api-docs')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { name: /Vitrine API/ })).toBeVisible()
  // Operations from the document, grouped by tag.
  await expect(page.getByText('Create a project').first()).toBeVisible()
  await expect(page.getByText('/auth/login').first()).toBeVisible()
  expect(await violations()).toEqual([])
  // Nothing of it in the public page's build.
  const home = await (await page.request.get('/')).text()
  expect(home).not.toContain('swagger')
})
