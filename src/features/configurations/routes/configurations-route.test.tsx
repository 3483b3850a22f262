import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, inject, test, vi } from 'vitest'
import {
  renderApp,
  server,
  signInAsAdmin,
  signInAsReader,
  unique,
  connectToRealApi,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/admin/configurations')
afterEach(() => {
  vi.restoreAllMocks()
})

/** Another tab saves the configuration meanwhile (without If-Match, as any client may). */
const changeOnServer = (id: number, value: string) =>
  fetch(`${inject('apiUrl')}/configs/${id}`, {
    method: 'PATCH',
    headers: {
      Authorization: `Bearer ${inject('adminSession').token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ value }),
  })

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement

describe('configurations screen', () => {
  test('lists configurations with the value cut at 50 characters and "-" for no description', async () => {
    signInAsAdmin()
    const name = unique('longValue')
    const value = `${'x'.repeat(50)}hidden tail`
    await server.createConfig({ name, value, description: null })
    await renderApp('/admin/configurations')
    expect(await screen.findByText('Loading configurations...')).toBeInTheDocument()
    await screen.findByRole('cell', { name })
    const row = within(rowOf(name))
    expect(row.getByText(`${'x'.repeat(50)}...`)).toBeInTheDocument()
    expect(row.getByText('-')).toBeInTheDocument()
    for (const header of ['Name', 'Value', 'Description'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument()
  })

  test('adds a configuration after checking its name, and says so in a snackbar', async () => {
    signInAsAdmin()
    const { user } = await renderApp('/admin/configurations')
    await user.click(await screen.findByRole('button', { name: 'Add Configuration' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Configuration' })
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Value')).toHaveAttribute('rows', '4')

    const name = unique('heroTitle')
    await user.type(within(dialog).getByLabelText('Name'), name)
    await user.type(within(dialog).getByLabelText('Value'), 'Hello there')
    await user.type(within(dialog).getByLabelText('Description'), 'A greeting')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Configuration created successfully')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(within(await waitFor(() => rowOf(name))).getByText('A greeting')).toBeInTheDocument()
    expect((await server.configs()).find((c) => c.name === name)).toMatchObject({
      value: 'Hello there',
      description: 'A greeting',
    })
  })

  test('edits the value with the name locked', async () => {
    signInAsAdmin()
    const name = unique('footerText')
    await server.createConfig({ name, value: 'old', description: 'Footer' })
    const { user } = await renderApp('/admin/configurations')
    await user.click(await screen.findByRole('button', { name: `Edit ${name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Configuration' })
    // The dialog loads the configuration's current copy (and version) first.
    expect(await within(dialog).findByLabelText('Name')).toBeDisabled()
    expect(within(dialog).getByLabelText('Name')).toHaveValue(name)
    await user.clear(within(dialog).getByLabelText('Value'))
    await user.type(within(dialog).getByLabelText('Value'), 'new value')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Configuration updated successfully')).toBeInTheDocument()
    expect(await within(rowOf(name)).findByText('new value')).toBeInTheDocument()
  })

  test('asks before deleting, and deletes on confirmation; focus returns to the Delete button, then the heading', async () => {
    signInAsAdmin()
    const name = unique('doomed')
    await server.createConfig({ name, value: 'v' })
    const { user } = await renderApp('/admin/configurations')
    await user.click(await screen.findByRole('button', { name: `Delete ${name}` }))
    const confirm = await screen.findByRole('alertdialog')
    expect(confirm).toHaveTextContent('Are you sure you want to delete this configuration?')
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('cell', { name })).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Delete ${name}` })).toHaveFocus(),
    )

    await user.click(screen.getByRole('button', { name: `Delete ${name}` }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    )
    expect(await screen.findByText('Configuration deleted successfully')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('cell', { name })).not.toBeInTheDocument())
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Configurations' })).toHaveFocus(),
    )
    expect((await server.configs()).some((c) => c.name === name)).toBe(false)
  })

  test('shows "Failed to save configuration" when the server refuses a duplicate name, and why on the Name field', async () => {
    signInAsAdmin()
    const name = unique('dup')
    await server.createConfig({ name, value: 'first' })
    const { user } = await renderApp('/admin/configurations')
    await user.click(await screen.findByRole('button', { name: 'Add Configuration' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Configuration' })
    await user.type(within(dialog).getByLabelText('Name'), name)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Failed to save configuration')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Add Configuration' })).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      'A configuration with this name already exists',
    )
  })

  test('does not overwrite a value saved elsewhere: keeps what was typed and reloads on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    signInAsAdmin()
    const name = unique('heroTitle')
    const config = await server.createConfig({ name, value: 'old' })
    const { user } = await renderApp('/admin/configurations')
    await user.click(await screen.findByRole('button', { name: `Edit ${name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Configuration' })
    const value = await within(dialog).findByLabelText('Value')
    expect(value).toHaveValue('old')

    expect((await changeOnServer(config.id, 'theirs')).status).toBe(200)
    await user.clear(value)
    await user.type(value, 'mine')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Failed to save configuration')
    expect(alert).toHaveTextContent(
      'Someone else changed this configuration after you opened it, so your changes were not saved.',
    )
    expect(within(dialog).getByLabelText('Value')).toHaveValue('mine')
    expect((await server.configs()).find((c) => c.id === config.id)?.value).toBe('theirs')

    await user.click(within(alert).getByRole('button', { name: 'Reload configuration' }))
    await waitFor(() => expect(within(dialog).getByLabelText('Value')).toHaveValue('theirs'))
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Value'), ' too')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Configuration updated successfully')).toBeInTheDocument()
    expect((await server.configs()).find((c) => c.id === config.id)?.value).toBe('theirs too')
  })

  test("closing the edit dialog returns focus to the row's Edit button", async () => {
    signInAsAdmin()
    const name = unique('focusBack')
    await server.createConfig({ name, value: 'v' })
    const { user } = await renderApp('/admin/configurations')
    await user.click(await screen.findByRole('button', { name: `Edit ${name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Configuration' })
    // The form (and its Cancel) shows once the dialog has loaded the configuration.
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.getByRole('button', { name: `Edit ${name}` })).toHaveFocus())
  })

  test('a read-only user sees the values but no add, edit or delete control', async () => {
    signInAsReader()
    const name = unique('readOnly')
    await server.createConfig({ name, value: 'visible' })
    await renderApp('/admin/configurations')
    expect(await screen.findByRole('cell', { name })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add Configuration' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: `Edit ${name}` })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: `Delete ${name}` })).not.toBeInTheDocument()
  })
})
