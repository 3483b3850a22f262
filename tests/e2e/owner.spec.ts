// The owner's journeys through the back office (spec section 2), in order, on
// the database the setup project registered the first admin on. Every record
// made here is removed again, so the other files see the seeded portfolio.
import type { Page } from '@playwright/test'
import { SignJWT } from 'jose'
import type { AuthResponse, Project } from '../../supabase/functions/_shared/types'
import { jwtSecret, owner, ownerState, reader } from './support/env'
import { expect, newContext, test, watchErrors } from './support/fixtures'
import { jpegFromCanvas, pngGradient, writeTempFiles } from './support/images'

const API = '/functions/v1/api'
const PROJECT = 'E2E Observatory'
const PROJECT_RENAMED = 'E2E Observatory 2.0'
const CERTIFICATION = 'E2E Certified Tester'

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/admin/login')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text })

test.describe('owner, signed out', () => {
  test('registration is closed once the first admin exists', async ({ page }) => {
    await page.goto('/admin/register')
    await expect(
      page.getByText('Registration is closed: an admin account already exists.'),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0)
  })

  test('a wrong password shows "Invalid username or password"', async ({ page }) => {
    await signIn(page, owner.username, 'not-the-password')
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password')
    await expect(page).toHaveURL('/admin/login')
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  })

  test('the guard sends /admin/projects to the login page, and back there after login', async ({
    page,
  }) => {
    await page.goto('/admin/projects')
    await expect(page).toHaveURL('/admin/login')
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
    await page.getByLabel('Username').fill(owner.username)
    await page.getByLabel('Password').fill(owner.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL('/admin/projects')
    await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible()
  })
})

test.describe('owner, signed in', () => {
  test.describe.configure({ mode: 'serial' })
  test.use({ storageState: ownerState })

  test('creates a technology through the quick-select', async ({ page }) => {
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

  test('creates a project with a thumbnail, two images and two technologies, and visitors see it under its filter', async ({
    page,
  }) => {
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
    await page.getByRole('button', { name: 'Create Project' }).click()

    await expect(page).toHaveURL('/admin/projects')
    const created = row(page, PROJECT)
    await expect(created).toContainText('Active')
    await expect(created).toContainText(/Redis/)
    await expect(created).toContainText(/TypeScript/)

    // The API holds the three uploaded files, served back as images.
    const projects = (await (await page.request.get(`${API}/projects`)).json()) as Project[]
    const project = projects.find((p) => p.name === PROJECT)!
    expect(project.images).toHaveLength(2)
    expect(project.thumbnail).toBeTruthy()
    for (const url of [project.thumbnail!, ...project.images]) {
      const file = await page.request.get(url)
      expect(file.status()).toBe(200)
      expect(file.headers()['content-type']).toMatch(/^image\/(png|jpeg)$/)
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
    const img = cards.first().getByRole('img', { name: `Screenshot of ${PROJECT}` })
    await img.scrollIntoViewIfNeeded()
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBe(640)
  })

  test('edits the project', async ({ page }) => {
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

  test('deletes the project after the confirmation, and the technology too', async ({ page }) => {
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

  test('creates, edits and deletes a certification', async ({ page }) => {
    await page.goto('/admin/certifications')
    await page.getByRole('link', { name: 'Add New Certification' }).click()
    await expect(page).toHaveURL('/admin/certifications/new')
    // Spec section 3: a new certification starts as '☁️', today, active.
    await expect(page.getByLabel('Icon', { exact: true })).toHaveValue('☁️')
    await expect(page.getByRole('switch', { name: 'Active certification' })).toBeChecked()
    await page.getByRole('button', { name: 'Create Certification' }).click()
    await expect(page.getByText('Certification name is required')).toBeVisible()

    await page.getByLabel('Name').fill(CERTIFICATION)
    await page.getByLabel('Date Obtained').fill('2024-03-15')
    await page.getByRole('button', { name: 'Create Certification' }).click()
    await expect(page).toHaveURL('/admin/certifications')
    await expect(row(page, CERTIFICATION)).toContainText('March 2024')
    await expect(row(page, CERTIFICATION)).toContainText('Active')

    await page.goto('/')
    await expect(page.locator('#certifications')).toContainText(CERTIFICATION)

    await page.goto('/admin/certifications')
    await page.getByRole('link', { name: `Edit ${CERTIFICATION}` }).click()
    await expect(page.getByLabel('Name')).toHaveValue(CERTIFICATION)
    await expect(page.getByLabel('Date Obtained')).toHaveValue('2024-03-15')
    await page.getByLabel('Date Obtained').fill('2023-11-02')
    await page.getByRole('switch', { name: 'Active certification' }).click()
    await page.getByRole('button', { name: 'Update Certification' }).click()
    await expect(page).toHaveURL('/admin/certifications')
    await expect(row(page, CERTIFICATION)).toContainText('November 2023')
    await expect(row(page, CERTIFICATION)).toContainText('Inactive')

    // Inactive: the owner still sees it, visitors no longer do.
    await page.goto('/')
    await expect(page.locator('#certifications')).toBeVisible()
    await expect(page.locator('#certifications')).not.toContainText(CERTIFICATION)

    await page.goto('/admin/certifications')
    await page.getByRole('button', { name: `Delete ${CERTIFICATION}` }).click()
    await expect(page.getByRole('alertdialog')).toContainText(
      'Are you sure you want to delete this certification?',
    )
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(row(page, CERTIFICATION)).toHaveCount(0)
  })

  test('changing heroTitle1 in Configurations changes the public hero', async ({ page }) => {
    const editHeroTitle = async (value: string) => {
      await page.goto('/admin/configurations')
      await page.getByRole('button', { name: 'Edit heroTitle1' }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit Configuration' })
      await expect(dialog.getByLabel('Name')).toBeDisabled()
      await expect(dialog.getByLabel('Name')).toHaveValue('heroTitle1')
      await dialog.getByLabel('Value').fill(value)
      await dialog.getByRole('button', { name: 'Save' }).click()
      await expect(page.getByText('Configuration updated successfully')).toBeVisible()
      await expect(dialog).toBeHidden()
      await expect(row(page, 'heroTitle1')).toContainText(value)
    }

    await editHeroTitle('E2E ENGINEER')
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('E2E ENGINEER')
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText('FULL STACK')

    await editHeroTitle('FULL STACK')
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toContainText('FULL STACK')
  })

  test('adds, edits and deletes a user; the last admin cannot be removed', async ({ page }) => {
    await page.goto('/admin/users')
    await expect(row(page, owner.username)).toContainText('admin')

    await page.getByRole('button', { name: 'Add New User' }).click()
    const add = page.getByRole('dialog', { name: 'Add New User' })
    const create = add.getByRole('button', { name: 'Create' })
    await expect(create).toBeDisabled()
    await add.getByLabel('Username').fill('e2e-editor')
    await expect(create).toBeDisabled()
    await add.getByLabel('Password').fill('editor-secret-1')
    await expect(add.getByLabel('Role')).toHaveValue('admin')
    await expect(create).toBeEnabled()
    await create.click()
    await expect(page.getByText('User created successfully')).toBeVisible()
    await expect(row(page, 'e2e-editor')).toContainText('admin')

    await page.getByRole('button', { name: 'Edit e2e-editor' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit User' })
    await expect(edit.getByLabel('New Password (leave blank to keep current)')).toHaveValue('')
    await edit.getByLabel('Username').fill('e2e-editor-2')
    await edit.getByLabel('Role').selectOption('user')
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('User updated successfully')).toBeVisible()
    await expect(row(page, 'e2e-editor-2')).toContainText('user')

    await page.getByRole('button', { name: 'Delete e2e-editor-2' }).click()
    const confirm = page.getByRole('alertdialog')
    await expect(confirm).toContainText(
      'Are you sure you want to delete the user "e2e-editor-2"? This action cannot be undone.',
    )
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('User deleted successfully')).toBeVisible()
    await expect(row(page, 'e2e-editor-2')).toHaveCount(0)

    // The owner is the only admin: the server refuses both, and its message is shown.
    await page.getByRole('button', { name: `Delete ${owner.username}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('You cannot delete your own account')).toBeVisible()
    await expect(row(page, owner.username)).toBeVisible()

    await page.getByRole('button', { name: `Edit ${owner.username}` }).click()
    await page.getByRole('dialog', { name: 'Edit User' }).getByLabel('Role').selectOption('user')
    await page
      .getByRole('dialog', { name: 'Edit User' })
      .getByRole('button', { name: 'Save' })
      .click()
    await expect(page.getByText('The last admin cannot be deleted or demoted')).toBeVisible()
    await page
      .getByRole('dialog', { name: 'Edit User' })
      .getByRole('button', { name: 'Cancel' })
      .click()
    await expect(row(page, owner.username)).toContainText('admin')

    // The read-only account the next journey uses.
    await page.getByRole('button', { name: 'Add New User' }).click()
    await add.getByLabel('Username').fill(reader.username)
    await add.getByLabel('Password').fill(reader.password)
    await add.getByLabel('Role').selectOption('user')
    await add.getByRole('button', { name: 'Create' }).click()
    await expect(row(page, reader.username)).toContainText('user')
  })

  test('a user-role account sees the back office read-only', async ({ browser, request }) => {
    // Something in the inbox, to show it cannot be marked or deleted.
    const sent = await request.post(`${API}/contact`, {
      data: {
        name: 'Sam Sender',
        email: 'sam@example.com',
        message: 'A message for the read-only inbox check.',
        website: '',
      },
    })
    expect(sent.status()).toBe(201)
    const context = await newContext(browser)
    const page = await context.newPage()
    const errors = watchErrors(page)
    await signIn(page, reader.username, reader.password)
    await expect(page).toHaveURL('/admin/dashboard')
    const nav = page.getByRole('navigation', { name: 'Admin' })
    await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0)
    await expect(page.getByText('(user)')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Add New Project' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Manage Users' })).toHaveCount(0)

    const noWrites = async (path: string, heading: string) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
      await expect(page.getByRole('row').nth(1).or(page.getByRole('article').first())).toBeVisible()
      await expect(
        page.getByRole('main').getByRole('button', { name: /^(Add|Edit|Delete)\b/ }),
      ).toHaveCount(0)
      await expect(
        page.getByRole('main').getByRole('link', { name: /^(Add|Edit|Delete)\b/ }),
      ).toHaveCount(0)
    }
    await noWrites('/admin/projects', 'Projects')
    // The read-only account sees inactive work too (seed: 'Atlas CLI').
    await expect(row(page, 'Atlas CLI')).toContainText('Inactive')
    await noWrites('/admin/technologies', 'Technologies')
    await noWrites('/admin/certifications', 'Certifications')
    await noWrites('/admin/configurations', 'Configurations')
    await noWrites('/admin/messages', 'Messages')
    await expect(page.getByRole('article').filter({ hasText: 'Sam Sender' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Mark as read' })).toHaveCount(0)

    // No Users screen, and the server refuses writes anyway.
    await page.goto('/admin/users')
    await expect(page).toHaveURL('/admin/dashboard')
    const token = await page.evaluate(() => localStorage.getItem('token'))
    const write = await page.request.post(`${API}/technologies`, {
      data: { name: 'Not allowed', icon: null },
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(write.status()).toBe(403)
    expect(errors).toEqual([])
    await context.close()
  })

  test('an expired or tampered token sends the user back to login with an explanation', async ({
    browser,
    request,
  }) => {
    const login = await request.post(`${API}/auth/login`, { data: owner })
    expect(login.ok()).toBe(true)
    const { accessToken, user } = (await login.json()) as AuthResponse
    const now = Math.floor(Date.now() / 1000)
    const expired = await new SignJWT({ role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(jwtSecret()))
    // The same claims with a valid expiry are accepted, so only the expiry is at fault.
    const fresh = await new SignJWT({ role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(jwtSecret()))
    expect(
      (
        await request.get(`${API}/auth/me`, { headers: { Authorization: `Bearer ${fresh}` } })
      ).status(),
    ).toBe(200)
    const tampered = accessToken.slice(0, -4) + (accessToken.endsWith('AAAA') ? 'BBBB' : 'AAAA')

    for (const token of [expired, tampered]) {
      const context = await newContext(browser)
      const page = await context.newPage()
      await page.goto('/admin/login')
      await page.evaluate(
        ({ token, user }) => {
          localStorage.setItem('token', token)
          localStorage.setItem('user', JSON.stringify(user))
        },
        { token, user },
      )
      await page.goto('/admin/projects')
      await expect(page).toHaveURL('/admin/login')
      await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible()
      expect(
        await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')]),
      ).toEqual([null, null])
      await context.close()
    }
  })

  test('logout clears the session and goes to the login page', async ({ page }) => {
    // Signed in, login and register lead to the dashboard (spec section 2).
    await page.goto('/admin/login')
    await expect(page).toHaveURL('/admin/dashboard')
    await page.goto('/admin/register')
    await expect(page).toHaveURL('/admin/dashboard')
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL('/admin/login')
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')]),
    ).toEqual([null, null])
    await page.goto('/admin/dashboard')
    await expect(page).toHaveURL('/admin/login')
  })
})
