// The visitor's journeys on the public page (docs/PRODUCT.md §2 "Public home" and
// "Not-found page"), against the seeded demo portfolio.
import type { Page } from '@playwright/test'
import type { Project } from '../../supabase/functions/_shared/contract/responses'
import { expect, test } from '@test-support/e2e/fixtures'

const projectCards = (page: Page) =>
  page.getByRole('list', { name: 'Projects' }).locator(':scope > li')

/** What a visitor may see, straight from the API (active projects only). */
async function publicProjects(page: Page): Promise<Project[]> {
  const response = await page.request.get('/functions/v1/api/projects')
  expect(response.ok()).toBe(true)
  return (await response.json()) as Project[]
}
const using = (projects: Project[], technology: string) =>
  projects.filter((project) => project.technologies.some((t) => t.name === technology))
/** Cards on screen before 'Show more projects': the first page (docs/decisions/003, 010). */
const firstPage = (projects: Project[]) => Math.min(projects.length, 12)

test.describe('visitor', () => {
  test('the public page shows every section', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('FULL STACK')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('DEVELOPER')
    await expect(page.getByRole('button', { name: 'VIEW MY WORK' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    const sections: [id: string, title: string][] = [
      ['certifications', 'MY CERTIFICATIONS'],
      ['skills', 'SKILLS'],
      ['portfolio', 'PORTFOLIO'],
      ['contact', 'DO YOU HAVE A PROJECT TO DISCUSS?'],
    ]
    for (const [id, title] of sections) {
      const section = page.locator(`section#${id}`)
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(title)
      await expect(
        page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: new RegExp(id, 'i') }),
      ).toHaveAttribute('href', `#${id}`)
    }
    // Seed: three active certifications (the inactive one is hidden from visitors), dated in long US English.
    await expect(page.locator('#certifications')).toContainText('May 2023')
    await expect(page.locator('#certifications')).not.toContainText('MongoDB Associate Developer')
    await expect(page.locator('#skills')).toContainText('TypeScript')
    const projects = await publicProjects(page)
    expect(projects.every((project) => project.isActive)).toBe(true)
    await expect(projectCards(page)).toHaveCount(firstPage(projects))
    // Seed: 'Atlas CLI' is inactive, so visitors never see it.
    await expect(page.locator('#portfolio')).not.toContainText('Atlas CLI')
    await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toContainText('Jordan Avery')

    // 'VIEW MY WORK' scrolls to the portfolio.
    await page.getByRole('button', { name: 'VIEW MY WORK' }).click()
    await expect(page.locator('#portfolio-title')).toBeInViewport()
  })

  test('the theme toggle switches to dark and the choice survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/')
    const html = page.locator('html')
    await expect(html).not.toHaveClass(/dark/)
    await page.getByRole('button', { name: 'Switch to dark theme' }).click()
    await expect(html).toHaveClass(/dark/)
    expect(await page.evaluate(() => localStorage.getItem('theme-mode'))).toBe('dark')
    await page.reload()
    await expect(html).toHaveClass(/dark/)
    await page.getByRole('button', { name: 'Switch to light theme' }).click()
    await expect(html).not.toHaveClass(/dark/)
    await page.reload()
    await expect(html).not.toHaveClass(/dark/)
  })

  test('a technology chip filters the projects and a second click clears the filter', async ({
    page,
  }) => {
    await page.goto('/')
    const filter = page.getByRole('group', { name: 'Filter by technology:' })
    const projects = await publicProjects(page)
    await expect(projectCards(page)).toHaveCount(firstPage(projects))
    const python = filter.getByRole('button', { name: 'Python' })
    await python.click()
    await expect(python).toHaveAttribute('aria-pressed', 'true')
    await expect(projectCards(page)).toHaveCount(firstPage(using(projects, 'Python')))
    await expect(projectCards(page).first()).toContainText('Tempo — Booking API')

    const go = filter.getByRole('button', { name: 'Go', exact: true })
    await go.click()
    await expect(python).toHaveAttribute('aria-pressed', 'false')
    await expect(projectCards(page)).toHaveCount(firstPage(using(projects, 'Go')))
    await expect(page.locator('#portfolio')).toContainText('Pulse Analytics Dashboard')

    await go.click()
    await expect(go).toHaveAttribute('aria-pressed', 'false')
    await expect(projectCards(page)).toHaveCount(firstPage(projects))
  })

  test('on a phone the drawer opens and its links scroll to the section', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await expect(drawer).toBeVisible()
    await expect(drawer.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeVisible()
    await drawer.getByRole('link', { name: 'Portfolio' }).click()
    await expect(drawer).toBeHidden()
    await expect(page.locator('#portfolio-title')).toBeInViewport()
    await expect(page).toHaveURL(/#portfolio$/)

    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Contact' }).click()
    await expect(page.locator('#contact-title')).toBeInViewport()

    // A modal: the page behind is inert, so Tab never reaches it (past the last
    // control focus goes to the browser's own UI, then back to the first);
    // Escape closes it and focus goes back to the menu button.
    const menuButton = page.getByRole('button', { name: 'Open menu' })
    await menuButton.click()
    await expect(drawer.getByRole('link').first()).toBeFocused()
    const focusedInDrawer: boolean[] = []
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      const where = await drawer.evaluate((node) =>
        node.contains(document.activeElement)
          ? 'drawer'
          : document.activeElement === document.body
            ? 'browser'
            : document.activeElement?.outerHTML.slice(0, 80),
      )
      expect(where === 'drawer' || where === 'browser', `focus went to ${where}`).toBe(true)
      focusedInDrawer.push(where === 'drawer')
    }
    expect(focusedInDrawer.filter(Boolean).length).toBeGreaterThanOrEqual(6)
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await expect(menuButton).toBeFocused()
    // And a tap beside the drawer closes it too.
    await menuButton.click()
    await expect(drawer).toBeVisible()
    await page.mouse.click(20, 400)
    await expect(drawer).toBeHidden()
  })

  test('the contact form sends, and the message reaches the admin inbox', async ({
    page,
    ownerPage,
  }) => {
    const stamp = Date.now()
    const text = `Hello from the e2e run ${stamp}. Could we talk about a project?`
    await page.goto('/#contact')
    const form = page.getByRole('form', { name: 'Contact form' })
    await form.getByRole('button', { name: 'Send message' }).click()
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')

    await form.getByLabel('Name').fill('Casey Visitor')
    await form.getByLabel('E-mail').fill('casey@example.com')
    await form.getByLabel('Message').fill(text)
    await form.getByRole('button', { name: 'Send message' }).click()
    await expect(form.getByRole('status')).toHaveText('Thank you! Your message has been sent.')
    await expect(form.getByLabel('Message')).toHaveValue('')

    await ownerPage.goto('/admin/messages')
    const message = ownerPage.getByRole('article').filter({ hasText: text })
    await expect(message).toBeVisible()
    await expect(message.getByRole('heading', { name: /Casey Visitor/ })).toBeVisible()
    await expect(message.getByRole('link', { name: 'casey@example.com' })).toHaveAttribute(
      'href',
      'mailto:casey@example.com',
    )
    await expect(message).toContainText('Unread')
    await message.getByRole('button', { name: 'Mark as read' }).click()
    await expect(message).not.toContainText('Unread')
  })

  test('an unknown route shows Page Not Found and Back to Home returns to the page', async ({
    page,
  }) => {
    await page.goto('/this/page/does-not-exist')
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await expect(
      page.getByText("The page you are looking for doesn't exist or has been moved."),
    ).toBeVisible()
    await page.getByRole('link', { name: 'Back to Home' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('FULL STACK')
  })
})
