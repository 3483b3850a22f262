// Server-rendered public pages in Chromium (docs/decisions/023): the browser
// takes over the server's markup without a hydration error in either theme and
// at phone width, and a visitor without JavaScript still reads the portfolio,
// follows its links and opens a project.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ConsoleMessage, Page } from '@playwright/test'
import type { Project } from '../../supabase/functions/_shared/contract/responses'
import { expectAccessible } from '@test-support/e2e/axe'
import { freePort } from '@test-support/free-port'
import { waitForHydration } from '@test-support/e2e/hydration'
import { expect, newContext, test } from '@test-support/e2e/fixtures'

async function firstProject(page: Page): Promise<Project> {
  const response = await page.request.get('/functions/v1/api/projects?limit=1')
  expect(response.ok()).toBe(true)
  const [project] = (await response.json()) as Project[]
  return project!
}

const consoleErrors = (page: Page) => {
  const seen: string[] = []
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') seen.push(message.text())
  })
  return seen
}

for (const colorScheme of ['light', 'dark'] as const)
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])
    test(`hydrates the home page and a project page with no console error (${colorScheme}, ${viewport.width} px)`, async ({
      browser,
    }) => {
      const context = await newContext(browser, { colorScheme, viewport })
      const page = await context.newPage()
      const errors = consoleErrors(page)
      const project = await firstProject(page)

      // The server's HTML already holds the page, before any script runs.
      const html = await (await page.request.get('/')).text()
      expect(html).toContain('id="vitrine-state"')
      // In the markup itself, not only in the state handed to the browser.
      expect(html.slice(0, html.indexOf('id="vitrine-state"'))).toContain(`>${project.name}<`)

      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1 })).toContainText('FULL STACK')
      await waitForHydration(page, 'h1')
      // Hydrated: the page answers a click (the theme toggle, in the drawer on a phone).
      if (viewport.width < 768) {
        await page.getByRole('button', { name: 'Open menu' }).click()
        await expect(page.getByRole('dialog')).toBeVisible()
        await page.keyboard.press('Escape')
      } else {
        const toggle = page.getByRole('button', { name: /Switch to (dark|light) theme/ }).first()
        // The server cannot know the visitor's theme, so its markup names the
        // light one; the browser's own choice replaces it right after hydration.
        // Read the label only once it reflects that choice.
        const other = colorScheme === 'dark' ? 'light' : 'dark'
        await expect(toggle).toHaveAttribute('aria-label', `Switch to ${other} theme`)
        await toggle.click()
        await expect(toggle).toHaveAttribute('aria-label', `Switch to ${colorScheme} theme`)
      }
      await expect(page.getByText('Sending a message here needs JavaScript.')).toBeHidden()

      await page.goto(`/projects/${project.id}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.name)
      await expect(page).toHaveTitle(`${project.name} | Projects`)
      await page.waitForLoadState('networkidle')
      expect(errors).toEqual([])
      await context.close()
    })

// Production React does not report attributes that differ between the server's
// markup and the first client render; the development build does. So the same
// pages go through `npm run dev` (Vite's SSR, the sources as they are), on an
// embedded database of its own, in both themes.
test('npm run dev serves the same pages, and they hydrate without a warning', async ({
  browser,
}) => {
  // It brings its own database, so the run on PostgreSQL would only repeat it.
  test.skip(Boolean(process.env.E2E_DATABASE_URL?.trim()), 'run once, in the PGlite pass')
  test.setTimeout(120_000)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-dev-'))
  const port = await freePort()
  const dev = spawn('npx', ['tsx', 'server/dev.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  dev.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()))
  dev.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const origin = `http://127.0.0.1:${port}`
  try {
    await expect
      .poll(
        () =>
          fetch(`${origin}/functions/v1/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        {
          timeout: 60_000,
          message: `npm run dev did not start:\n${log}`,
        },
      )
      .toBe(200)
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await newContext(browser, { colorScheme, baseURL: origin })
      const page = await context.newPage()
      const errors = consoleErrors(page)
      const project = await firstProject(page)
      for (const url of ['/', `/projects/${project.id}`]) {
        await page.goto(url)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await waitForHydration(page, 'h1')
        await page.waitForLoadState('networkidle')
      }
      expect(errors, `console of npm run dev (${colorScheme})`).toEqual([])
      await context.close()
    }
  } finally {
    process.kill(-dev.pid!, 'SIGTERM')
    await new Promise((resolve) => dev.once('exit', resolve))
    // The group's leader can exit before the server under it has closed its
    // database: wait until no process of the group is left (10 s at most), and
    // let rm try again if PGlite still wrote a file as it went (ENOTEMPTY).
    for (let i = 0; i < 100; i++) {
      try {
        process.kill(-dev.pid!, 0)
      } catch {
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 })
  }
})

test('without JavaScript the home page reads, its links work, and a project opens', async ({
  browser,
}) => {
  const context = await newContext(browser, { javaScriptEnabled: false })
  const page = await context.newPage()
  const project = await firstProject(page)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('FULL STACK')
  await expect(page.getByRole('heading', { name: 'PORTFOLIO' })).toBeVisible()
  await expect(page.getByText('Sending a message here needs JavaScript.')).toBeVisible()
  await expect(page.getByText('Loading contact form')).toBeHidden()

  await page
    .getByRole('list', { name: 'Projects' })
    .getByRole('link', { name: new RegExp(project.name) })
    .first()
    .click()
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(project.name)
  if (project.thumbnail) await expect(page.locator('main img').first()).toBeVisible()

  const missing = await page.goto('/projects/987654321')
  expect(missing?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await context.close()
})

for (const colorScheme of ['light', 'dark'] as const)
  test(`the server's HTML is accessible before any bundle runs (${colorScheme})`, async ({
    browser,
  }) => {
    const context = await newContext(browser, { colorScheme })
    // The page's own code never arrives: what axe scans is the server's markup (the inline theme script still runs).
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort())
    const page = await context.newPage()
    const project = await firstProject(page)
    for (const [url, name] of [
      ['/', 'home'],
      [`/projects/${project.id}`, 'project page'],
      ['/no-such-page', 'not-found page'],
    ]) {
      await page.goto(url!)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectAccessible(page, `server HTML: ${name} (${colorScheme})`)
    }
    await context.close()
  })

test("an inactive project is the owner's preview, with a banner, and a 404 for visitors", async ({
  page,
  ownerPage,
}) => {
  await ownerPage.goto('/admin/dashboard')
  const token = await ownerPage.evaluate(() => localStorage.getItem('token'))
  const all = await ownerPage.request.get('/functions/v1/api/projects', {
    headers: { authorization: `Bearer ${token}` },
  })
  const hidden = ((await all.json()) as Project[]).find((project) => !project.isActive)
  expect(hidden, 'the demo content has an inactive project').toBeDefined()

  const visitor = await page.goto(`/projects/${hidden!.id}`)
  expect(visitor?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()

  await ownerPage.goto(`/projects/${hidden!.id}`)
  await expect(ownerPage.getByRole('heading', { level: 1 })).toHaveText(hidden!.name)
  await expect(ownerPage.getByRole('status')).toHaveText(
    "Not published: visitors can't see this page",
  )
  await expectAccessible(ownerPage, 'owner preview of an inactive project')
})
