// Issue 12 (docs/PRODUCT.md §15): images made light in the owner's browser,
// and every project on its own page. The canvas work (prepare-image.ts) is
// proven here, in real Chromium; its decisions have unit tests.
import type { Page } from '@playwright/test'
import type { Project } from '../../supabase/functions/_shared/contract/responses'
import { expectAccessible } from '@test-support/e2e/axe'
import { waitForHydration } from '@test-support/e2e/hydration'
import { ownerState } from '@test-support/e2e/env'
import { expect, test } from '@test-support/e2e/fixtures'
import { jpegFromCanvas, pngGradient, writeTempFiles } from '@test-support/e2e/images'
import { API, ownerSession, unique } from '@test-support/e2e/journeys'
import { saveScreenshot } from '@test-support/e2e/screenshots'

/** The pixels of an image the server serves, as the browser decodes them. */
const naturalSize = (page: Page, url: string) =>
  page.evaluate(async (src) => {
    const img = new Image()
    img.src = src
    await img.decode()
    return { width: img.naturalWidth, height: img.naturalHeight }
  }, url)

test.describe('the owner', () => {
  test.use({ storageState: ownerState })

  test('uploads a 3200 x 2400 PNG: the stored file is a WebP at most 2560 px wide, with a card copy', async ({
    page,
  }) => {
    const name = unique('E2E Big Screenshot')
    const [big] = writeTempFiles({
      'big.png': pngGradient(3200, 2400, [236, 72, 153], [14, 165, 233]),
    })
    await page.goto('/admin/projects/new')
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Description').fill('A project whose screenshot is far too large.')
    const gallery = page.getByLabel('Project images').and(page.locator('input[type="file"]'))
    await gallery.setInputFiles(big!)
    const item = page.getByRole('list', { name: 'Project images' }).getByRole('listitem')
    await expect(item).toHaveCount(1)
    // Before and after, as the owner sees them.
    await expect(item).toContainText(/→ .*\(WEBP, 2560 × 1920\)/)
    await item.getByLabel('Alternative text for image 1').fill('The whole sky at once')
    await page.getByRole('button', { name: 'Create Project' }).click()
    await expect(page).toHaveURL('/admin/projects')

    const projects = (await (await page.request.get(`${API}/projects`)).json()) as Project[]
    const project = projects.find((p) => p.name === name)!
    const [stored] = project.images
    const file = await page.request.get(stored!)
    expect(file.headers()['content-type']).toBe('image/webp')
    const bytes = await file.body()
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF')
    expect(bytes.subarray(8, 12).toString('ascii')).toBe('WEBP')
    expect(await naturalSize(page, stored!)).toEqual({ width: 2560, height: 1920 })

    const [details] = project.imageDetails
    expect(details).toMatchObject({
      url: stored,
      alt: 'The whole sky at once',
      width: 2560,
      height: 1920,
    })
    expect(await naturalSize(page, details!.cardUrl!)).toEqual({ width: 640, height: 480 })
  })
})

