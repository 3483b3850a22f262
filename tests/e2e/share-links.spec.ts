// A share link's page for its recipient (docs/PRODUCT.md §24), on `npm start`:
// the owner makes links through the API; a recipient in a fresh browser sees
// exactly the chosen projects in the chosen order with the note, never
// indexed; an expired link answers 410 with a way to the portfolio; a link
// with a passphrase asks for it (wrong, then right) and its cookie opens the
// server-rendered page afterwards; a view is counted once per visitor and day,
// never the signed-in owner's; no share link is in the sitemap or the home page.
import type { APIRequestContext, ConsoleMessage, Page } from '@playwright/test'
import { expectAccessible } from '@test-support/e2e/axe'
import { waitForHydration } from '@test-support/e2e/hydration'
import { expect, newContext, settleAfterNavigation, test } from '@test-support/e2e/fixtures'
import { API, ownerSession, unique } from '@test-support/e2e/journeys'

interface Link {
  id: number
  token: string
  url: string
}

async function asOwner(request: APIRequestContext) {
  const { accessToken } = await ownerSession(request)
  const headers = { authorization: `Bearer ${accessToken}` }
  return {
    project: async (name: string) => {
      const res = await request.post(`${API}/projects`, {
        headers,
        data: { name, description: `About ${name}.`, isActive: true },
      })
      expect(res.status()).toBe(201)
      return (await res.json()) as { id: number; name: string }
    },
    link: async (data: Record<string, unknown>) => {
      const res = await request.post(`${API}/share-links`, {
        headers,
        data: { label: unique('Recruiter label'), ...data },
      })
      expect(res.status()).toBe(201)
      return (await res.json()) as Link
    },
    languages: async (data?: unknown) => {
      const res = data
        ? await request.put(`${API}/languages`, { headers, data })
        : await request.get(`${API}/languages`)
      expect(res.status()).toBe(200)
      return (await res.json()) as { default: string; languages: string[] }
    },
    patch: async (id: number, data: Record<string, unknown>) =>
      expect((await request.patch(`${API}/share-links/${id}`, { headers, data })).status()).toBe(
        200,
      ),
    views: async (id: number) => {
      const res = await request.get(`${API}/share-links`, { headers })
      expect(res.status()).toBe(200)
      return ((await res.json()) as { id: number; views: number }[]).find((l) => l.id === id)?.views
    },
  }
}

/** The console's errors and warnings (a hydration mismatch is one). */
const consoleErrors = (page: Page) => {
  const seen: string[] = []
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') seen.push(message.text())
  })
  return seen
}

/** The page's view beacon for `token`, and the answer it got. */
const viewBeacon = (page: Page, token: string) =>
  page.waitForResponse(
    (res) =>
      res.url().endsWith(`${API}/shared/${token}/views`) && res.request().method() === 'POST',
  )

