import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { deferred, fail, fakeApi, ok } from '@test-support/fake-api'
import { renderWithQuery } from '@test-support/home/render'
import { LazyContactForm } from './lazy-contact-form'

// The api client logs failures by design (docs/PRODUCT.md §8); keep the test output quiet.
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

async function renderForm() {
  renderWithQuery(<LazyContactForm />)
  return screen.findByRole('textbox', { name: 'Name' })
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Grace')
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'grace@example.com')
  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Let us build something.')
}

test('loads the form only after a 100 ms delay', async () => {
  renderWithQuery(<LazyContactForm />)
  expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument()
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument()
  expect(await screen.findByRole('textbox', { name: 'Name' })).toBeInTheDocument()
})

test('shows the validation messages and sends nothing when the form is incomplete', async () => {
  const calls = fakeApi({})
  const user = userEvent.setup()
  await renderForm()
  await user.click(screen.getByRole('button', { name: 'Send message' }))
  expect(await screen.findByText('Name is required')).toBeInTheDocument()
  expect(screen.getByText('Please enter a valid e-mail address')).toBeInTheDocument()
  expect(screen.getByText('Message is required')).toBeInTheDocument()
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true')
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
    'Name is required',
  )
  expect(calls).toEqual([])
})

test('sends the message to POST /contact with an empty honeypot, then thanks and clears the form', async () => {
  const answer = deferred<{ status: number; body?: unknown }>()
  const calls = fakeApi({ 'POST /contact': () => answer.promise })
  const user = userEvent.setup()
  await renderForm()
  await fillIn(user)
  await user.click(screen.getByRole('button', { name: 'Send message' }))

  const busy = await screen.findByRole('button', { name: 'Sending...' })
  expect(busy).toBeDisabled()
  expect(calls).toHaveLength(1)
  expect(calls[0]).toMatchObject({ method: 'POST', path: '/contact', authorization: null })
  expect(calls[0]!.body).toEqual({
    name: 'Grace',
    email: 'grace@example.com',
    message: 'Let us build something.',
    website: '',
  })

  answer.resolve(ok({ success: true }, 201))
  expect(await screen.findByText('Thank you! Your message has been sent.')).toBeInTheDocument()
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('')
  expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('')
  expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled()
})

test('says the message could not be sent and keeps what was typed', async () => {
  fakeApi({ 'POST /contact': () => fail(503, 'Database unavailable') })
  const user = userEvent.setup()
  await renderForm()
  await fillIn(user)
  await user.click(screen.getByRole('button', { name: 'Send message' }))
  expect(
    await screen.findByText('Sorry, your message could not be sent. Please try again later.'),
  ).toBeInTheDocument()
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Grace')
  expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Let us build something.')
})

test("puts the server's field messages on their fields and focuses the first", async () => {
  // The server checks again (docs/PRODUCT.md §5): a rule it has that the browser's check passed.
  fakeApi({
    'POST /contact': () =>
      fail(400, 'E-mail domain does not accept mail', {
        email: 'E-mail domain does not accept mail',
      }),
  })
  const user = userEvent.setup()
  await renderForm()
  await fillIn(user)
  await user.click(screen.getByRole('button', { name: 'Send message' }))
  const email = screen.getByRole('textbox', { name: 'E-mail' })
  await waitFor(() => expect(email).toHaveFocus())
  expect(email).toHaveAttribute('aria-invalid', 'true')
  expect(email).toHaveAccessibleDescription('E-mail domain does not accept mail')
  expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid')
})

test('says there were too many messages on a 429', async () => {
  fakeApi({ 'POST /contact': () => fail(429, 'Too many requests') })
  const user = userEvent.setup()
  await renderForm()
  await fillIn(user)
  await user.click(screen.getByRole('button', { name: 'Send message' }))
  await waitFor(() =>
    expect(screen.getByRole('status')).toHaveTextContent(
      'Too many messages. Please try again later.',
    ),
  )
})

test('the honeypot field is hidden from people and skipped by the keyboard', async () => {
  await renderForm()
  const honeypot = document.querySelector('input[name="website"]') as HTMLInputElement
  expect(honeypot).toHaveAttribute('tabindex', '-1')
  expect(honeypot).toHaveAttribute('autocomplete', 'off')
  expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull()
  expect(screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument()
})
