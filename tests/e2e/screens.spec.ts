// Every screen, in light and dark: an axe scan (no serious or critical
// violation) and screenshots at desktop (1280) and phone (390) width, written
// to test-results/screenshots/<screen>-<theme>-<desktop|phone>.png.
import type { Page } from '@playwright/test'
import { expectAccessible } from '@test-support/e2e/axe'
import { ownerState } from '@test-support/e2e/env'
import { expect, test } from '@test-support/e2e/fixtures'
import { API, dataLoaded, ownerSession } from '@test-support/e2e/journeys'
import { saveScreenshot } from '@test-support/e2e/screenshots'
import { DEMO_POST, demoPostPayload } from '@test-support/demo-post'
import { THEMES as THEMES_OF_THE_SITE } from '../../supabase/functions/_shared/contract/appearance'

const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }
const THEMES = ['light', 'dark'] as const

interface Screen {
  name: string
  /** Navigates and opens whatever the screen shows (a dialog, a drawer). */
  open: (page: Page) => Promise<void>
  fullPage?: boolean
  /** Drawers exist on phones only: scanned and shot at phone width. */
  phoneOnly?: boolean
}

/** Lazy images load as they near the viewport: scroll through once so the full-page shot has them all. */
async function loadWholePage(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y)
      await new Promise((resolve) => setTimeout(resolve, 60))
    }
    await Promise.all(
      [...document.images].map((img) =>
        img.complete
          ? null
          : new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true })
              img.addEventListener('error', resolve, { once: true })
            }),
      ),
    )
    window.scrollTo(0, 0)
  })
  await page.waitForFunction(() => [...document.images].every((img) => img.complete))
}

async function openHeading(page: Page, path: string, heading: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
  await dataLoaded(page)
}

const publicScreens: Screen[] = [
  {
    name: 'public',
    fullPage: true,
    open: async (page) => {
      await page.goto('/')
      await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible()
      await loadWholePage(page)
    },
  },
  {
    name: 'public-drawer',
    phoneOnly: true,
    open: async (page) => {
      await page.goto('/')
      await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible()
      await page.getByRole('button', { name: 'Open menu' }).click()
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
    },
  },
  {
    // The CV to read and print (docs/PRODUCT.md §21), built from the seeded story.
    name: 'public-cv',
    fullPage: true,
    open: async (page) => {
      await page.goto('/cv')
      await expect(page.getByRole('heading', { name: 'Experience', level: 2 })).toBeVisible()
      await expect(page.getByText('Northwind Logistics').first()).toBeVisible()
    },
  },
  {
    // A seeded project's own page (docs/PRODUCT.md §13), reached from the portfolio.
    name: 'project-page',
    fullPage: true,
    open: async (page) => {
      await page.goto('/')
      await page
        .getByRole('link', { name: /^Harbor/ })
        .first()
        .click()
      await expect(page.getByRole('heading', { level: 1, name: /^Harbor/ })).toBeVisible()
      await loadWholePage(page)
    },
  },
  {
    // A post's page (docs/PRODUCT.md §26): the demo post about Harbor, highlighted code and an image.
    name: 'post-page',
    fullPage: true,
    open: async (page) => {
      await page.goto(`/writing/${DEMO_POST.slug}`)
      await expect(page.getByRole('heading', { level: 1, name: DEMO_POST.title })).toBeVisible()
      await expect(page.locator('code.hljs .hljs-keyword').first()).toBeVisible()
      await loadWholePage(page)
    },
  },
  {
    name: 'not-found',
    open: async (page) => {
      await page.goto('/no/such/page')
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    },
  },
  {
    name: 'login',
    open: async (page) => {
      await page.goto('/admin/login')
      await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
    },
  },
  {
    name: 'login-error',
    open: async (page) => {
      await page.goto('/admin/login')
      await page.getByRole('button', { name: 'Login' }).click()
      await expect(page.getByText('Password is required')).toBeVisible()
    },
  },
]

