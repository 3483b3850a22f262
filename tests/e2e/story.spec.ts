// The developer's story (docs/PRODUCT.md §18–§21) in Chromium: the owner adds
// an experience and visitors see it in the public timeline; a JSON Resume is
// imported through its plan; the CV downloads as a PDF and prints in black on
// white from the dark theme, on A4 and Letter. Each test makes its own
// data with a unique name and removes what it added.
import type { Page } from '@playwright/test'
import { ownerState } from '@test-support/e2e/env'
import { expect, newContext, test } from '@test-support/e2e/fixtures'
import { expectAccessible } from '@test-support/e2e/axe'
import { API, ownerSession, row, unique } from '@test-support/e2e/journeys'

test.use({ storageState: ownerState })

test('an experience added in the back office shows in the public timeline', async ({ page }) => {
  const organization = `E2E Org ${Date.now()}`
  await page.goto('/admin/experience')
  await page.getByRole('link', { name: 'Add New Experience' }).click()
  await expect(page.getByRole('heading', { name: 'Add New Experience' })).toBeVisible()
  await expectAccessible(page, 'experience form')
  await page.getByRole('button', { name: 'Create Experience' }).click()
  await expect(page.getByText('Organization is required')).toBeVisible()

  await page.getByLabel('Organization').fill(organization)
  await page.getByLabel('Role').fill('Staff Engineer')
  await page.getByLabel('Start').fill('2023-04')
  await page.getByRole('button', { name: 'Create Experience' }).click()
  await expect(page).toHaveURL('/admin/experience')
  await expect(row(page, `Staff Engineer at ${organization}`)).toBeVisible()
  await expectAccessible(page, 'experience list')

  await page.goto('/')
  const timeline = page.locator('#experience')
  await expect(timeline).toContainText(organization)
  await expect(timeline.locator('time[datetime="2023-04"]').first()).toBeVisible()

  await page.goto('/admin/experience')
  await page.getByRole('button', { name: `Delete Staff Engineer at ${organization}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(row(page, `Staff Engineer at ${organization}`)).toHaveCount(0)
})

test('a résumé imports after its plan, and a second import adds nothing', async ({ page }) => {
  const organization = `E2E Résumé Org ${Date.now()}`
  const institution = `E2E University ${Date.now()}`
  const resume = {
    basics: { name: 'E2E Person' },
    work: [{ name: organization, position: 'Engineer', startDate: '2020-01' }],
    education: [{ institution, studyType: 'BSc', startDate: '2015-09' }],
  }
  const file = {
    name: 'resume.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(resume)),
  }
  await page.goto('/admin/experience')
  const panel = page.getByRole('region', { name: 'Import résumé' })
  await panel.getByLabel('JSON Resume file').setInputFiles(file)
  const plan = panel.getByRole('table')
  await expect(plan.getByRole('row', { name: /Experience/ })).toContainText('1')
  await panel.getByRole('button', { name: 'Import' }).click()
  await expect(panel.getByRole('status')).toHaveText('Imported.')
  await expect(row(page, `Engineer at ${organization}`)).toBeVisible()

  await page.reload()
  await panel.getByLabel('JSON Resume file').setInputFiles(file)
  // Everything is already here: nothing to create.
  await expect(plan.getByRole('row', { name: /Experience/ })).toContainText(
    /^\s*Experience\s*0\s*1\s*0\s*$/,
  )

  await page.getByRole('button', { name: `Delete Engineer at ${organization}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(row(page, `Engineer at ${organization}`)).toHaveCount(0)
  await page.goto('/admin/education')
  await page.getByRole('button', { name: `Delete BSc, ${institution}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(row(page, institution)).toHaveCount(0)
})

test('the public page offers the CV, a PDF with the owner in it', async ({ page }) => {
  await page.goto('/')
  const link = page.getByRole('link', { name: /Download CV/ })
  await expect(link).toBeVisible()
  const download = page.waitForEvent('download')
  await link.click()
  const file = await download
  const bytes = await (
    await file.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks))
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect(file.suggestedFilename()).toMatch(/-cv\.pdf$/)
})

/** Relative luminance (0 black, 1 white) of an element's computed colour, whatever its notation (oklch too). */
function luminance(page: Page, selector: string, property: 'color' | 'backgroundColor') {
  return page.evaluate(
    ([selector, property]) => {
      const context = document.createElement('canvas').getContext('2d')!
      context.fillStyle = getComputedStyle(document.querySelector(selector)!)[property]
      context.fillRect(0, 0, 1, 1)
      const [r, g, b] = [...context.getImageData(0, 0, 1, 1).data].map((v) => {
        const c = v / 255
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
    },
    [selector, property] as const,
  )
}

// A4 and Letter less the CV's @page margins (14 mm each side), in CSS pixels.
const printWidths = {
  A4: Math.floor(((210 - 28) / 25.4) * 96),
  Letter: Math.floor((8.5 - 28 / 25.4) * 96),
}

test('the CV prints black on white from the dark theme, on A4 and Letter without overflow', async ({
  browser,
  request,
}) => {
  const { accessToken } = await ownerSession(request)
  const headers = { Authorization: `Bearer ${accessToken}` }
  const organization = unique('E2E Print Org')
  const url = `https://print.example/${'careers'.repeat(20)}`
  const job = await request.post(`${API}/experiences`, {
    headers,
    data: {
      organization,
      role: 'Engineer',
      startDate: '2021-02',
      url,
      description: `A word too long for any line: ${'x'.repeat(300)}`,
    },
  })
  expect(job.status()).toBe(201)
  const { id } = (await job.json()) as { id: number }

  // A visitor whose system is dark.
  const context = await newContext(browser, { colorScheme: 'dark' })
  const page = await context.newPage()
  try {
    await page.goto('/cv')
    await expect(
      page.getByRole('heading', { level: 3, name: `Engineer, ${organization}` }),
    ).toBeVisible()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    expect(await luminance(page, 'article', 'color')).toBeGreaterThan(0.7) // light text on screen

    await page.emulateMedia({ media: 'print', colorScheme: 'dark' })
    for (const selector of ['body', 'article', 'h1']) {
      expect(await luminance(page, selector, 'color'), `${selector} text`).toBeLessThan(0.05)
    }
    for (const selector of ['body', 'main', 'article']) {
      expect(
        await luminance(page, selector, 'backgroundColor'),
        `${selector} paper`,
      ).toBeGreaterThan(0.95)
    }
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
    // The organization's address follows its name on paper.
    const link = page.getByRole('link', { name: organization })
    expect(await link.evaluate((a) => getComputedStyle(a, '::after').content)).toContain(url)

    for (const [format, width] of Object.entries(printWidths)) {
      await page.setViewportSize({ width, height: 1000 })
      const { scrollWidth, clientWidth } = await page.evaluate(() => {
        const { scrollWidth, clientWidth } = document.documentElement
        return { scrollWidth, clientWidth }
      })
      expect(scrollWidth, `${format}: no horizontal overflow`).toBeLessThanOrEqual(clientWidth)
      const pdf = await page.pdf({ format })
      expect(pdf.subarray(0, 5).toString('latin1'), format).toBe('%PDF-')
    }
  } finally {
    await context.close()
    await request.delete(`${API}/experiences/${id}`, { headers })
  }
})
