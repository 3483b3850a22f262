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
loadScreensFirst('/admin/messages')

async function sendContactMessage(name: string) {
  const response = await fetch(`${inject('apiUrl')}/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name,
      email: 'visitor@example.com',
      message: `Hello from ${name}`,
      website: '',
    }),
  })
  expect(response.status).toBe(201)
}

describe('messages inbox', () => {
  test('shows a new message as unread, counts it in the sidebar, marks it read and deletes it after confirmation', async () => {
    signInAsAdmin()
    const sender = unique('Visitor')
    await sendContactMessage(sender)
    const { user } = await renderApp('/admin/messages')

    const item = await screen.findByRole('article', { name: new RegExp(sender) })
    expect(within(item).getByText('Unread')).toBeInTheDocument()
    expect(within(item).getByText(`Hello from ${sender}`)).toBeInTheDocument()
    expect(within(item).getByRole('link', { name: 'visitor@example.com' })).toHaveAttribute(
      'href',
      'mailto:visitor@example.com',
    )
    const nav = screen.getByRole('navigation', { name: 'Admin' })
    expect(within(nav).getByRole('link', { name: /^Messages \d+ unread$/ })).toBeInTheDocument()

    await user.click(within(item).getByRole('button', { name: 'Mark as read' }))
    await waitFor(() => expect(within(item).queryByText('Unread')).not.toBeInTheDocument())
    // The button is gone once read: focus moves on to the message's Delete button.
    await waitFor(() =>
      expect(
        within(item).getByRole('button', { name: `Delete message from ${sender}` }),
      ).toHaveFocus(),
    )

    // PRODUCT.md §10: read or unread, either way.
    await user.click(within(item).getByRole('button', { name: 'Mark as unread' }))
    await waitFor(() => expect(within(item).getByText('Unread')).toBeInTheDocument())
    expect(within(item).getByRole('button', { name: 'Mark as read' })).toHaveFocus()
    await waitFor(async () =>
      expect(
        (await server.get<{ name: string; isRead: boolean }[]>('/messages')).find(
          (m) => m.name === sender,
        )?.isRead,
      ).toBe(false),
    )
    await user.click(within(item).getByRole('button', { name: 'Mark as read' }))
    await waitFor(() => expect(within(item).queryByText('Unread')).not.toBeInTheDocument())

    await user.click(within(item).getByRole('button', { name: `Delete message from ${sender}` }))
    const confirm = await screen.findByRole('alertdialog')
    expect(confirm).toHaveTextContent('Are you sure you want to delete this message?')
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() =>
      expect(
        within(item).getByRole('button', { name: `Delete message from ${sender}` }),
      ).toHaveFocus(),
    )

    await user.click(within(item).getByRole('button', { name: `Delete message from ${sender}` }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    )
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: new RegExp(sender) })).not.toBeInTheDocument(),
    )
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Messages', level: 1 })).toHaveFocus(),
    )
  })

  test('a read-only account has no mark-as-read or delete controls', async () => {
    signInAsReader()
    const sender = unique('Reader')
    await sendContactMessage(sender)
    await renderApp('/admin/messages')
    const item = await screen.findByRole('article', { name: new RegExp(sender) })
    expect(within(item).getByText('Unread')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Delete message/ })).not.toBeInTheDocument()
  })
})
