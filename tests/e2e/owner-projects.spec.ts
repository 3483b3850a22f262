// The owner's project journey (docs/PRODUCT.md §2.7, §2.8): a technology made
// through the quick-select, a project with a thumbnail, two images and two
// technologies that visitors find under its filter, edited, then deleted with
// the technology. One story, so it runs alone and leaves the seed as it was.
import type { Project } from '../../supabase/functions/_shared/contract/responses'
import { ownerState } from '@test-support/e2e/env'
import { expect, test } from '@test-support/e2e/fixtures'
import { jpegFromCanvas, pngGradient, writeTempFiles } from '@test-support/e2e/images'
import { API, row } from '@test-support/e2e/journeys'

const PROJECT = 'E2E Observatory'
const PROJECT_RENAMED = 'E2E Observatory 2.0'

test.use({ storageState: ownerState })

test('the owner creates, edits and deletes a project with uploads and technologies', async ({
  page,
}) => {
  await test.step('creates a technology through the quick-select', async () => {
    await page.goto('/admin/technologies')
    await page.getByRole('link', { name: 'Add New Technology' }).click()
    await expect(page).toHaveURL('/admin/technologies/new')
    await page.getByLabel('Quick select a common technology').selectOption('Redis')
    await expect(page.getByLabel('Name')).toHaveValue('Redis')
    await expect(page.getByLabel('Icon URL')).toHaveValue(/redis/)
    await page.getByRole('button', { name: 'Create Technology' }).click()
    await expect(page).toHaveURL('/admin/technologies')
    await expect(row(page, 'Redis')).toContainText('0 projects')
  })

  await test.step('creates the project; visitors see it under its filter', async () => {
    await page.goto('/admin/projects')
    await page.getByRole('link', { name: 'Add New Project' }).click()
    await expect(page.getByRole('heading', { name: 'Add New Project' })).toBeVisible()
    const [thumbnail, first, second] = writeTempFiles({
      'thumbnail.png': pngGradient(640, 360, [236, 72, 153], [124, 58, 237]),
      'screen-1.jpg': await jpegFromCanvas(page, 480, 270, 'Screen 1'),
      'screen-2.png': pngGradient(480, 270, [14, 165, 233], [34, 197, 94]),
    })

    await page.getByLabel('Name').fill(PROJECT)
    await page
      .getByLabel('Description')
      .fill('A sky-watching log written to prove the product end to end.')
    await page.getByLabel('Start year').fill('2024')
    await page.getByLabel('Live URL').fill('https://observatory.example.com')
    await page.getByLabel('GitHub URL').fill('https://github.com/example/observatory')
    await expect(page.getByRole('switch', { name: 'Project is active/published' })).toBeChecked()

    await page.getByLabel('Thumbnail', { exact: true }).setInputFiles(thumbnail!)
    await expect(page.getByRole('img', { name: 'Thumbnail preview' })).toBeVisible()
    const gallery = page.getByLabel('Project images').and(page.locator('input[type="file"]'))
    await gallery.setInputFiles([first!, second!])
    await expect(
      page.getByRole('list', { name: 'Project images' }).getByRole('listitem'),
    ).toHaveCount(2)

    await page.getByRole('checkbox', { name: 'Redis', exact: true }).click()
    await page.getByRole('checkbox', { name: 'TypeScript', exact: true }).click()
    // Every file goes straight to storage, signed by the API and sent by
    // supabase-js, without our session's token (docs/operations.md, "How uploads flow").
    const sent: { method: string; path: string; authorization?: string }[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (pathname.startsWith('/storage/') || pathname.endsWith('/uploads/image'))
        sent.push({
          method: request.method(),
          path: pathname,
          authorization: request.headers().authorization,
        })
    })
    await page.getByRole('button', { name: 'Create Project' }).click()

    await expect(page).toHaveURL('/admin/projects')
    const created = row(page, PROJECT)
    await expect(created).toContainText('Active')
    await expect(created).toContainText(/Redis/)
    await expect(created).toContainText(/TypeScript/)

    expect(sent).toHaveLength(3)
    for (const request of sent) {
      expect(request.method).toBe('PUT')
      expect(request.path).toMatch(/^\/storage\/v1\/object\/upload\/sign\/images\/[0-9a-f-]{36}\./)
      expect(request.authorization).toBeUndefined()
    }

    // The API holds the three uploaded files, served back as images.
    const projects = (await (await page.request.get(`${API}/projects`)).json()) as Project[]
    const project = projects.find((p) => p.name === PROJECT)!
    expect(project.images).toHaveLength(2)
    expect(project.thumbnail).toBeTruthy()
    for (const url of [project.thumbnail!, ...project.images]) {
      const file = await page.request.get(url)
      expect(file.status()).toBe(200)
      // WebP whenever the browser made it smaller (docs/PRODUCT.md §15).
      expect(file.headers()['content-type']).toMatch(/^image\/(png|jpeg|webp)$/)
    }

    // The visitor's page: the new card under the Redis filter, thumbnail loaded.
    await page.goto('/#portfolio')
    await page
      .getByRole('group', { name: 'Filter by technology:' })
      .getByRole('button', { name: 'Redis' })
      .click()
    const cards = page.getByRole('list', { name: 'Projects' }).locator(':scope > li')
    await expect(cards).toHaveCount(1)
    await expect(cards.first()).toContainText(PROJECT)
    const img = cards.first().getByRole('img', { name: `${PROJECT} screenshot` })
    await img.scrollIntoViewIfNeeded()
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBe(640)
  })

  await test.step('edits the project', async () => {
    await page.goto('/admin/projects')
    await page.getByRole('link', { name: `Edit ${PROJECT}` }).click()
    await expect(page).toHaveURL(/\/admin\/projects\/edit\/\d+$/)
    await expect(page.getByRole('heading', { name: 'Edit Project' })).toBeVisible()
    await expect(page.getByLabel('Name')).toHaveValue(PROJECT)
    await expect(page.getByRole('img', { name: 'Thumbnail preview' })).toBeVisible()
    await expect(
      page.getByRole('list', { name: 'Project images' }).getByRole('listitem'),
    ).toHaveCount(2)
    await expect(page.getByRole('checkbox', { name: 'Redis', exact: true })).toBeChecked()

    await page.getByLabel('Name').fill(PROJECT_RENAMED)
    await page.getByLabel('End year').fill('2025')
    await page
      .getByRole('list', { name: 'Project images' })
      .getByRole('button', { name: /^Remove image/ })
      .first()
      .click()
    await expect(
      page.getByRole('list', { name: 'Project images' }).getByRole('listitem'),
    ).toHaveCount(1)
    await page.getByRole('button', { name: 'Update Project' }).click()

    await expect(page).toHaveURL('/admin/projects')
    await expect(row(page, PROJECT_RENAMED)).toBeVisible()
    const projects = (await (await page.request.get(`${API}/projects`)).json()) as Project[]
    const project = projects.find((p) => p.name === PROJECT_RENAMED)!
    expect(project).toMatchObject({ startYear: 2024, endYear: 2025 })
    expect(project.images).toHaveLength(1)
  })

  await test.step('deletes the project after the confirmation, and the technology too', async () => {
    await page.goto('/admin/projects')
    await page.getByRole('button', { name: `Delete ${PROJECT_RENAMED}` }).click()
    const confirm = page.getByRole('alertdialog')
    await expect(confirm).toContainText('Are you sure you want to delete this project?')
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(row(page, PROJECT_RENAMED)).toBeVisible()

    await page.getByRole('button', { name: `Delete ${PROJECT_RENAMED}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('alertdialog')).toBeHidden()
    await expect(row(page, PROJECT_RENAMED)).toHaveCount(0)

    await page.goto('/')
    await expect(page.getByRole('list', { name: 'Projects' })).toBeVisible()
    await expect(page.locator('#portfolio')).not.toContainText(PROJECT_RENAMED)

    await page.goto('/admin/technologies')
    await expect(row(page, 'Redis')).toContainText('0 projects')
    await page.getByRole('button', { name: 'Delete Redis' }).click()
    await expect(page.getByRole('alertdialog')).toContainText(
      'Are you sure you want to delete this technology?',
    )
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(row(page, 'Redis')).toHaveCount(0)
  })
})
