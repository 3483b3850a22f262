import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, inject, test } from 'vitest'
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
loadScreensFirst('/admin/users')

/** The table row whose Username cell (the second) reads `username`. */
function rowOf(username: string): HTMLElement {
  const row = screen
    .getAllByRole('row')
    .find((r) => within(r).queryAllByRole('cell')[1]?.textContent === username)
  if (!row) throw new Error(`No row for ${username}`)
  return row
}

describe('users screen', () => {
  test('lists accounts with ID, Username and Role', async () => {
    const admin = signInAsAdmin()
    await renderApp('/admin/users')
    const row = within(await waitFor(() => rowOf(admin.username)))
    expect(row.getByRole('cell', { name: String(admin.id) })).toBeInTheDocument()
    expect(row.getAllByRole('cell')[2]).toHaveTextContent('admin')
    for (const header of ['ID', 'Username', 'Role'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument()
  })

  test('keeps Create disabled until username and password are filled, then creates the user', async () => {
    signInAsAdmin()
    const { user } = await renderApp('/admin/users')
    await user.click(await screen.findByRole('button', { name: 'Add New User' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' })
    const create = within(dialog).getByRole('button', { name: 'Create' })
    expect(within(dialog).getByLabelText('Role')).toHaveValue('admin')
    expect(create).toBeDisabled()

    const username = unique('newbie')
    await user.type(within(dialog).getByLabelText('Username'), username)
    expect(create).toBeDisabled()
    await user.type(within(dialog).getByLabelText('Password'), 'abc')
    expect(create).toBeEnabled()
    await user.click(create)
    expect(
      await within(dialog).findByText('Password must be at least 6 characters long'),
    ).toBeInTheDocument()

    await user.type(within(dialog).getByLabelText('Password'), 'def-ghi')
    // A read-only account, so the main admin stays the only admin on the shared server.
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'user')
    await user.click(create)
    expect(await screen.findByText('User created successfully')).toBeInTheDocument()
    expect(await waitFor(() => rowOf(username))).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add New User' })).toHaveFocus())
    expect((await server.users()).find((u) => u.username === username)?.role).toBe('user')
  })

  test('shows the server message when a username is taken', async () => {
    signInAsAdmin()
    const taken = unique('taken')
    await server.createUser({ username: taken, password: 'secret-sauce-1', role: 'user' })
    const { user } = await renderApp('/admin/users')
    await user.click(await screen.findByRole('button', { name: 'Add New User' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' })
    await user.type(within(dialog).getByLabelText('Username'), taken)
    await user.type(within(dialog).getByLabelText('Password'), 'secret-sauce-1')
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'user')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await screen.findByText('A user with this username already exists')).toBeInTheDocument()
    expect(screen.queryByText('Failed to create user')).not.toBeInTheDocument()
  })

  test('edit sends only the filled fields: a blank new password keeps the current one', async () => {
    signInAsAdmin()
    const before = unique('rename')
    const after = unique('renamed')
    await server.createUser({ username: before, password: 'keep-me', role: 'user' })
    const { user } = await renderApp('/admin/users')
    await user.click(await screen.findByRole('button', { name: `Edit ${before}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' })
    // The dialog loads the account's current copy (and version) first.
    expect(
      await within(dialog).findByLabelText('New Password (leave blank to keep current)'),
    ).toHaveValue('')
    expect(within(dialog).getByLabelText('Role')).toHaveValue('user')
    await user.clear(within(dialog).getByLabelText('Username'))
    await user.type(within(dialog).getByLabelText('Username'), after)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument()
    expect(await waitFor(() => rowOf(after))).toBeInTheDocument()

    // The old password still works: the blank field was not sent.
    const login = await fetch(`${inject('apiUrl')}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: after, password: 'keep-me' }),
    })
    expect(login.status).toBe(200)
  })

  test('does not overwrite an account changed elsewhere: keeps what was typed and reloads on request', async () => {
    signInAsAdmin()
    const account = await server.createUser({
      username: unique('edited'),
      password: 'secret-sauce-1',
      role: 'user',
    })
    const { user } = await renderApp('/admin/users')
    await user.click(await screen.findByRole('button', { name: `Edit ${account.username}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' })
    const username = await within(dialog).findByLabelText('Username')

    // Another tab renames the account meanwhile (without If-Match, as any client may).
    const theirs = unique('theirs')
    const renamed = await fetch(`${inject('apiUrl')}/users/${account.id}`, {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${inject('adminSession').token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ username: theirs }),
    })
    expect(renamed.status).toBe(200)
    const mine = unique('mine')
    await user.clear(username)
    await user.type(username, mine)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent(
      'Someone else changed this user after you opened it, so your changes were not saved.',
    )
    expect(within(dialog).getByLabelText('Username')).toHaveValue(mine)
    expect((await server.users()).find((u) => u.id === account.id)?.username).toBe(theirs)

    await user.click(within(alert).getByRole('button', { name: 'Reload user' }))
    await waitFor(() => expect(within(dialog).getByLabelText('Username')).toHaveValue(theirs))
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Username'), '2')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    // The dialog closes on success only. An earlier test's toast with the same
    // words may still be on screen (they last 6 s), so the server says what was saved.
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect((await screen.findAllByText('User updated successfully')).length).toBeGreaterThan(0)
    expect((await server.users()).find((u) => u.id === account.id)?.username).toBe(`${theirs}2`)
  })

  test('shows the server refusal when the last admin would be demoted', async () => {
    const admin = signInAsAdmin()
    const { user } = await renderApp('/admin/users')
    await user.click(await screen.findByRole('button', { name: `Edit ${admin.username}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' })
    await user.selectOptions(await within(dialog).findByLabelText('Role'), 'user')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(
      await screen.findByText('The last admin cannot be deleted or demoted'),
    ).toBeInTheDocument()
    expect((await server.users()).find((u) => u.id === admin.id)?.role).toBe('admin')
  })

  test('asks before deleting with the user name, then deletes; focus returns to the Delete button, then the heading', async () => {
    signInAsAdmin()
    const doomed = unique('doomed')
    await server.createUser({ username: doomed, password: 'secret-sauce-1', role: 'user' })
    const { user } = await renderApp('/admin/users')
    await user.click(await screen.findByRole('button', { name: `Delete ${doomed}` }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm Delete' })
    expect(confirm).toHaveTextContent(
      `Are you sure you want to delete the user "${doomed}"? This action cannot be undone.`,
    )
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Delete ${doomed}` })).toHaveFocus(),
    )

    await user.click(screen.getByRole('button', { name: `Delete ${doomed}` }))
    const again = await screen.findByRole('alertdialog')
    await user.type(
      within(again).getByLabelText('Current password'),
      inject('adminSession').password,
    )
    await user.click(within(again).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: doomed })).not.toBeInTheDocument(),
    )
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Users' })).toHaveFocus())
  })

  test('refuses to delete your own account with the server message', async () => {
    const admin = signInAsAdmin()
    const { user } = await renderApp('/admin/users')
    await user.click(await screen.findByRole('button', { name: `Delete ${admin.username}` }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    )
    expect(await screen.findByText('You cannot delete your own account')).toBeInTheDocument()
  })

  test('a new admin takes the current password: a wrong one shows beside it and nothing typed is lost', async () => {
    signInAsAdmin()
    const { user } = await renderApp('/admin/users')
    await user.click(await screen.findByRole('button', { name: 'Add New User' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' })
    const username = unique('second-admin')
    await user.type(within(dialog).getByLabelText('Username'), username)
    await user.type(within(dialog).getByLabelText('Password'), 'new-admin-pass-1')
    // Asked for only while the role is admin.
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'user')
    expect(within(dialog).queryByLabelText('Current password')).not.toBeInTheDocument()
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'admin')
    const current = within(dialog).getByLabelText('Current password')
    expect(current).toHaveAccessibleDescription('Creating an admin needs your own password.')

    await user.type(current, 'not-my-password')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your current password is not correct.',
    )
    expect(within(dialog).getByLabelText('Current password')).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    expect(within(dialog).getByLabelText('Username')).toHaveValue(username)
    expect(within(dialog).getByLabelText('Password')).toHaveValue('new-admin-pass-1')
    expect((await server.users()).some((u) => u.username === username)).toBe(false)

    await user.clear(within(dialog).getByLabelText('Current password'))
    await user.type(
      within(dialog).getByLabelText('Current password'),
      inject('adminSession').password,
    )
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    // The dialog closes on success only; an earlier test's toast may still show the same words.
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect((await screen.findAllByText('User created successfully')).length).toBeGreaterThan(0)
    expect((await server.users()).find((u) => u.username === username)?.role).toBe('admin')
    // Back to one admin on the shared server.
    const made = (await server.users()).find((u) => u.username === username)!
    await fetch(`${inject('apiUrl')}/users/${made.id}`, {
      method: 'DELETE',
      headers: {
        Authorization: `Bearer ${inject('adminSession').token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ currentPassword: inject('adminSession').password }),
    })
  })

  test('a new password or role asks for the current password; a common password is refused', async () => {
    signInAsAdmin()
    const account = await server.createUser({
      username: unique('promoted'),
      password: 'promoted-pass-1',
      role: 'user',
    })
    const { user } = await renderApp('/admin/users')
    await user.click(await screen.findByRole('button', { name: `Edit ${account.username}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' })
    const newPassword = await within(dialog).findByLabelText(
      'New Password (leave blank to keep current)',
    )
    expect(within(dialog).queryByLabelText('Current password')).not.toBeInTheDocument()
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'admin')
    expect(within(dialog).getByLabelText('Current password')).toHaveAccessibleDescription(
      'A new role needs your own password.',
    )
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'user')
    expect(within(dialog).queryByLabelText('Current password')).not.toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Username'), '-2')
    await user.type(newPassword, 'football')
    expect(within(dialog).getByLabelText('Current password')).toHaveAccessibleDescription(
      'A new password needs your own password.',
    )
    // A common password is refused beside the new password.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(
      await within(dialog).findByText('This password is too common. Choose another.'),
    ).toBeInTheDocument()
    // Left blank, the current password is asked for beside its field.
    await user.clear(newPassword)
    await user.type(newPassword, 'fresh-pass-9')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(
      await within(dialog).findByText(
        "Confirm with your current password to change another account's password.",
      ),
    ).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Username')).toHaveValue(`${account.username}-2`)
    await user.type(
      within(dialog).getByLabelText('Current password'),
      inject('adminSession').password,
    )
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    // The dialog closes on success only. An earlier test's toast with the same
    // words may still be on screen (they last 6 s), so the server says what was saved.
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect((await screen.findAllByText('User updated successfully')).length).toBeGreaterThan(0)
    expect((await server.users()).find((u) => u.id === account.id)?.username).toBe(
      `${account.username}-2`,
    )
    const login = await fetch(`${inject('apiUrl')}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: `${account.username}-2`, password: 'fresh-pass-9' }),
    })
    expect(login.status).toBe(200)
  })

  test('deleting asks for the current password and keeps the confirmation open when it is wrong', async () => {
    signInAsAdmin()
    const doomed = unique('doomed')
    await server.createUser({ username: doomed, password: 'doomed-pass-1', role: 'user' })
    const { user } = await renderApp('/admin/users')
    await user.click(await screen.findByRole('button', { name: `Delete ${doomed}` }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm Delete' })
    await user.type(within(confirm).getByLabelText('Current password'), 'not-my-password')
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'Your current password is not correct.',
    )
    expect(within(confirm).getByLabelText('Current password')).toHaveValue('not-my-password')
    expect(screen.queryByText('Failed to delete user')).not.toBeInTheDocument()
    await user.clear(within(confirm).getByLabelText('Current password'))
    // Enter in the field confirms, as the Delete button does.
    await user.type(
      within(confirm).getByLabelText('Current password'),
      `${inject('adminSession').password}{Enter}`,
    )
    // The confirmation closes on success only; an earlier test's toast may still show the same words.
    await waitFor(() => expect(confirm).not.toBeInTheDocument())
    expect((await screen.findAllByText('User deleted successfully')).length).toBeGreaterThan(0)
    expect((await server.users()).some((u) => u.username === doomed)).toBe(false)
  })

  test('a read-only user is sent to the dashboard and never sees the Users entry', async () => {
    signInAsReader()
    const { router } = await renderApp('/admin/users')
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/dashboard')
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument()
  })
})
