import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, inject, test, vi } from 'vitest'
import type { Project, Technology } from '@shared/contract/types.ts'
import {
  connectToRealApi,
  renderApp,
  server,
  signInAsAdmin,
  unique,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/admin/technologies')
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

describe('technologies list (real API)', () => {
  test("shows name, icon and the project count with 'project'/'projects'", async () => {
    const none = await server.createTechnology({ name: unique('Lonely') })
    const one = await server.createTechnology({ name: unique('Single'), icon: '/icons/react.svg' })
    const three = await server.createTechnology({ name: unique('Popular') })
    await server.createProject({
      name: unique('P'),
      description: 'd',
      technologiesIds: [one.id, three.id],
    })
    await server.createProject({ name: unique('P'), description: 'd', technologiesIds: [three.id] })
    await server.createProject({ name: unique('P'), description: 'd', technologiesIds: [three.id] })
    signInAsAdmin()
    await renderApp('/admin/technologies')

    const projectsCell = async (name: string) => within(await rowOf(name)).getAllByRole('cell')[2]
    expect(await projectsCell(none.name)).toHaveTextContent(/^0 projects$/)
    expect(await projectsCell(one.name)).toHaveTextContent(/^1 project$/)
    expect(await projectsCell(three.name)).toHaveTextContent(/^3 projects$/)
    expect(within(await rowOf(one.name)).getByRole('img', { name: one.name })).toHaveAttribute(
      'src',
      '/icons/react.svg',
    )
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Icon',
      'Projects',
      'Actions',
    ])
    expect(screen.getByRole('link', { name: `Edit ${one.name}` })).toHaveAttribute(
      'href',
      `/admin/technologies/edit/${one.id}`,
    )
  })

  test('hides an icon that fails to load', async () => {
    const broken = await server.createTechnology({
      name: unique('Broken'),
      icon: 'https://example.invalid/x.svg',
    })
    signInAsAdmin()
    await renderApp('/admin/technologies')
    const row = await rowOf(broken.name)
    fireEvent.error(within(row).getByRole('img', { name: broken.name }))
    expect(within(row).queryByRole('img')).not.toBeInTheDocument()
  })

  test('asks before deleting and removes the technology once confirmed', async () => {
    const doomed = await server.createTechnology({ name: unique('Doomed') })
    signInAsAdmin()
    const { user } = await renderApp('/admin/technologies')
    await rowOf(doomed.name)
    await user.click(screen.getByRole('button', { name: `Delete ${doomed.name}` }))
    const dialog = screen.getByRole('alertdialog')
    expect(
      within(dialog).getByText('Are you sure you want to delete this technology?'),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    await waitFor(() =>
      expect(screen.queryByRole('row', { name: new RegExp(doomed.name) })).not.toBeInTheDocument(),
    )
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Technologies' })).toHaveFocus())
    expect((await server.get<Technology[]>('/technologies')).some((t) => t.id === doomed.id)).toBe(
      false,
    )
  })

  test('says how many projects use the technology before deleting it, inactive ones included', async () => {
    const popular = await server.createTechnology({ name: unique('Used') })
    const single = await server.createTechnology({ name: unique('Once') })
    const unused = await server.createTechnology({ name: unique('Unused') })
    const projects = []
    for (const isActive of [true, true, false])
      projects.push(
        await server.createProject({
          name: unique('P'),
          description: 'd',
          isActive,
          technologiesIds: [popular.id],
        }),
      )
    await server.createProject({
      name: unique('P'),
      description: 'd',
      technologiesIds: [single.id],
    })
    signInAsAdmin()
    const { user } = await renderApp('/admin/technologies')

    const ask = async (name: string) => {
      await rowOf(name)
      await user.click(screen.getByRole('button', { name: `Delete ${name}` }))
      return screen.getByRole('alertdialog')
    }
    const spec = 'Are you sure you want to delete this technology?'
    for (const [tech, consequence] of [
      [single, 'It is used by 1 project, which will no longer list it.'],
      [unused, 'No project uses it.'],
    ] as const) {
      const dialog = await ask(tech.name)
      expect(within(dialog).getByText(spec)).toBeInTheDocument()
      expect(dialog).toHaveAccessibleDescription(`${spec} ${consequence}`)
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    }

    const dialog = await ask(popular.name)
    expect(dialog).toHaveAccessibleDescription(
      `${spec} It is used by 3 projects, which will no longer list it.`,
    )
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: new RegExp(popular.name) })).not.toBeInTheDocument(),
    )
    for (const project of projects) {
      const now = await server.get<Project>(`/projects/${project.id}`)
      expect(now.technologies.map((t) => t.id)).not.toContain(popular.id)
    }
  })

  test('keeps the row and shows nothing when the delete fails (only logged)', async () => {
    const gone = await server.createTechnology({ name: unique('Gone') })
    signInAsAdmin()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = await renderApp('/admin/technologies')
    await rowOf(gone.name)
    await deleteOnServer(`/technologies/${gone.id}`)
    await user.click(screen.getByRole('button', { name: `Delete ${gone.name}` }))
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    )

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(logged).toHaveBeenCalledWith(
      'Failed to delete technology',
      expect.objectContaining({ status: 404 }),
    )
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Delete ${gone.name}` })).toHaveFocus(),
    )
  })
})
