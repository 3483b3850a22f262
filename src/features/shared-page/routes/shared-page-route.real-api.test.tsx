// A share link's page as a static host serves it (docs/PRODUCT.md §24): the
// app shell alone, which reads the link from the API (JSON) and renders it in
// the browser, with the same 404/410/passphrase rules and the same noindex
// meta as the server's rendering. Against the real API
// (tests/support/real-api.tsx); cookies do not travel here, as they do not
// from a static host to the API on another site, so the pass goes as
// X-Share-Pass.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect, inject, test, vi } from 'vitest'
import { slugify } from '@/config/paths'
import { clearSession } from '@/lib/session'
import {
  connectToRealApi,
  renderApp,
  server,
  signInAsAdmin,
  unique,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/s/1')

afterEach(() => {
  clearSession()
  sessionStorage.clear()
  vi.restoreAllMocks()
})

interface Created {
  id: number
  token: string
}
/** A write as the admin, straight to the API (the back office's screen is not under test here). */
async function adminPost<T>(path: string, body: unknown, method = 'POST'): Promise<T> {
  const { token } = inject('adminSession')
  const response = await fetch(`${inject('apiUrl')}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`)
  return (await response.json()) as T
}

const createLink = (body: Record<string, unknown>) =>
  adminPost<Created>('/share-links', { label: unique('Label'), ...body })

const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content')

test('the shell renders the chosen projects in order, the note and noindex, and sends one view beacon', async () => {
  const first = await server.createProject({ name: unique('Second made'), description: 'b' })
  const second = await server.createProject({ name: unique('First made'), description: 'a' })
  const link = await createLink({ projectIds: [second.id, first.id], note: 'Hi Grace,\nhere.' })
  const beacons = vi.spyOn(globalThis, 'fetch')

  await renderApp(`/s/${link.token}`)
  const list = await screen.findByRole('list')
  const names = within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent)
  expect(names).toEqual([second.name, first.name])
  expect(screen.getByTestId('shared-note')).toHaveTextContent('Hi Grace, here.')
  expect(within(list).getByRole('link', { name: second.name })).toHaveAttribute(
    'href',
    `/s/${link.token}/projects/${second.id}-${slugify(second.name)}`,
  )
  await waitFor(() => expect(robots()).toBe('noindex, nofollow'))
  expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute(
    'content',
    'no-referrer',
  )
  await waitFor(() =>
    expect(beacons.mock.calls.filter(([url]) => String(url).endsWith('/views'))).toHaveLength(1),
  )
})

test('a signed-in browser (the owner) sends its token with the beacon, so it is not counted', async () => {
  const project = await server.createProject({ name: unique('Owned'), description: 'o' })
  const link = await createLink({ projectIds: [project.id] })
  const { token } = inject('adminSession')
  signInAsAdmin()
  const calls = vi.spyOn(globalThis, 'fetch')
  await renderApp(`/s/${link.token}`)
  await screen.findByRole('heading', { level: 3, name: project.name })
  await waitFor(() => {
    const beacon = calls.mock.calls.find(([url]) => String(url).endsWith('/views'))
    expect((beacon?.[1]?.headers as Record<string, string>)?.Authorization).toBe(`Bearer ${token}`)
  })
})

test('an expired link says so and leads to the portfolio; an unknown one is not found', async () => {
  const project = await server.createProject({ name: unique('Gone'), description: 'g' })
  const link = await createLink({ projectIds: [project.id] })
  await adminPost(`/share-links/${link.id}`, { expiresAt: '2020-01-01T00:00:00Z' }, 'PATCH')
  const { unmount } = await renderApp(`/s/${link.token}`)
  expect(
    await screen.findByRole('heading', { level: 1, name: 'This link has expired' }),
  ).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'See the portfolio' })).toHaveAttribute('href', '/')
  expect(screen.queryByText(project.name)).not.toBeInTheDocument()
  expect(robots()).toBe('noindex, nofollow')
  unmount()

  await renderApp(`/s/${'z'.repeat(32)}`)
  expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument()
})

test('a passphrase first: a wrong one is announced, the right one opens the page with its pass', async () => {
  const project = await server.createProject({ name: unique('Locked'), description: 'l' })
  const link = await createLink({ projectIds: [project.id], passphrase: 'open sesame' })
  const { user } = await renderApp(`/s/${link.token}`)
  const field = await screen.findByLabelText('Passphrase')
  expect(screen.queryByText(project.name)).not.toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'Open' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('Enter the passphrase')
  expect(field).toHaveAttribute('aria-invalid', 'true')

  await user.type(field, 'open sesame!')
  await user.click(screen.getByRole('button', { name: 'Open' }))
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Wrong passphrase'))
  expect(field).toHaveAccessibleDescription('Wrong passphrase')

  await user.clear(field)
  await user.type(field, 'open sesame')
  await user.click(screen.getByRole('button', { name: 'Open' }))
  expect(await screen.findByRole('heading', { level: 3, name: project.name })).toBeInTheDocument()
  expect(sessionStorage.getItem(`vitrine.sharePass.${link.token}`)).toMatch(/^\d+\./)
})