test.describe("a share link's recipient", () => {
  test('sees the two chosen projects in the chosen order and the note, never indexed; an expired link says so', async ({
    request,
    browser,
  }) => {
    const owner = await asOwner(request)
    const first = await owner.project(unique('Made first'))
    const second = await owner.project(unique('Made second'))
    const link = await owner.link({
      projectIds: [second.id, first.id],
      note: 'Hello Grace,\nthe two we spoke about.',
    })
    const context = await newContext(browser)
    const page = await context.newPage()
    settleAfterNavigation(page)
    const errors = consoleErrors(page)
    const beacon = viewBeacon(page, link.token)
    const response = await page.goto(`/s/${link.token}`)
    expect(response?.status()).toBe(200)
    expect(response?.headers()['cache-control']).toBe('private, no-store')
    expect(response?.headers()['referrer-policy']).toBe('no-referrer')
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow')
    const projects = page.getByRole('region', { name: 'Projects chosen for you' })
    await expect(projects.getByRole('heading', { level: 3 })).toHaveText([second.name, first.name])
    await expect(page.getByTestId('shared-note')).toHaveText(
      'Hello Grace,\nthe two we spoke about.',
    )
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    )
    expect((await beacon).status()).toBe(204)
    await waitForHydration(page, 'main')
    expect(errors, 'console while hydrating').toEqual([])
    await expectAccessible(page, 'share link page')

    // A second load by the same visitor is not a second view.
    const again = viewBeacon(page, link.token)
    await page.reload()
    expect((await again).status()).toBe(204)
    await expect.poll(() => owner.views(link.id)).toBe(1)
    await page.waitForTimeout(1000)
    expect(await owner.views(link.id)).toBe(1)

    // A chosen project's own page, at the link's address.
    await projects.getByRole('link', { name: second.name }).click()
    await expect(page).toHaveURL(new RegExp(`/s/${link.token}/projects/${second.id}-`))
    await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible()

    await owner.patch(link.id, { expiresAt: '2020-01-01T00:00:00Z' })
    const gone = await page.goto(`/s/${link.token}`)
    expect(gone?.status()).toBe(410)
    await expect(
      page.getByRole('heading', { level: 1, name: 'This link has expired' }),
    ).toBeVisible()
    await expect(page.getByText(second.name)).toHaveCount(0)
    await page.getByRole('link', { name: 'See the portfolio' }).click()
    await expect(page).toHaveURL(/\/$/)
    await context.close()
  })

  test('a passphrase first: a wrong one is refused with a message, the right one opens the page and its cookie', async ({
    request,
    browser,
  }) => {
    const owner = await asOwner(request)
    const project = await owner.project(unique('Behind a passphrase'))
    const link = await owner.link({ projectIds: [project.id], passphrase: 'open sesame' })
    const context = await newContext(browser)
    const page = await context.newPage()
    settleAfterNavigation(page)
    const response = await page.goto(`/s/${link.token}`)
    expect(response?.status()).toBe(401)
    const field = page.getByLabel('Passphrase')
    await expect(page.getByText(project.name)).toHaveCount(0)
    await expectAccessible(page, 'share link passphrase form')

    await field.fill('open sesame!')
    const wrong = page.waitForResponse((res) => res.url().endsWith('/unlock'))
    await page.getByRole('button', { name: 'Open' }).click()
    expect((await wrong).status()).toBe(401)
    await expect(page.getByRole('alert')).toHaveText('Wrong passphrase')
    await expect(field).toHaveAttribute('aria-invalid', 'true')

    await field.fill('open sesame')
    await page.getByRole('button', { name: 'Open' }).click()
    await expect(page.getByRole('heading', { level: 3, name: project.name })).toBeVisible()
    const cookie = (await context.cookies()).find(
      (c) => c.name === 'vitrine_share_pass' && c.path === `/s/${link.token}`,
    )
    expect(cookie?.httpOnly).toBe(true)
    // The server renders the page from then on, with the cookie's pass.
    const reloaded = await page.reload()
    expect(reloaded?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 3, name: project.name })).toBeVisible()
    await context.close()
  })

  test('a link in French is drawn and hydrated in French', async ({ request, browser }) => {
    const owner = await asOwner(request)
    const before = await owner.languages()
    if (!before.languages.includes('fr'))
      await owner.languages({ ...before, languages: [...before.languages, 'fr'] })
    try {
      const project = await owner.project(unique('En français'))
      const link = await owner.link({ projectIds: [project.id], lang: 'fr', showCv: true })
      const context = await newContext(browser)
      const page = await context.newPage()
      settleAfterNavigation(page)
      const errors = consoleErrors(page)
      expect((await page.goto(`/s/${link.token}`))?.status()).toBe(200)
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
      await expect(page.getByRole('heading', { name: 'Projets choisis pour vous' })).toBeVisible()
      await waitForHydration(page, 'main')
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
      expect(errors, 'console while hydrating').toEqual([])
      // The CV it links to is the French one too, at the link's own address.
      const resume = page.waitForRequest((req) => req.url().includes('/resume.json?lang=fr'))
      await page.getByRole('link', { name: 'Voir le CV' }).click()
      await expect(page).toHaveURL(new RegExp(`/s/${link.token}/cv$`))
      await resume
      await context.close()
    } finally {
      await owner.languages(before)
    }
  })

  test("the signed-in owner's own visit is not counted", async ({ request, ownerPage }) => {
    const owner = await asOwner(request)
    const project = await owner.project(unique('Looked at by its owner'))
    const link = await owner.link({ projectIds: [project.id] })
    const beacon = viewBeacon(ownerPage, link.token)
    await ownerPage.goto(`/s/${link.token}`)
    await expect(ownerPage.getByRole('heading', { level: 3, name: project.name })).toBeVisible()
    const sent = await beacon
    expect(sent.status()).toBe(204)
    expect(sent.request().headers()['authorization']).toMatch(/^Bearer /)
    expect(await owner.views(link.id)).toBe(0)
  })

  test('no share link is in the sitemap or on the public home page', async ({ request, page }) => {
    const owner = await asOwner(request)
    const project = await owner.project(unique('Shared only'))
    await owner.link({ projectIds: [project.id] })
    const sitemap = await request.get('/sitemap.xml')
    expect(sitemap.status()).toBe(200)
    expect(await sitemap.text()).not.toContain('/s/')
    const home = await page.goto('/')
    expect(home?.status()).toBe(200)
    expect(await page.content()).not.toContain('/s/')
  })
})