test.describe('a visitor', () => {
  let project: Project
  let inactiveId: number

  test.beforeAll(async ({ playwright, browser }) => {
    // Real uploads of real-looking screenshots, arranged through the API.
    const request = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
    })
    const page = await browser.newPage()
    const shots = [
      await jpegFromCanvas(page, 1600, 1000, 'Dashboard'),
      await jpegFromCanvas(page, 1600, 1000, 'Map view'),
      await jpegFromCanvas(page, 1600, 1000, 'Settings'),
    ]
    await page.close()
    const { accessToken } = await ownerSession(request)
    const headers = { Authorization: `Bearer ${accessToken}` }
    const urls: string[] = []
    for (const [index, bytes] of shots.entries()) {
      const res = await request.post(`${API}/uploads/image`, {
        headers,
        multipart: { file: { name: `shot-${index}.jpg`, mimeType: 'image/jpeg', buffer: bytes } },
      })
      urls.push(((await res.json()) as { url: string }).url)
    }
    const created = await request.post(`${API}/projects`, {
      headers,
      data: {
        name: unique('Skyline Atlas'),
        description:
          'A field guide to city skylines, built for walking tours.\n\nIt works offline, draws its maps from open data and keeps each tour on the phone.\nEvery building links to its history.',
        startYear: new Date().getFullYear(),
        liveUrl: 'https://skyline.example.com',
        githubUrl: 'https://github.com/example/skyline',
        thumbnail: urls[0],
        images: urls.slice(1),
        imageDetails: [
          { url: urls[0], alt: 'The tour dashboard', width: 1600, height: 1000 },
          { url: urls[1], alt: 'A map of the old town', width: 1600, height: 1000 },
          { url: urls[2], alt: 'Offline settings', width: 1600, height: 1000 },
        ],
      },
    })
    expect(created.status()).toBe(201)
    project = (await created.json()) as Project
    const hidden = await request.post(`${API}/projects`, {
      headers,
      data: { name: unique('Unpublished'), description: 'Not yet.', isActive: false },
    })
    inactiveId = ((await hidden.json()) as Project).id
    await request.dispose()
  })

  test('opens a project from its card, walks the gallery by keyboard, reloads, and Escape returns to the card', async ({
    page,
  }) => {
    await page.goto('/')
    const cardLink = page.getByRole('link', { name: project.name, exact: true })
    await cardLink.scrollIntoViewIfNeeded()
    const cardImage = page.getByRole('img', { name: 'The tour dashboard' })
    await expect(cardImage).toHaveAttribute('loading', 'lazy')
    await expect(cardImage).toHaveAttribute('decoding', 'async')
    await expect(cardImage).toHaveAttribute('width', '1600')
    await cardLink.click()

    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}-skyline-atlas-`))
    await expect(page.getByRole('heading', { level: 1, name: project.name })).toBeVisible()
    await expect(page).toHaveTitle(`${project.name} | Projects`)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'A field guide to city skylines, built for walking tours.',
    )
    await expect(page.getByText('It works offline')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Live demo' })).toHaveAttribute(
      'href',
      'https://skyline.example.com',
    )

    const position = page.getByText(/^Image \d of 3$/)
    await expect(position).toHaveText('Image 1 of 3')
    await expect(position).toHaveAttribute('aria-live', 'polite')
    await page.keyboard.press('ArrowRight')
    await expect(position).toHaveText('Image 2 of 3')
    await expect(
      page.getByRole('region', { name: 'Project images' }).getByRole('img', {
        name: 'A map of the old town',
      }),
    ).toBeVisible()
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await expect(position).toHaveText('Image 3 of 3')

    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: project.name })).toBeVisible()
    // The server's HTML shows at once; keys work once the page's code has taken it over.
    await waitForHydration(page, 'h1')

    await page.keyboard.press('Escape')
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('link', { name: project.name, exact: true })).toBeFocused()
  })

  test('an unknown or inactive project shows the not-found text', async ({ page }) => {
    await page.goto('/projects/999999-nothing')
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await page.goto(`/projects/${inactiveId}`)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await page.goto('/projects/not-a-number')
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  })

  test('the project page is accessible in both themes; screenshots in light, dark and on a phone (test-results)', async ({
    page,
  }) => {
    await page.goto(`/projects/${project.id}`)
    const heading = page.getByRole('heading', { level: 1, name: project.name })
    await expect(heading).toBeVisible()
    await waitForHydration(page, 'h1')
    const main = page.getByRole('region', { name: 'Project images' }).getByRole('img').first()
    await expect.poll(() => main.evaluate((el: HTMLImageElement) => el.complete)).toBe(true)
    await expectAccessible(page, 'project page, light')
    await saveScreenshot(page, 'project-page-light', { fullPage: true })

    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    await expect(page.locator('html')).toHaveClass(/dark/)
    await expectAccessible(page, 'project page, dark')
    await saveScreenshot(page, 'project-page-dark', { fullPage: true })

    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('button', { name: 'Switch to light theme' }).click()
    await expect(heading).toBeVisible()
    await saveScreenshot(page, 'project-page-phone', { fullPage: true })
  })
})
