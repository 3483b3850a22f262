import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { fail, fakeApi, ok, signIn, type Call } from '../testing/fake-api'
import { renderTechnologies } from '../testing/render-route'

// Stubbed fetch with contract-shaped answers: the shared test server
// (tests/support) was not available when these were written.

const base = { 'GET /technologies': () => ok([]) }
const sent = (calls: Call[], method: string) => calls.find((c) => c.method === method && c.path.startsWith('/technologies'))?.body

beforeEach(() => signIn('admin'))
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('technology form', () => {
  test('requires a name', async () => {
    const calls = fakeApi(base)
    const user = userEvent.setup()
    renderTechnologies('/admin/technologies/new')
    await user.click(await screen.findByRole('button', { name: 'Create Technology' }))
    expect(await screen.findByText('Technology name is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Technology name is required')
    expect(sent(calls, 'POST')).toBeUndefined()
  })

  test('fills name and icon URL from the quick select and previews the icon', async () => {
    const calls = fakeApi({ ...base, 'POST /technologies': (c) => ok({ id: 5, projects: [], ...(c.body as object) }, 201) })
    const user = userEvent.setup()
    const { router } = renderTechnologies('/admin/technologies/new')
    const quick = await screen.findByLabelText('Quick select a common technology')
    const labels = Array.from((quick as HTMLSelectElement).options)
      .slice(1)
      .map((o) => o.textContent ?? '')
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))

    await user.selectOptions(quick, 'Docker')
    expect(screen.getByLabelText('Name')).toHaveValue('Docker')
    expect(screen.getByLabelText('Icon URL')).toHaveValue('/icons/docker.svg')
    expect(screen.getByRole('img', { name: 'Icon preview' })).toHaveAttribute('src', '/icons/docker.svg')

    await user.click(screen.getByRole('button', { name: 'Create Technology' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/technologies'))
    expect(sent(calls, 'POST')).toEqual({ name: 'Docker', icon: '/icons/docker.svg' })
  })

  test('hides the preview when the icon cannot be loaded and sends no icon as null', async () => {
    const calls = fakeApi({ ...base, 'POST /technologies': (c) => ok({ id: 5, projects: [], ...(c.body as object) }, 201) })
    const user = userEvent.setup()
    renderTechnologies('/admin/technologies/new')
    await user.type(await screen.findByLabelText('Icon URL'), 'https://example.com/missing.svg')
    fireEvent.error(screen.getByRole('img', { name: 'Icon preview' }))
    expect(screen.queryByRole('img', { name: 'Icon preview' })).not.toBeInTheDocument()

    await user.clear(screen.getByLabelText('Icon URL'))
    await user.type(screen.getByLabelText('Name'), 'Elm')
    await user.click(screen.getByRole('button', { name: 'Create Technology' }))
    await waitFor(() => expect(sent(calls, 'POST')).toEqual({ name: 'Elm', icon: null }))
  })

  test('shows a duplicate name refusal (409) on the name field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({ ...base, 'POST /technologies': () => fail(409, 'A technology with this name already exists') })
    const user = userEvent.setup()
    renderTechnologies('/admin/technologies/new')
    await user.type(await screen.findByLabelText('Name'), 'React')
    await user.click(screen.getByRole('button', { name: 'Create Technology' }))
    expect(await screen.findByText('Failed to create technology. Please try again.')).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('A technology with this name already exists')
  })

  test('edits an existing technology', async () => {
    const calls = fakeApi({
      ...base,
      'GET /technologies/3': () => ok({ id: 3, name: 'Go', icon: '/icons/go.svg', projects: [] }),
      'PATCH /technologies/3': (c) => ok({ id: 3, projects: [], ...(c.body as object) }),
    })
    const user = userEvent.setup()
    const { router } = renderTechnologies('/admin/technologies/edit/3')
    const name = await screen.findByLabelText('Name')
    expect(name).toHaveValue('Go')
    await user.type(name, 'lang')
    await user.click(screen.getByRole('button', { name: 'Update Technology' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/technologies'))
    expect(sent(calls, 'PATCH')).toEqual({ name: 'Golang', icon: '/icons/go.svg' })
  })

  test("shows 'Failed to update technology. Please try again.' when saving fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({
      ...base,
      'GET /technologies/3': () => ok({ id: 3, name: 'Go', icon: null, projects: [] }),
      'PATCH /technologies/3': () => fail(500, 'Internal server error'),
    })
    const user = userEvent.setup()
    renderTechnologies('/admin/technologies/edit/3')
    await user.click(await screen.findByRole('button', { name: 'Update Technology' }))
    expect(await screen.findByText('Failed to update technology. Please try again.')).toBeInTheDocument()
  })

  test('says it could not load the technology and goes back to the list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({ ...base, 'GET /technologies/9': () => fail(404, 'Technology not found') })
    const { router } = renderTechnologies('/admin/technologies/edit/9')
    expect(await screen.findByText('Could not load technology. Please try again.')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/technologies'))
  })
})