const adminScreens: Screen[] = [
  {
    // The Appearance screen (docs/PRODUCT.md §27), its preview showing the real page.
    name: 'admin-appearance',
    fullPage: true,
    open: async (page) => {
      // The frame loads the whole public page at each of the four shots.
      test.slow()
      await openHeading(page, '/admin/appearance', 'Appearance')
      const frame = page.frameLocator('iframe[title="Preview of your public page"]')
      await expect(frame.locator('#portfolio')).toBeVisible()
    },
  },
  {
    // The guided dashboard of an install with the demo (docs/PRODUCT.md §28):
    // "Make it yours" with the first steps, then the demo content card.
    name: 'admin-dashboard',
    open: async (page) => {
      await openHeading(page, '/admin/dashboard', 'Dashboard')
      await expect(page.getByRole('region', { name: 'Make it yours' })).toBeVisible()
      await expect(
        page.getByRole('region', { name: 'Demo content' }).getByRole('button', {
          name: 'Remove the demo content',
        }),
      ).toBeVisible()
      await expect(page.getByText(/^\d+% of total$/)).toBeVisible()
    },
  },
  {
    // The Profile screen (docs/PRODUCT.md §2.10), filled in as an owner would
    // and not saved, so the tour's other pictures keep the demo's profile.
    name: 'admin-profile',
    open: async (page) => {
      await openHeading(page, '/admin/profile', 'Profile')
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Jordan Avery')
      await page.getByLabel('Headline').fill('Full-stack developer, TypeScript and PostgreSQL')
      await page.getByLabel('Location').fill('Utrecht, Netherlands')
      await page
        .getByLabel('Bio')
        .fill(
          'I build fast, accessible web products end to end, from the schema to the last pixel.',
        )
      await page.getByLabel('Availability', { exact: true }).selectOption('open')
      await page.getByLabel('Availability note').fill('from March')
      await page.getByLabel('Booking link').fill('https://cal.example.com/jordan')
      // The top of the form, nothing focused: as the owner sees it before saving.
      await page.evaluate(() => {
        ;(document.activeElement as HTMLElement | null)?.blur()
        window.scrollTo(0, 0)
        document.querySelector('main')?.scrollTo(0, 0)
      })
    },
  },
  {
    name: 'admin-drawer',
    phoneOnly: true,
    open: async (page) => {
      await openHeading(page, '/admin/dashboard', 'Dashboard')
      await page.getByRole('button', { name: 'Open menu' }).click()
      await expect(page.getByRole('dialog', { name: 'Admin menu' })).toBeVisible()
    },
  },
  { name: 'admin-projects', open: (page) => openHeading(page, '/admin/projects', 'Projects') },
  {
    name: 'admin-project-delete-confirm',
    open: async (page) => {
      await openHeading(page, '/admin/projects', 'Projects')
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click()
      await expect(page.getByRole('alertdialog')).toContainText(
        'Are you sure you want to delete this project?',
      )
    },
  },
  {
    name: 'admin-project-new',
    open: async (page) => {
      await openHeading(page, '/admin/projects/new', 'Add New Project')
      await expect(page.getByRole('checkbox').first()).toBeVisible()
    },
  },
  {
    name: 'admin-project-edit',
    open: async (page) => {
      await openHeading(page, '/admin/projects', 'Projects')
      await page.getByRole('link', { name: /^Edit Harbor/ }).click()
      await expect(page.getByRole('heading', { name: 'Edit Project' })).toBeVisible()
      await expect(page.getByLabel('Name')).toHaveValue(/Harbor/)
      await page.waitForFunction(() => [...document.images].every((img) => img.complete))
    },
  },
  {
    name: 'admin-technologies',
    open: (page) => openHeading(page, '/admin/technologies', 'Technologies'),
  },
  {
    name: 'admin-technology-new',
    open: async (page) => {
      await openHeading(page, '/admin/technologies/new', 'Add New Technology')
      await page.getByLabel('Quick select a common technology').selectOption('TypeScript')
      await expect(page.getByRole('img', { name: 'Icon preview' })).toBeVisible()
    },
  },
  {
    name: 'admin-certifications',
    open: (page) => openHeading(page, '/admin/certifications', 'Certifications'),
  },
  {
    name: 'admin-certification-new',
    open: (page) => openHeading(page, '/admin/certifications/new', 'Add New Certification'),
  },
  {
    name: 'admin-experience',
    open: async (page) => {
      await openHeading(page, '/admin/experience', 'Experience')
      await expect(page.getByRole('heading', { name: 'Import résumé' })).toBeVisible()
    },
  },
  {
    name: 'admin-experience-new',
    open: (page) => openHeading(page, '/admin/experience/new', 'Add New Experience'),
  },
  {
    // The plan a résumé file gets before anything is written (docs/PRODUCT.md §20).
    name: 'admin-resume-plan',
    open: async (page) => {
      await openHeading(page, '/admin/experience', 'Experience')
      const panel = page.getByRole('region', { name: 'Import résumé' })
      await panel.getByLabel('JSON Resume file').setInputFiles({
        name: 'resume.json',
        mimeType: 'application/json',
        buffer: Buffer.from(
          JSON.stringify({
            basics: { name: 'Jordan Avery' },
            work: [
              {
                name: 'Northwind Logistics',
                position: 'Senior Full-Stack Engineer',
                startDate: '2022-03',
              },
              {
                name: 'Screens Ltd',
                position: 'Consultant',
                startDate: '2016-01',
                endDate: '2017-08',
              },
            ],
            skills: [{ name: 'TypeScript' }, { name: 'Rust' }],
          }),
        ),
      })
      await expect(panel.getByRole('table')).toBeVisible()
      await expect(panel.getByRole('button', { name: 'Import' })).toBeVisible()
    },
  },
  {
    name: 'admin-education',
    open: async (page) => {
      await openHeading(page, '/admin/education', 'Education')
      await expect(page.getByText('Utrecht University of Applied Sciences')).toBeVisible()
    },
  },
  {
    name: 'admin-education-new',
    open: (page) => openHeading(page, '/admin/education/new', 'Add New Education'),
  },
  {
    name: 'admin-configurations',
    open: (page) => openHeading(page, '/admin/configurations', 'Configurations'),
  },
  {
    name: 'admin-configuration-dialog',
    open: async (page) => {
      await openHeading(page, '/admin/configurations', 'Configurations')
      await page.getByRole('button', { name: 'Edit heroDescription' }).click()
      await expect(page.getByRole('dialog', { name: 'Edit Configuration' })).toBeVisible()
    },
  },
  { name: 'admin-users', open: (page) => openHeading(page, '/admin/users', 'Users') },
  {
    name: 'admin-user-dialog',
    open: async (page) => {
      await openHeading(page, '/admin/users', 'Users')
      await page.getByRole('button', { name: 'Add New User' }).click()
      await expect(page.getByRole('dialog', { name: 'Add New User' })).toBeVisible()
    },
  },
  {
    name: 'admin-user-edit-dialog',
    open: async (page) => {
      await openHeading(page, '/admin/users', 'Users')
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click()
      await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible()
    },
  },
  {
    name: 'admin-messages',
    open: async (page) => {
      await openHeading(page, '/admin/messages', 'Messages')
      await expect(page.getByRole('article').first()).toBeVisible()
    },
  },
  {
    // The dashboard's lower half: what changed lately and what to fix.
    name: 'admin-dashboard-toolkit',
    open: async (page) => {
      await openHeading(page, '/admin/dashboard', 'Dashboard')
      const health = page.getByRole('heading', { name: 'Health', level: 2 })
      await expect(page.getByRole('heading', { name: 'Recent activity', level: 2 })).toBeVisible()
      await expect(page.getByLabel('Findings by severity')).toBeVisible()
      await health.scrollIntoViewIfNeeded()
    },
  },
  { name: 'admin-backup', open: (page) => openHeading(page, '/admin/backup', 'Backup') },
  {
    // Sessions, passkeys and two-step sign-in (docs/PRODUCT.md §2.12).
    name: 'admin-account',
    fullPage: true,
    open: async (page) => {
      await openHeading(page, '/admin/account', 'Account')
      await expect(page.getByRole('heading', { name: 'Sessions', level: 2 })).toBeVisible()
    },
  },
  {
    // A link per recipient (docs/PRODUCT.md §24), one of them opened once.
    name: 'admin-share-links',
    open: async (page) => {
      await openHeading(page, '/admin/share-links', 'Share links')
      await expect(page.getByRole('row').filter({ hasText: SHARE_LABEL }).first()).toBeVisible()
    },
  },
  {
    name: 'admin-share-link-new',
    fullPage: true,
    open: async (page) => {
      await openHeading(page, '/admin/share-links/new', 'New share link')
      await page.getByLabel('Label').fill('Backend role at Northwind')
      await page.getByRole('checkbox', { name: /^Tempo/ }).check()
      await page.getByRole('checkbox', { name: /^Harbor/ }).check()
      await expect(
        page.getByRole('list', { name: 'Order shown to the recipient' }).getByRole('listitem'),
      ).toHaveCount(2)
    },
  },
  {
    // The address after creation, shown once with Copy link and the preview.
    name: 'admin-share-link-created',
    open: async (page) => {
      await openHeading(page, '/admin/share-links/new', 'New share link')
      await page.getByLabel('Label').fill('Agency, design systems')
      await page.getByRole('checkbox', { name: /^Lumen/ }).check()
      await page.getByRole('button', { name: 'Create share link' }).click()
      await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible()
    },
  },
  {
    // The Markdown editor's Preview (docs/PRODUCT.md §26): a new post, not saved.
    name: 'admin-post-preview',
    open: async (page) => {
      await openHeading(page, '/admin/posts/new', 'Add New Post')
      await page.getByLabel('Title', { exact: true }).fill('Shipping the harbor tracker')
      await page.getByLabel('Body', { exact: true }).fill(POST_BODY)
      await page.getByRole('tab', { name: 'Preview' }).click()
      await expect(page.locator('code.hljs .hljs-keyword').first()).toBeVisible()
    },
  },
  {
    name: 'admin-visitors',
    open: async (page) => {
      await openHeading(page, '/admin/visitors', 'Visitors')
      await expect(page.getByRole('heading', { name: 'Top referrers' })).toBeVisible()
      await expect(page.locator('[data-chart] svg').first()).toBeVisible()
    },
  },
]

