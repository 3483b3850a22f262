// The public writing pages (docs/PRODUCT.md §26) in real Chromium: a post
// written through the API reads on /writing and its own page, its code
// highlighted by the server's classes in both themes (no highlighter in the
// browser), accessible in both; a draft is not found for a visitor, its
// preview link shows it, and its signed-in owner sees it with a banner.
import type { APIRequestContext } from '@playwright/test'
import { expectAccessible } from '@test-support/e2e/axe'
import { expect, newContext, test } from '@test-support/e2e/fixtures'
import { waitForHydration } from '@test-support/e2e/hydration'
import { API, ownerSession, unique } from '@test-support/e2e/journeys'

async function writePost(request: APIRequestContext, body: Record<string, unknown>) {
  const { accessToken } = await ownerSession(request)
  const headers = { Authorization: `Bearer ${accessToken}` }
  const made = await request.post(`${API}/posts`, { data: body, headers })
  expect(made.status(), await made.text()).toBe(201)
  const post = (await made.json()) as { id: number; slug: string; title: string }
  return { post, headers }
}

const CODE = '```typescript\nconst tide: number = 3 // high water\n```'

test('a published post reads on /writing and its page, its code coloured in both themes', async ({
  page,
  request,
}) => {
  const title = unique('E2E Reading the tides')
  const { post } = await writePost(request, {
    title,
    summary: 'How the harbour reads its water.',
    body: `Some words first.\n\n${CODE}`,
    status: 'published',
  })
  // The page's own chunk is named for the browser to fetch early, beside the entry.
  const html = await (await request.get(`/writing/${post.slug}`)).text()
  expect(html).toMatch(/<meta name="vitrine-preload" content="\/assets\/post-route-[^"]+\.js" \/>/)
  await page.goto('/writing')
  await waitForHydration(page, 'main h1')
  await page.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(`/writing/${post.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByText(/\d+ min read/)).toBeVisible()
  const keyword = page.locator('pre code.hljs.language-typescript .hljs-keyword').first()
  await expect(keyword).toHaveText('const')
  await expect(page.locator('pre code .hljs-comment')).toHaveText('// high water')
  const colour = () => keyword.evaluate((el) => getComputedStyle(el).color)
  expect(await colour()).toBe('rgb(207, 34, 46)')
  await expectAccessible(page, 'post page (light)')

  await waitForHydration(page, 'main h1')
  await page.getByRole('button', { name: 'Switch to dark theme' }).click()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect.poll(colour).toBe('rgb(255, 123, 114)')
  const background = await page
    .locator('.markdown pre')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor)
  expect(background).toBe('rgb(13, 17, 23)')
  await expectAccessible(page, 'post page (dark)')
  await page.goto('/writing')
  await expectAccessible(page, 'writing list (dark)')

  // No Markdown parser or highlighter came to the browser.
  const scripts = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name),
  )
  expect(scripts.filter((name) => /highlight|markdown-it|hljs/i.test(name))).toEqual([])
})

test('a draft is not found for a visitor; its preview link and its signed-in owner see it', async ({
  browser,
  request,
  ownerPage,
}) => {
  const title = unique('E2E Unfinished tides')
  const { post, headers } = await writePost(request, {
    title,
    body: 'Not yet.',
    status: 'draft',
  })
  const visitor = await newContext(browser)
  const page = await visitor.newPage()
  const missing = await page.goto(`/writing/${post.slug}`)
  expect(missing?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await page.goto('/writing')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText(title)).toHaveCount(0)

  const link = await request.post(`${API}/posts/${post.id}/preview-links`, { data: {}, headers })
  expect(link.status()).toBe(201)
  const { url } = (await link.json()) as { url: string }
  const previewed = await page.goto(new URL(url).pathname + new URL(url).search)
  expect(previewed?.status()).toBe(200)
  expect(previewed?.headers()['x-robots-tag']).toBe('noindex')
  expect(previewed?.headers()['cache-control']).toBe('private, no-store')
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('Preview: this post is not published yet')
  await visitor.close()

  await ownerPage.goto(`/writing/${post.slug}`)
  await expect(ownerPage.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(ownerPage.getByRole('status')).toHaveText('Draft: only you can see this')
})
