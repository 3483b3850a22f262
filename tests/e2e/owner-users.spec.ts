// The owner's account journeys (docs/PRODUCT.md §2.11, §6): accounts added,
// edited and deleted, each change that hands out or takes away access
// confirmed with the owner's own password, the last-admin rule, and what a
// read-only account sees.
// Each test arranges its own accounts, so each runs alone.
import { owner, ownerState } from '@test-support/e2e/env'
import { expect, newContext, test, watchErrors } from '@test-support/e2e/fixtures'
import { API, ownerSession, row, signIn, unique } from '@test-support/e2e/journeys'

test.use({ storageState: ownerState })

test('adds, edits and deletes a user; the last admin cannot be removed', async ({ page }) => {
  await page.goto('/admin/users')
  await expect(row(page, owner.username)).toContainText('admin')

  await page.getByRole('button', { name: 'Add New User' }).click()
  const add = page.getByRole('dialog', { name: 'Add New User' })
  const create = add.getByRole('button', { name: 'Create' })
  await expect(create).toBeDisabled()
  await add.getByLabel('Username').fill('e2e-editor')
  await expect(create).toBeDisabled()
  await add.getByLabel('Password', { exact: true }).fill('editor-secret-1')
  await expect(add.getByLabel('Role')).toHaveValue('admin')
  await expect(create).toBeEnabled()
  // A new admin takes the owner's own password: a wrong one is refused beside
  // its field, and nothing typed is lost.
  await add.getByLabel('Current password').fill('not-the-owner-password')
  await create.click()
  await expect(add.getByText('Your current password is not correct.')).toBeVisible()
  await expect(add.getByLabel('Username')).toHaveValue('e2e-editor')
  await add.getByLabel('Current password').fill(owner.password)
  await create.click()
  await expect(page.getByText('User created successfully')).toBeVisible()
  await expect(row(page, 'e2e-editor')).toContainText('admin')

  await page.getByRole('button', { name: 'Edit e2e-editor' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit User' })
  await expect(edit.getByLabel('New Password (leave blank to keep current)')).toHaveValue('')
  await edit.getByLabel('Username').fill('e2e-editor-2')
  await edit.getByLabel('Role').selectOption('user')
  await edit.getByLabel('Current password').fill(owner.password)
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('User updated successfully')).toBeVisible()
  await expect(row(page, 'e2e-editor-2')).toContainText('user')

  await page.getByRole('button', { name: 'Delete e2e-editor-2' }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText(
    'Are you sure you want to delete the user "e2e-editor-2"? This action cannot be undone.',
  )
  await confirm.getByLabel('Current password').fill(owner.password)
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
})

test('a user-role account sees the back office read-only', async ({ browser, request }) => {
  // Its own read-only account, made through the API.
  const reader = { username: unique('e2e-reader').replace(' ', '-'), password: 'reader-secret-1' }
  const { accessToken } = await ownerSession(request)
  const made = await request.post(`${API}/users`, {
    data: { ...reader, role: 'user' },
    headers: { Authorization: `Bearer ${accessToken}` },
  })
  expect(made.status()).toBe(201)
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
