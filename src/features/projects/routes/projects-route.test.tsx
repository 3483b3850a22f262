import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, inject, test, vi } from 'vitest'
import {
  renderApp,
  server,
  signInAsAdmin,
  unique,
  connectToRealApi,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/admin/projects')
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const rowOf = (name: string) => screen.findByRole('row', { name: new RegExp(name) })

/** Removes a record behind the screen's back, as another admin would. */
const deleteOnServer = (path: string) =>
  fetch(`${inject('apiUrl')}${path}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${inject('adminSession').token}` },
  })

describe('projects list (real API)', () => {
  test('shows each project with its status and technologies joined by commas', async () => {
    const react = await server.createTechnology({ name: unique('React') })
    const ts = await server.createTechnology({ name: unique('TypeScript') })
    const live = await server.createProject({
      name: unique('Portfolio'),
      description: 'd',
      technologiesIds: [react.id, ts.id],
    })
    const old = await server.createProject({
      name: unique('Old blog'),
      description: 'd',
      isActive: false,
    })
    signInAsAdmin()
    await renderApp('/admin/projects')

    const row = await rowOf(live.name)
    expect(within(row).getByText('Active')).toBeInTheDocument()
    expect(live.technologies).toHaveLength(2)
    expect(
      within(row).getByText(live.technologies.map((t) => t.name).join(', ')),
    ).toBeInTheDocument()
    expect(await rowOf(old.name)).toHaveTextContent('Inactive')
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Status',
      'Technologies',
      'Actions',
    ])
    expect(screen.getByRole('heading', { name: 'Projects' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Add New Project' })).toHaveAttribute(
      'href',
      '/admin/projects/new',
    )
    expect(screen.getByRole('link', { name: `Edit ${live.name}` })).toHaveAttribute(
      'href',
      `/admin/projects/edit/${live.id}`,
    )
  })

  test('asks before deleting and removes the project once confirmed', async () => {
    const doomed = await server.createProject({ name: unique('Doomed'), description: 'd' })
    signInAsAdmin()
    const { user } = await renderApp('/admin/projects')

    await rowOf(doomed.name)
    await user.click(screen.getByRole('button', { name: `Delete ${doomed.name}` }))
    const dialog = screen.getByRole('alertdialog')
    expect(
      within(dialog).getByText('Are you sure you want to delete this project?'),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    await waitFor(() =>
      expect(screen.queryByRole('row', { name: new RegExp(doomed.name) })).not.toBeInTheDocument(),
    )
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Projects' })).toHaveFocus())
    const left = await server.get<{ id: number }[]>('/projects')
    expect(left.some((p) => p.id === doomed.id)).toBe(false)
  })

  test('only logs a failed delete, with no message to the user', async () => {
    const gone = await server.createProject({ name: unique('Gone'), description: 'd' })
    signInAsAdmin()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = await renderApp('/admin/projects')
    await rowOf(gone.name)
    await deleteOnServer(`/projects/${gone.id}`)

    await user.click(screen.getByRole('button', { name: `Delete ${gone.name}` }))
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    )

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(logged).toHaveBeenCalledWith(
      'Failed to delete project',
      expect.objectContaining({ status: 404 }),
    )
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Delete ${gone.name}` })).toHaveFocus(),
    )
  })
})
