// Public pages per language (docs/PRODUCT.md §23) in Chromium: a site in
// English (default), French and Arabic, partly translated. /fr/ reads in
// French with the untranslated texts marked lang="en"; /ar/ is right to
// left; every page names all its languages; the switcher works by keyboard;
// axe finds nothing serious in either theme; the sitemap names the
// alternates. The site's languages and the texts added here are put back
// afterwards, so the other journeys see the site as it was.
import type { APIRequestContext } from '@playwright/test'
import { expect, test } from '@test-support/e2e/fixtures'
import { expectAccessible } from '@test-support/e2e/axe'
import { API, ownerSession, unique } from '@test-support/e2e/journeys'
import { saveScreenshot } from '@test-support/e2e/screenshots'

test.describe.configure({ mode: 'serial' })

let auth: { Authorization: string }
let before: { default: string; languages: string[] }
let project: { id: number; name: string }
const name = unique('E2E Lighthouse')
/** The hero in French and Arabic, for the screenshots; taken out again afterwards. */
const HERO: Record<string, { fr: string; ar: string }> = {
  heroTitle1: { fr: 'DÉVELOPPEUSE', ar: 'مطوّرة' },
  heroTitle2: { fr: 'FULL STACK', ar: 'متكاملة' },
}
let heroIds: number[] = []

async function call(request: APIRequestContext, method: string, url: string, data?: unknown) {
  const response = await request.fetch(`${API}${url}`, { method, data, headers: auth })
  expect(response.status(), `${method} ${url}`).toBeLessThan(300)
  return response.status() === 204 ? null : response.json()
}

test.beforeAll(async ({ request }) => {
  auth = { Authorization: `Bearer ${(await ownerSession(request)).accessToken}` }
  before = await call(request, 'GET', '/languages')
  await call(request, 'PUT', '/languages', { default: 'en', languages: ['en', 'fr', 'ar'] })
  project = await call(request, 'POST', '/projects', {
    name,
    description: 'Guides ships home.',
    isActive: true,
    technologiesIds: [],
    translations: { fr: { name: 'Phare E2E' }, ar: { name: 'منارة' } },
  })
  const configs = (await call(request, 'GET', '/configs')) as { id: number; name: string }[]
  for (const config of configs.filter((c) => c.name in HERO)) {
    const { fr, ar } = HERO[config.name]!
    await call(request, 'PATCH', `/configs/${config.id}`, {
      translations: { fr: { value: fr }, ar: { value: ar } },
    })
    heroIds.push(config.id)
  }
})

test.afterAll(async ({ request }) => {
  for (const id of heroIds)
    await call(request, 'PATCH', `/configs/${id}`, { translations: { fr: null, ar: null } })
  heroIds = []
  if (project) await call(request, 'DELETE', `/projects/${project.id}`)
  if (before) await call(request, 'PUT', '/languages', before)
})

test('/fr/ reads in French, and an untranslated text says it is English', async ({ page }) => {
  const response = await page.goto('/fr/')
  expect(response?.status()).toBe(200)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
  const card = page.getByRole('listitem').filter({ hasText: 'Phare E2E' })
  await expect(card.getByRole('heading', { name: 'Phare E2E' })).toBeVisible()
  // The description is the server's Markdown HTML: its block carries the language.
  await expect(card.locator('[lang="en"]', { hasText: 'Guides ships home.' })).toBeVisible()
  // Its link keeps the page's language.
  await expect(card.getByRole('link', { name: 'Phare E2E' })).toHaveAttribute(
    'href',
    new RegExp(`^/fr/projects/${project.id}-`),
  )
  for (const [lang, href] of [
    ['en', '/'],
    ['fr', '/fr/'],
    ['ar', '/ar/'],
    ['x-default', '/'],
  ])
    await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute(
      'href',
      new RegExp(`^https?://[^/]+${href}$`),
    )
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/fr\/$/)
})

test('/ar/ is right to left, its project page too', async ({ page }) => {
  await page.goto('/ar/')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
  // Nothing sticks out sideways: a page wider than the window scrolls away from its content.
  const overflow = await page.evaluate(() => {
    const wide = [...document.querySelectorAll('body *')]
      .map((el) => [el, el.getBoundingClientRect()] as const)
      .filter(([, box]) => box.width > 0 && (box.left < -1 || box.right > window.innerWidth + 1))
      .map(
        ([el, box]) =>
          `${el.tagName}.${el.className} ${Math.round(box.left)}..${Math.round(box.right)}`,
      )
    return {
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
      wide: wide.slice(0, 5),
    }
  })
  expect(overflow.scroll, overflow.wide.join('\n')).toBeLessThanOrEqual(overflow.width)
  await page.goto(`/ar/projects/${project.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'منارة' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
})

test('a language the site does not have is not found', async ({ page }) => {
  for (const url of ['/de/', '/en/']) expect((await page.goto(url))?.status(), url).toBe(404)
})

test("an unknown path under /fr/ is the French not-found page, the server's and the app's", async ({
  page,
}) => {
  const errors: string[] = []
  // The page's own 404 is logged as a failed load; nothing else may be.
  page.on('console', (message) => {
    const ownStatus = message.location().url.endsWith('/fr/nothing/here')
    if (message.type() === 'error' && !ownStatus) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  // The server's markup is French already, so the app takes it over unchanged.
  const html = await (await page.request.get('/fr/nothing/here')).text()
  expect(html).toMatch(/<html lang="fr" dir="ltr"/)
  expect(html).toContain('Page introuvable')
  expect((await page.goto('/fr/nothing/here'))?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await page.waitForLoadState('networkidle')
  expect(errors).toEqual([])
  // Any other unknown path is the default language's.
  expect((await page.goto('/nothing/here'))?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test('the switcher opens the same page in another language by keyboard', async ({ page }) => {
  await page.goto(`/fr/projects/${project.id}`)
  const summary = page.locator('summary').filter({ hasText: 'Language' })
  await summary.focus()
  await page.keyboard.press('Enter')
  const arabic = page.getByRole('link', { name: 'العربية' })
  await expect(arabic).toBeVisible()
  await expect(page.getByRole('link', { name: 'Français' })).toHaveAttribute('aria-current', 'page')
  // English, Français, العربية: three steps from the button.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab')
  await expect(arabic).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/ar/projects/${project.id}$`))
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
})

for (const scheme of ['light', 'dark'] as const)
  test(`French and Arabic pages have no serious accessibility finding (${scheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme })
    for (const url of ['/fr/', '/ar/', `/ar/projects/${project.id}`]) {
      await page.goto(url)
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /dark/ : /^(?!.*dark)/)
      // The home pages as a visitor sees them, for the README (curate-screenshots.ts).
      if (!url.includes('projects'))
        await saveScreenshot(page, `language-${url.replaceAll('/', '')}-${scheme}-desktop`)
      await expectAccessible(page, `${url} (${scheme})`)
    }
  })

test('the sitemap lists each page in every language with its alternates', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text()
  expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
  const entry = xml
    .match(/<url>[\s\S]*?<\/url>/g)!
    .find((url) => url.includes(`/fr/projects/${project.id}-`))
  expect(entry).toBeDefined()
  for (const lang of ['en', 'fr', 'ar', 'x-default']) expect(entry).toContain(`hreflang="${lang}"`)
})
