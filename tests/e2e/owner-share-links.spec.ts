// The owner's share links (docs/PRODUCT.md §24): a link for one recipient
// made through the Share links screen, its two projects put in reverse order
// by dragging, with a note; its address shown once; then revoked after a
// confirmation, and listed as revoked. Its projects are inactive, so the
// public page every other journey reads stays as it was.
import type { ShareLink } from '../../supabase/functions/_shared/contract/responses'
import { ownerState } from '@test-support/e2e/env'
import { expect, test } from '@test-support/e2e/fixtures'
import { API, ownerSession, row, unique } from '@test-support/e2e/journeys'

test.use({ storageState: ownerState })

test('the owner creates a link with two projects in reverse order, then revokes it', async ({
  page,
  request,
}) => {
  const { accessToken } = await ownerSession(request)
  const headers = { Authorization: `Bearer ${accessToken}` }
  const names = [unique('E2E Shared first'), unique('E2E Shared second')]
  const ids: number[] = []
  for (const name of names) {
    const made = await request.post(`${API}/projects`, {
      data: { name, description: 'Shown to one recipient only', isActive: false },
      headers,
    })
    expect(made.status()).toBe(201)
    ids.push(((await made.json()) as { id: number }).id)
  }
  const label = unique('E2E Recruiter')

  await test.step('creates the link through the form, ordering the projects by dragging', async () => {
    await page.goto('/admin/dashboard')
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Share links' })
      .click()
    await expect(page.getByRole('heading', { name: 'Share links', level: 1 })).toBeVisible()
    await page.getByRole('link', { name: 'New share link' }).click()
    await page.getByLabel('Label').fill(label)
    for (const name of names) await page.getByRole('checkbox', { name }).check()
    const order = page.getByRole('list', { name: 'Order shown to the recipient' })
    const items = order.getByRole('listitem')
    await expect(items).toHaveText([new RegExp(`^1\\.${names[0]}`), new RegExp(`^2\\.${names[1]}`)])
    // Inactive projects may be shown to a recipient; the form marks them.
    await expect(items.first()).toContainText('Inactive')
    await items.nth(1).dragTo(items.nth(0))
    await expect(items).toHaveText([new RegExp(`^1\\.${names[1]}`), new RegExp(`^2\\.${names[0]}`)])
    await expect(page.getByText(`${names[1]} moved to position 1 of 2`)).toBeAttached()
    await page.getByLabel('Note to the recipient').fill('The two projects closest to your role.')
    await page.getByRole('button', { name: 'Create share link' }).click()
  })

  await test.step('shows the address once, to copy', async () => {
    await expect(page.getByRole('heading', { name: `Link created for “${label}”` })).toBeVisible()
    await expect(page.getByText(/it is shown only this once/)).toBeVisible()
    const address = await page.getByLabel('Link to send').inputValue()
    expect(address).toMatch(/^http:\/\/localhost:\d+\/s\/[A-Za-z0-9_-]{32}$/)
    await expect(page.getByRole('link', { name: /Preview as the recipient/ })).toHaveAttribute(
      'href',
      address,
    )
    const links = (await (
      await request.get(`${API}/share-links`, { headers })
    ).json()) as ShareLink[]
    expect(links.find((link) => link.label === label)).toMatchObject({
      projectIds: [ids[1], ids[0]],
      note: 'The two projects closest to your role.',
      state: 'active',
    })
  })

  await test.step('revokes it after a confirmation; it stays listed as revoked', async () => {
    await page.getByRole('link', { name: 'Back to share links' }).click()
    await expect(row(page, label)).toContainText('Active')
    await row(page, label)
      .getByRole('button', { name: `Revoke ${label}` })
      .click()
    const dialog = page.getByRole('alertdialog', { name: 'Revoke share link' })
    await expect(dialog).toContainText('This cannot be undone.')
    await dialog.getByRole('button', { name: 'Revoke' }).click()
    await expect(dialog).not.toBeVisible()
    await expect(row(page, label)).toContainText('Revoked')
    await expect(row(page, label).getByRole('button', { name: /^Revoke/ })).toHaveCount(0)
  })

  for (const id of ids) await request.delete(`${API}/projects/${id}`, { headers })
})