/** The post the editor's Preview shows: headings, a list, a quote and highlighted code. */
const POST_BODY = [
  '## What changed',
  '',
  'The tracker now reads **live positions** every ten seconds:',
  '',
  '- berths update without a reload',
  '- late ships are flagged in the list',
  '',
  '> Small steps, shipped often.',
  '',
  '```typescript',
  'export async function positions(port: string): Promise<Ship[]> {',
  '  const answer = await fetch(`/api/ports/${port}/ships`)',
  '  return answer.ok ? answer.json() : []',
  '}',
  '```',
].join('\n')

/**
 * A few visits for the Visitors screen: each browser (user agent) counts as one
 * visitor, arriving from a named site. Statistics keep only the page, the
 * referrer's host and a daily hash (docs/PRODUCT.md §17).
 */
const VISITS = [
  {
    browser: 'Firefox/133.0',
    referrer: 'https://news.ycombinator.com/item?id=1',
    pages: ['/', '/cv'],
  },
  { browser: 'Chrome/131.0.0.0', referrer: 'https://news.ycombinator.com/', pages: ['/'] },
  { browser: 'Safari/605.1.15', referrer: 'https://www.linkedin.com/feed/', pages: ['/', '/cv'] },
  { browser: 'Edg/131.0.0.0', referrer: 'https://github.com/', pages: ['/'] },
  { browser: 'OPR/114.0.0.0', referrer: null, pages: ['/'] },
]

