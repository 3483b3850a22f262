// The Profile screen on a site of several languages (docs/PRODUCT.md §3, §23):
// a tab per language holds the headline, location, bio and availability note
// in it, checked by the same rules, and a save sends each changed text as its
// configuration's translation. Stubbed fetch on purpose: the real test
// servers' languages and owner name are other files' (first-steps-card,
// languages-route), which a save here would change.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { fakeApi, ok } from '@test-support/fake-api'
import { saveSession } from '@/lib/session'
import ProfileRoute from './profile-route'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const rows = [
  { id: 1, name: 'ownerName', value: 'Léa Martin', description: null, translations: {} },
  {
    id: 2,
    name: 'headline',
    value: 'Platform engineer',
    description: null,
    translations: { fr: { value: 'Ingénieure plateforme' } },
  },
  {
    id: 3,
    name: 'location',
    value: 'Lyon',
    description: null,
    translations: { de: { value: 'Lyon, Frankreich' } },
  },
]

function showProfile(languages = ['en', 'fr', 'de']) {
  saveSession({ token: 'token', user: { id: 1, username: 'lea', role: 'admin' } })
  const calls = fakeApi({
    'GET /languages': () => ok({ default: 'en', languages }),
    'GET /configs': () => ok(rows),
    'PATCH /configs/\\d+': () => ok({}),
    'POST /configs': () => ok({}, 201),
  })
  const router = createMemoryRouter([{ path: '*', element: <ProfileRoute /> }], {
    initialEntries: ['/admin/profile'],
  })
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { calls, user: userEvent.setup() }
}

const writes = (calls: ReturnType<typeof fakeApi>) =>
  calls
    .filter((call) => call.method !== 'GET')
    .map((call) => [call.method, call.path, call.body] as const)

describe('the Profile screen in several languages', () => {
  // The screen's chunk and a form of four sections: slow on a busy machine.
  test(
    'a tab per language holds its texts; a save sends only the changed ones as translations',
    { timeout: 20_000 },
    async () => {
      const { calls, user } = showProfile()
      const french = await screen.findByRole('tab', { name: /French/ })
      // headline is there in French; location, bio and the note are not (only those with a text in English count).
      expect(french).toHaveTextContent('1')
      await user.click(french)
      const headline = screen.getByLabelText('Headline (French)')
      expect(headline).toHaveValue('Ingénieure plateforme')
      expect(headline).toHaveAttribute('lang', 'fr')
      expect(screen.queryByLabelText('Name')).toBeNull()
      await user.type(screen.getByLabelText('Location (French)'), 'Lyon, France')
      await user.type(screen.getByLabelText('Availability note (French)'), 'dès mars')
      await user.click(screen.getByRole('button', { name: 'Save profile' }))

      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Profile saved'))
      expect(writes(calls)).toEqual([
        // The German text stays: only the French one changed.
        ['PATCH', '/configs/3', { value: 'Lyon', translations: { fr: { value: 'Lyon, France' } } }],
        [
          'POST',
          '/configs',
          { name: 'availabilityNote', value: '', translations: { fr: { value: 'dès mars' } } },
        ],
      ])
    },
  )

  // The screen's chunk and a form of four sections: slow on a busy machine.
  test(
    'a text emptied in a language removes that translation; a text too long is refused on its tab',
    { timeout: 20_000 },
    async () => {
      const { calls, user } = showProfile()
      await user.click(await screen.findByRole('tab', { name: /French/ }))
      await user.clear(screen.getByLabelText('Headline (French)'))
      await user.click(screen.getByLabelText('Bio (French)'))
      await user.paste('x'.repeat(601))
      await user.click(screen.getByRole('tab', { name: /English/ }))
      await user.click(screen.getByRole('button', { name: 'Save profile' }))
      // The form goes to the tab of the problem and says it there; nothing is sent.
      expect(await screen.findByLabelText('Bio (French)')).toHaveAccessibleDescription(
        expect.stringContaining('Bio must be at most 600 characters'),
      )
      expect(writes(calls)).toEqual([])

      await user.clear(screen.getByLabelText('Bio (French)'))
      await user.click(screen.getByRole('button', { name: 'Save profile' }))
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Profile saved'))
      expect(writes(calls)).toEqual([
        ['PATCH', '/configs/2', { value: 'Platform engineer', translations: { fr: null } }],
      ])
    },
  )

  // The screen's chunk and a form of four sections: slow on a busy machine.
  test(
    'a site of one language shows no tabs and sends no translations',
    { timeout: 20_000 },
    async () => {
      const { calls, user } = showProfile(['en'])
      const headline = await screen.findByLabelText('Headline')
      expect(screen.queryByRole('tab')).toBeNull()
      await user.clear(headline)
      await user.type(headline, 'Staff engineer')
      await user.click(screen.getByRole('button', { name: 'Save profile' }))
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Profile saved'))
      expect(writes(calls)).toEqual([['PATCH', '/configs/2', { value: 'Staff engineer' }]])
    },
  )
})
