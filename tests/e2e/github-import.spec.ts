// Repositories become projects (docs/github.md), with the keyboard alone: the
// owner opens "Import from GitHub" on the Projects screen, types a login, sees
// the account's own repositories (a fork and an archived one hidden until
// asked), ticks one and imports it; the project's public page then shows the
// README's headings. GitHub here is the API tests' stand-in, checked against
// GitHub's published description (playwright.config.ts). The project is
// removed at the end, so the public page every other journey reads stays as
// it was.
import { ownerState } from '@test-support/e2e/env'
import { expectAccessible } from '@test-support/e2e/axe'
import { expect, test } from '@test-support/e2e/fixtures'
import { API, ownerSession } from '@test-support/e2e/journeys'

test.use({ storageState: ownerState })

const LOGIN = 'vitrine-e2e'
const REPOSITORY = `${LOGIN}/tide-tables`

test('the owner imports a repository with the keyboard and its page shows the README', async ({
  page,
  request,
}) => {
  const { accessToken } = await ownerSession(request)
  const headers = { Authorization: `Bearer ${accessToken}` }
  let projectId: number | undefined
  try {
    await page.goto('/admin/projects')
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible()
    await page.getByRole('button', { name: 'Import from GitHub' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Import from GitHub' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('GitHub login')).toBeFocused()
    await page.keyboard.type(LOGIN)
    await page.keyboard.press('Enter')

    await expect(dialog.getByText(`3 public repositories of ${LOGIN}`)).toBeVisible()
    const choice = dialog.getByRole('checkbox', { name: REPOSITORY })
    await expect(choice).toBeEnabled()
    await expect(dialog.getByRole('checkbox', { name: `${LOGIN}/old-pager` })).toHaveCount(0)
    await expectAccessible(page, 'github import dialog')

    await choice.focus()
    await page.keyboard.press('Space')
    await expect(choice).toBeChecked()
    await dialog.getByRole('button', { name: 'Import 1 repository' }).focus()
    await page.keyboard.press('Enter')
    await expect(dialog.getByText(`Imported 1 project: ${REPOSITORY}`)).toBeVisible()
    await expect(choice).toBeDisabled()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    const projects = (await (await request.get(`${API}/projects`)).json()) as {
      id: number
      name: string
      github: { repository: string; stars: number } | null
    }[]
    const imported = projects.find((p) => p.github?.repository === REPOSITORY)
    expect(imported, 'the imported project in GET /projects').toBeDefined()
    projectId = imported!.id
    expect(imported!.github!.stars).toBe(42)
    expect(imported!.name).toBe('tide-tables')

    // Its page, server-rendered: the README's heading is part of the description.
    const html = await (await request.get(`/projects/${projectId}`, { maxRedirects: 5 })).text()
    expect(html).toContain('How it works')
  } finally {
    if (projectId !== undefined)
      expect(
        (await request.delete(`${API}/projects/${projectId}`, { headers })).status(),
      ).toBeLessThan(300)
  }
})