/** The share link the tour shows, opened once by a recipient. */
const SHARE_LABEL = 'Recruiter at Northwind'

async function coverScreen(page: Page, screen: Screen) {
  for (const theme of THEMES) {
    // No saved choice in a new context: the system preference decides the theme (docs/PRODUCT.md §4).
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
    await page.setViewportSize(screen.phoneOnly ? PHONE : DESKTOP)
    await screen.open(page)
    await expect(page.locator('html')).toHaveClass(
      theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    )
    await expectAccessible(page, `${screen.name} (${theme})`)
    if (screen.phoneOnly) {
      await saveScreenshot(page, `${screen.name}-${theme}-phone`)
      continue
    }
    await saveScreenshot(page, `${screen.name}-${theme}-desktop`, { fullPage: screen.fullPage })
    await page.setViewportSize(PHONE)
    if (screen.fullPage) await loadWholePage(page)
    await page.waitForTimeout(150)
    await saveScreenshot(page, `${screen.name}-${theme}-phone`, { fullPage: screen.fullPage })
  }
}

/** The themes (docs/PRODUCT.md §27), each photographed on the demo's home page for the README. */
const SITE_THEMES = THEMES_OF_THE_SITE.map((theme) => theme.id)

test.describe('the home page in each theme', () => {
  test('photographed at 1280 px, light; the look put back', async ({ page, request }) => {
    test.setTimeout(120_000)
    const { accessToken } = await ownerSession(request)
    const headers = { Authorization: `Bearer ${accessToken}` }
    const read = await request.get(`${API}/appearance`, { headers })
    const before = (await read.json()) as Record<string, unknown>
    let version = read.headers()['etag'] ?? ''
    const put = async (data: Record<string, unknown>) => {
      const res = await request.put(`${API}/appearance`, {
        data,
        headers: { ...headers, 'If-Match': version },
      })
      expect(res.status()).toBe(200)
      version = res.headers()['etag'] ?? ''
    }
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
    await page.setViewportSize(DESKTOP)
    try {
      for (const theme of SITE_THEMES) {
        await put({ theme })
        await page.goto('/')
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        await expect(page.locator('#portfolio')).toBeVisible()
        await saveScreenshot(page, `theme-${theme}-light-desktop`)
      }
    } finally {
      const { theme, accent, font, sections } = before
      await put({ theme, accent, font, sections })
    }
  })
})

