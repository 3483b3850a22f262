import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { ShareLink } from '@shared/contract/types.ts'
import {
  connectToRealApi,
  renderApp,
  server,
  signInAsAdmin,
  signInAsReader,
  unique,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/admin/share-links/new', '/admin/share-links', '/admin/share-links/edit/1')
afterEach(() => vi.restoreAllMocks())

const project = (name: string, isActive = true) =>
  server.createProject({ name: unique(name), description: 'Shown to one recipient', isActive })

/** The chosen projects as the ordered list shows them, first to last. */
const order = () =>
  within(screen.getByRole('list', { name: 'Order shown to the recipient' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

const linkNamed = async (label: string) =>
  (await server.get<ShareLink[]>('/share-links')).find((link) => link.label === label)

describe('creating a share link', () => {
  test('sends the projects in the chosen order, then shows the address once with Copy link', async () => {
    const alpha = await project('Alpha')
    const beta = await project('Beta', false)
    signInAsAdmin()
    const { user } = await renderApp('/admin/share-links/new')
    const label = unique('Recruiter')
    await user.type(await screen.findByLabelText('Label'), label)
    await user.click(await screen.findByRole('checkbox', { name: alpha.name }))
    // An inactive project may be shown, and is marked.
    await user.click(screen.getByRole('checkbox', { name: `${beta.name} Inactive` }))
    expect(order()).toEqual([`1.${alpha.name}`, `2.${beta.name} Inactive`])

    await user.click(screen.getByRole('button', { name: `Move ${beta.name} up` }))
    expect(order()).toEqual([`1.${beta.name} Inactive`, `2.${alpha.name}`])
    expect(screen.getByText(`${beta.name} moved to position 1 of 2`)).toBeInTheDocument()
    // The button keeps its focus, so moving on is one more key press.
    expect(screen.getByRole('button', { name: `Move ${beta.name} up` })).toHaveFocus()

    await user.type(screen.getByLabelText('Note to the recipient'), 'Hello from the portfolio')
    await user.click(screen.getByRole('button', { name: 'Create share link' }))

    expect(
      await screen.findByRole('heading', { name: `Link created for “${label}”` }),
    ).toHaveFocus()
    expect(screen.getByText(/it is shown only this once/)).toBeInTheDocument()
    const address = screen.getByLabelText('Link to send') as HTMLInputElement
    expect(address.value).toMatch(/\/s\/[A-Za-z0-9_-]{32}$/)
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(await navigator.clipboard.readText()).toBe(address.value)
    expect(screen.getByText('Link copied')).toBeInTheDocument()
    const preview = screen.getByRole('link', { name: /Preview as the recipient/ })
    expect(preview).toHaveAttribute('href', address.value)
    expect(preview).toHaveAttribute('target', '_blank')

    const saved = await linkNamed(label)
    expect(saved).toMatchObject({
      projectIds: [beta.id, alpha.id],
      note: 'Hello from the portfolio',
      state: 'active',
      hasPassphrase: false,
    })
  })

  test('reorders by dragging a row onto another, and removes a row', async () => {
    const first = await project('First')
    const second = await project('Second')
    signInAsAdmin()
    const { user } = await renderApp('/admin/share-links/new')
    await user.click(await screen.findByRole('checkbox', { name: first.name }))
    await user.click(screen.getByRole('checkbox', { name: second.name }))
    const [top, bottom] = within(
      screen.getByRole('list', { name: 'Order shown to the recipient' }),
    ).getAllByRole('listitem')
    const dataTransfer = { setData: vi.fn(), effectAllowed: 'none', dropEffect: 'none' }
    fireEvent.dragStart(bottom!, { dataTransfer })
    fireEvent.dragOver(top!, { dataTransfer })
    fireEvent.drop(top!, { dataTransfer })
    expect(order()).toEqual([`1.${second.name}`, `2.${first.name}`])
    expect(screen.getByText(`${second.name} moved to position 1 of 2`)).toBeInTheDocument()

    // Removing a row leaves focus on its checkbox, not on nothing.
    await user.click(screen.getByRole('button', { name: `Remove ${second.name}` }))
    expect(order()).toEqual([`1.${first.name}`])
    expect(screen.getByRole('checkbox', { name: second.name })).toHaveFocus()
    expect(screen.getByRole('checkbox', { name: second.name })).not.toBeChecked()
  })

  test("says what is missing in the schema's words, and what the server refuses under its field", async () => {
    const only = await project('Only')
    signInAsAdmin()
    const { user } = await renderApp('/admin/share-links/new')
    await user.click(await screen.findByRole('button', { name: 'Create share link' }))
    expect(await screen.findByText('Give the link a label, for you alone')).toBeInTheDocument()
    expect(screen.getByText('Choose at least one project')).toBeInTheDocument()
    expect(screen.getByLabelText('Label')).toHaveAttribute('aria-invalid', 'true')

    await user.type(screen.getByLabelText('Label'), unique('Agency'))
    await user.click(screen.getByRole('checkbox', { name: only.name }))
    await user.type(screen.getByLabelText('Passphrase'), 'abc')
    await user.click(screen.getByRole('button', { name: 'Create share link' }))
    expect(
      await screen.findByText('The passphrase must be at least 4 characters'),
    ).toBeInTheDocument()
    expect(screen.queryByText('Choose at least one project')).not.toBeInTheDocument()

    await user.type(screen.getByLabelText('Passphrase'), 'd')
    // Only the server knows the time: a past expiry comes back as its 400.
    fireEvent.change(screen.getByLabelText('Expires'), { target: { value: '2020-01-01T10:00' } })
    await user.click(screen.getByRole('button', { name: 'Create share link' }))
    expect(await screen.findByText('The expiry must be in the future')).toBeInTheDocument()
    expect(screen.getByLabelText('Expires')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Failed to create share link. Please try again.')).toBeInTheDocument()
  })
})

describe('the Share links list', () => {
  test('shows each link with its state, views and expiry, and revokes after a confirmation', async () => {
    const shown = await project('Shown')
    const link = await server.createShareLink({
      label: unique('Former colleague'),
      projectIds: [shown.id],
      expiresAt: '2099-12-31T18:00:00Z',
    })
    signInAsAdmin()
    const { user } = await renderApp('/admin/share-links')
    expect(await screen.findByRole('heading', { name: 'Share links', level: 1 })).toBeVisible()
    const row = await screen.findByRole('row', { name: new RegExp(link.label) })
    expect(within(row).getByText('Active')).toBeInTheDocument()
    expect(row).toHaveTextContent('Never')
    expect(row).toHaveTextContent('Dec 31, 2099')
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Label',
      'State',
      'Views',
      'Last viewed',
      'Expires',
      'Actions',
    ])
    expect(within(row).getByRole('link', { name: `Edit ${link.label}` })).toHaveAttribute(
      'href',
      `/admin/share-links/edit/${link.id}`,
    )

    await user.click(within(row).getByRole('button', { name: `Revoke ${link.label}` }))
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke share link' })
    expect(dialog).toHaveTextContent('This cannot be undone.')
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(within(row).getByText('Revoked')).toBeInTheDocument())
    expect(within(row).queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument()
    expect((await linkNamed(link.label))?.state).toBe('revoked')
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Share links', level: 1 })).toHaveFocus(),
    )
  })

  test('saves an edit with the version it loaded', async () => {
    const shown = await project('Edited')
    const link = await server.createShareLink({ label: unique('Before'), projectIds: [shown.id] })
    signInAsAdmin()
    const requests = vi.spyOn(globalThis, 'fetch')
    const { user, router } = await renderApp(`/admin/share-links/edit/${link.id}`)
    const label = await screen.findByLabelText('Label')
    expect(label).toHaveValue(link.label)
    await screen.findByRole('list', { name: 'Order shown to the recipient' })
    expect(order()).toEqual([`1.${shown.name}`])
    await user.clear(label)
    await user.type(label, `${link.label} after`)
    await user.click(screen.getByRole('button', { name: 'Update share link' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/share-links'))
    expect(
      await screen.findByRole('row', { name: new RegExp(`${link.label} after`) }),
    ).toBeVisible()
    const patch = requests.mock.calls.find(([, init]) => init?.method === 'PATCH')
    expect(new Headers(patch?.[1]?.headers).get('If-Match')).toMatch(/^(W\/)?"/)
  })

  test('removes a passphrase on request, and keeps it when the field is left empty', async () => {
    const shown = await project('Guarded')
    const link = await server.createShareLink({
      label: unique('Guarded'),
      projectIds: [shown.id],
      passphrase: 'open sesame',
    })
    signInAsAdmin()
    const first = await renderApp(`/admin/share-links/edit/${link.id}`)
    expect(
      await screen.findByText('The link has a passphrase. Leave empty to keep it.'),
    ).toBeVisible()
    await first.user.click(screen.getByRole('button', { name: 'Update share link' }))
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/admin/share-links'))
    expect((await linkNamed(link.label))?.hasPassphrase).toBe(true)
    first.unmount()

    const second = await renderApp(`/admin/share-links/edit/${link.id}`)
    await second.user.click(await screen.findByRole('checkbox', { name: 'Remove the passphrase' }))
    expect(screen.getByLabelText('New passphrase')).toBeDisabled()
    await second.user.click(screen.getByRole('button', { name: 'Update share link' }))
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/admin/share-links'))
    expect((await linkNamed(link.label))?.hasPassphrase).toBe(false)
  })

  test('a read-only account sees the links but nothing that writes', async () => {
    const shown = await project('Read')
    const link = await server.createShareLink({ label: unique('Readable'), projectIds: [shown.id] })
    signInAsReader()
    const { router } = await renderApp('/admin/share-links')
    const row = await screen.findByRole('row', { name: new RegExp(link.label) })
    expect(within(row).getByText('Active')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'New share link' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument()
    // The create screen sends it back to the list.
    await router.navigate('/admin/share-links/new')
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/share-links'))
  })
})
