import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, inject, test, vi } from 'vitest'
import type { Technology } from '@shared/contract/types.ts'
import {
  connectToRealApi,
  renderApp,
  server,
  signInAsAdmin,
  unique,
  loadScreensFirst,
} from '@test-support/real-api'
import { commonTechnologies } from '../lib/common-technologies'

connectToRealApi()
loadScreensFirst('/admin/technologies/new', '/admin/technologies/edit/1')
beforeEach(() => {
  signInAsAdmin()
})
afterEach(() => {
  vi.restoreAllMocks()
})

/** Another tab saves the technology meanwhile (without If-Match, as any client may). */
const changeOnServer = (id: number, body: Record<string, unknown>) =>
  fetch(`${inject('apiUrl')}/technologies/${id}`, {
    method: 'PATCH',
    headers: {
      Authorization: `Bearer ${inject('adminSession').token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  })

const findTechnology = async (name: string) =>
  (await server.get<Technology[]>('/technologies')).find((t) => t.name === name)

describe('technology form', () => {
  test('requires a name', async () => {
    const { user, router } = await renderApp('/admin/technologies/new')
    await user.click(await screen.findByRole('button', { name: 'Create Technology' }))
    expect(await screen.findByText('Technology name is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Technology name is required')
    expect(router.state.location.pathname).toBe('/admin/technologies/new')
  })

  test('offers the common technologies sorted by label; choosing one fills name and icon URL', async () => {
    const { user, router } = await renderApp('/admin/technologies/new')
    const quick = (await screen.findByLabelText(
      'Quick select a common technology',
    )) as HTMLSelectElement
    const labels = Array.from(quick.options)
      .slice(1)
      .map((o) => o.textContent)
    expect(labels).toEqual(commonTechnologies.map((t) => t.label))
    expect(labels).toEqual(
      [...labels].sort((a, b) => (a ?? '').localeCompare(b ?? '', 'en', { sensitivity: 'base' })),
    )

    await user.selectOptions(quick, 'Docker')
    expect(screen.getByLabelText('Name')).toHaveValue('Docker')
    expect(screen.getByLabelText('Icon URL')).toHaveValue('/icons/docker.svg')
    expect(screen.getByRole('img', { name: 'Icon preview' })).toHaveAttribute(
      'src',
      '/icons/docker.svg',
    )

    // The shared server may already know "Docker": save it under a unique name.
    const name = unique('Docker')
    await user.clear(screen.getByLabelText('Name'))
    await user.type(screen.getByLabelText('Name'), name)
    await user.click(screen.getByRole('button', { name: 'Create Technology' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/technologies'))
    expect(await findTechnology(name)).toMatchObject({ icon: '/icons/docker.svg' })
  })

  test('hides the preview when the icon cannot be loaded; an empty icon is saved as null', async () => {
    const { user, router } = await renderApp('/admin/technologies/new')
    await user.type(await screen.findByLabelText('Icon URL'), 'https://example.invalid/missing.svg')
    fireEvent.error(screen.getByRole('img', { name: 'Icon preview' }))
    expect(screen.queryByRole('img', { name: 'Icon preview' })).not.toBeInTheDocument()

    const name = unique('Elm')
    await user.clear(screen.getByLabelText('Icon URL'))
    await user.type(screen.getByLabelText('Name'), name)
    await user.click(screen.getByRole('button', { name: 'Create Technology' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/technologies'))
    expect(await findTechnology(name)).toMatchObject({ icon: null })
  })

  test("shows a duplicate name (409) on the name field and 'Failed to create technology. Please try again.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const taken = await server.createTechnology({ name: unique('Taken') })
    const { user } = await renderApp('/admin/technologies/new')
    await user.type(await screen.findByLabelText('Name'), taken.name)
    await user.click(screen.getByRole('button', { name: 'Create Technology' }))
    expect(
      await screen.findByText('Failed to create technology. Please try again.'),
    ).toBeInTheDocument()
    const name = screen.getByLabelText('Name')
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription('A technology with this name already exists')
    expect(name).toHaveValue(taken.name)
  })

  test('edits an existing technology', async () => {
    const go = await server.createTechnology({ name: unique('Go'), icon: '/icons/go.svg' })
    const { user, router } = await renderApp(`/admin/technologies/edit/${go.id}`)
    const name = await screen.findByLabelText('Name')
    expect(name).toHaveValue(go.name)
    await user.type(name, '-lang')
    await user.click(screen.getByRole('button', { name: 'Update Technology' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/technologies'))
    expect(await server.get<Technology>(`/technologies/${go.id}`)).toMatchObject({
      name: `${go.name}-lang`,
      icon: '/icons/go.svg',
    })
  })

  test("shows 'Failed to update technology. Please try again.' when the update is refused", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const first = await server.createTechnology({ name: unique('First') })
    const second = await server.createTechnology({ name: unique('Second') })
    const { user } = await renderApp(`/admin/technologies/edit/${second.id}`)
    const name = await screen.findByLabelText('Name')
    await user.clear(name)
    await user.type(name, first.name)
    await user.click(screen.getByRole('button', { name: 'Update Technology' }))
    expect(
      await screen.findByText('Failed to update technology. Please try again.'),
    ).toBeInTheDocument()
    expect(name).toHaveAccessibleDescription('A technology with this name already exists')
  })

  test('refuses to overwrite a change saved elsewhere, keeps what was typed, and reloads on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const tech = await server.createTechnology({ name: unique('Deno') })
    const { user, router } = await renderApp(`/admin/technologies/edit/${tech.id}`)
    const name = await screen.findByLabelText('Name')
    expect(name).toHaveValue(tech.name)

    const theirs = unique('Theirs')
    expect((await changeOnServer(tech.id, { name: theirs, icon: '/icons/go.svg' })).status).toBe(
      200,
    )
    const mine = unique('Mine')
    await user.clear(name)
    await user.type(name, mine)
    await user.click(screen.getByRole('button', { name: 'Update Technology' }))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to update technology. Please try again.')
    expect(alert).toHaveTextContent(
      'Someone else changed this technology after you opened it, so your changes were not saved.',
    )
    expect(router.state.location.pathname).toBe(`/admin/technologies/edit/${tech.id}`)
    expect(screen.getByLabelText('Name')).toHaveValue(mine)
    expect(await server.get<Technology>(`/technologies/${tech.id}`)).toMatchObject({ name: theirs })
    // Saving again with the same outdated copy is refused again: nothing is overwritten.
    await user.click(screen.getByRole('button', { name: 'Update Technology' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed')
    expect(await server.get<Technology>(`/technologies/${tech.id}`)).toMatchObject({ name: theirs })

    await user.click(
      within(screen.getByRole('alert')).getByRole('button', { name: 'Reload technology' }),
    )
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(theirs))
    expect(screen.getByLabelText('Icon URL')).toHaveValue('/icons/go.svg')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    await user.type(screen.getByLabelText('Name'), '-2')
    await user.click(screen.getByRole('button', { name: 'Update Technology' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/technologies'))
    expect(await server.get<Technology>(`/technologies/${tech.id}`)).toMatchObject({
      name: `${theirs}-2`,
      icon: '/icons/go.svg',
    })
  })

  test('says it could not load the technology and goes back to the list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { router } = await renderApp('/admin/technologies/edit/987654321')
    expect(
      await screen.findByText('Could not load technology. Please try again.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/technologies'))
  })
})