test.describe('every screen is accessible and photographed, light and dark', () => {
  test.describe('public', () => {
    test.beforeAll(async ({ request }) => {
      // The post the post page shows, once per database (an earlier run may have made it).
      const found = await request.get(`${API}/posts/slug/${DEMO_POST.slug}`)
      if (found.ok()) return
      const { accessToken } = await ownerSession(request)
      const headers = { Authorization: `Bearer ${accessToken}` }
      const read = async (resource: string) =>
        (await (await request.get(`${API}/${resource}`, { headers })).json()) as {
          id: number
          name: string
        }[]
      const made = await request.post(`${API}/posts`, {
        headers,
        data: demoPostPayload(await read('projects'), await read('technologies')),
      })
      // Another worker's beforeAll may have made it meanwhile (its slug is taken: 409).
      if (made.status() !== 201)
        expect((await request.get(`${API}/posts/slug/${DEMO_POST.slug}`)).ok()).toBe(true)
    })

    for (const screen of publicScreens) test(screen.name, ({ page }) => coverScreen(page, screen))
  })

  test.describe('back office', () => {
    test.use({ storageState: ownerState })

    test.beforeAll(async ({ request }) => {
      // The inbox shows at least one message whichever file ran first (a 429
      // means an earlier attempt of this file already sent it).
      const sent = await request.post('/functions/v1/api/contact', {
        data: {
          name: 'Robin Example',
          email: 'robin@example.com',
          message:
            'Hi! I saw your portfolio and would love to chat about a dashboard for our team.',
          website: '',
        },
      })
      expect([201, 429]).toContain(sent.status())
      for (const visit of VISITS) {
        for (const [index, path] of visit.pages.entries()) {
          const answer = await request.post('/functions/v1/api/events', {
            headers: { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) ${visit.browser}` },
            data: { type: 'view', path, referrer: index === 0 ? visit.referrer : null },
          })
          expect(answer.status()).toBe(204)
        }
      }
      // A share link with two seeded projects, opened once from a browser.
      const { accessToken } = await ownerSession(request)
      const headers = { Authorization: `Bearer ${accessToken}` }
      const projects = (await (await request.get(`${API}/projects`, { headers })).json()) as {
        id: number
        name: string
      }[]
      const chosen = ['Tempo', 'Harbor'].map((name) =>
        projects.find((p) => p.name.startsWith(name)),
      )
      const link = await request.post(`${API}/share-links`, {
        headers,
        data: {
          label: SHARE_LABEL,
          projectIds: chosen.map((p) => p!.id),
          note: 'The two projects closest to the backend role.',
          expiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
        },
      })
      expect(link.status()).toBe(201)
      const { token } = (await link.json()) as { token: string }
      const view = await request.post(`${API}/shared/${token}/views`, {
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' },
        data: {},
      })
      expect(view.status()).toBe(204)
    })

    for (const screen of adminScreens) test(screen.name, ({ page }) => coverScreen(page, screen))
  })
})
