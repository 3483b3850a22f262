// Issue 23 (docs/PRODUCT.md §17): the public pages count a visit once, a
// click on 'Live demo' is counted and shows in the owner's charts, a browser
// that says Do Not Track or Global Privacy Control is not, nor a known robot,
// and nothing is left in the browser (no cookie, no storage entry). Then the
// owner's Visitors screen, in both themes, for the README.
import type { APIRequestContext, BrowserContextOptions, Page } from '@playwright/test'
import type { VisitStats } from '../../supabase/functions/_shared/contract/responses'
import { ownerState } from '@test-support/e2e/env'
import { expect, test } from '@test-support/e2e/fixtures'
import { API, ownerSession } from '@test-support/e2e/journeys'
import { saveScreenshot } from '@test-support/e2e/screenshots'

const tag = () => `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`

async function stats(request: APIRequestContext): Promise<VisitStats> {
  const { accessToken } = await ownerSession(request)
  const res = await request.get(`${API}/stats?days=7`, {
    headers: { authorization: `Bearer ${accessToken}` },
  })
  expect(res.status()).toBe(200)
  return (await res.json()) as VisitStats
}

const campaignVisits = (seen: VisitStats, name: string) =>
  seen.campaigns.find((c) => c.name === name)?.visits ?? 0

/** The next beacon the page sends to POST /events, and the answer it got. */
const nextBeacon = (page: Page, type: 'view' | 'click') =>
  page.waitForResponse(
    (res) =>
      res.url().endsWith(`${API}/events`) &&
      res.request().method() === 'POST' &&
      (res.request().postData() ?? '').includes(`"type":"${type}"`),
  )

test.describe('a visitor', () => {
  test('is counted once per page view, and a click on Live demo is counted; no cookie, no storage; the owner sees both in the charts', async ({
    page,
    context,
    request,
    browser,
  }) => {
    const { accessToken } = await ownerSession(request)
    const name = `Counted ${tag()}`
    const created = await request.post(`${API}/projects`, {
      headers: { authorization: `Bearer ${accessToken}` },
      data: {
        name,
        description: 'A project whose demo people open.',
        isActive: true,
        liveUrl: 'https://demo.example.com/',
      },
    })
    expect(created.status()).toBe(201)
    const project = (await created.json()) as { id: number }

    const campaign = tag()
    const view = nextBeacon(page, 'view')
    await page.goto(`/?utm_campaign=${campaign}`)
    expect((await view).status()).toBe(204)
    // Only the load's beacon: give a second one the time to show up, were there one.
    await page.waitForTimeout(1500)
    expect(campaignVisits(await stats(request), campaign)).toBe(1)

    const before = await stats(request)
    const liveClicks = (seen: VisitStats) =>
      seen.clicks.find((c) => c.target === 'live')?.count ?? 0
    const onProject = nextBeacon(page, 'view')
    await page.goto(`/projects/${project.id}`)
    await onProject
    const click = nextBeacon(page, 'click')
    const popup = context.waitForEvent('page')
    await page.getByRole('link', { name: 'Live demo' }).click()
    expect((await click).status()).toBe(204)
    await (await popup).close()
    const after = await stats(request)
    expect(liveClicks(after)).toBe(liveClicks(before) + 1)
    expect(after.projects.find((p) => p.id === project.id)?.views).toBe(1)

    expect(await context.cookies()).toEqual([])
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0])

    // The owner's Visitors screen: each chart's table holds what was just counted.
    const owner = await browser.newContext({ storageState: ownerState })
    const admin = await owner.newPage()
    await admin.goto('/admin/visitors')
    const table = async (title: string) => {
      await admin
        .locator('[data-slot="card"], .rounded-xl')
        .filter({ has: admin.getByRole('heading', { name: title }) })
        .getByRole('button', { name: 'Show table' })
        .click()
      return admin.getByRole('table', { name: title })
    }
    const projects = await table('Top projects')
    await expect(
      projects.getByRole('row').filter({ hasText: name }).getByRole('cell').last(),
    ).toHaveText('1')
    const clicks = await table('Clicks per link')
    await expect(
      clicks.getByRole('row').filter({ hasText: 'Live demo' }).getByRole('cell').last(),
    ).toHaveText(liveClicks(after).toLocaleString('en-US'))
    await owner.close()
  })

  const uncounted: { who: string; options: BrowserContextOptions }[] = [
    { who: 'who sends Do Not Track', options: { extraHTTPHeaders: { DNT: '1' } } },
    { who: 'who sends Global Privacy Control', options: { extraHTTPHeaders: { 'Sec-GPC': '1' } } },
    {
      who: 'that is a known robot',
      options: {
        userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      },
    },
  ]
  for (const { who, options } of uncounted)
    test(`${who} is not counted`, async ({ browser, request }) => {
      const context = await browser.newContext(options)
      const page = await context.newPage()
      const campaign = tag()
      const view = nextBeacon(page, 'view')
      await page.goto(`/?utm_campaign=${campaign}`)
      expect((await view).status()).toBe(204)
      expect(campaignVisits(await stats(request), campaign)).toBe(0)
      await context.close()
    })

  test('whose browser says Do Not Track sends nothing at all', async ({ browser }) => {
    const context = await browser.newContext()
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }),
    )
    const page = await context.newPage()
    const sent: string[] = []
    page.on('request', (req) => {
      if (req.url().endsWith('/events')) sent.push(req.url())
    })
    await page.goto('/')
    await page.waitForLoadState('load')
    await page.waitForTimeout(2000)
    expect(sent).toEqual([])
    await context.close()
  })
})

test.describe('the owner', () => {
  test.use({ storageState: ownerState })

  for (const theme of ['light', 'dark'] as const) {
    test(`sees the Visitors screen (${theme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme })
      await page.addInitScript((mode) => localStorage.setItem('theme-mode', mode), theme)
      await page.goto('/admin/visitors')
      await expect(page.getByRole('heading', { name: 'Visitors', level: 1 })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Top referrers' })).toBeVisible()
      await expect(page.locator('[data-chart] svg').first()).toBeVisible()
      const perDay = page.locator('[data-slot="card"], .rounded-xl').filter({
        has: page.getByRole('heading', { name: 'Visitors and views per day' }),
      })
      await saveScreenshot(page, `visitors-journey-${theme}-desktop`)
      await perDay.getByRole('button', { name: 'Show table' }).click()
      await expect(perDay.getByRole('table')).toBeVisible()
    })
  }
})
