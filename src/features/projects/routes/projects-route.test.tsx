import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Project } from '@shared/types.ts'
import { fail, fakeApi, ok, signIn } from '../testing/fake-api'
import { renderProjects } from '../testing/render-route'

// Stubbed fetch with contract-shaped answers: the shared test server
// (tests/support) was not available when these were written.

const project = (id: number, name: string, extra: Partial<Project> = {}): Project => ({
  id,
  name,
  description: 'About it',
  startYear: 2020,
  endYear: null,
  liveUrl: null,
  githubUrl: null,
  isActive: true,
  thumbnail: null,
  images: [],
  technologies: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...extra,
})

let rows: Project[]
beforeEach(() => {
  rows = [
    project(1, 'Portfolio', {
      technologies: [
        { id: 1, name: 'React', icon: null },
        { id: 2, name: 'TypeScript', icon: null },
      ],
    }),
    project(2, 'Old blog', { isActive: false }),
  ]
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('projects list', () => {
  test('shows each project with its status and technologies joined by commas', async () => {
    signIn('admin')
    fakeApi({ 'GET /projects': () => ok(rows) })
    renderProjects('/admin/projects')

    expect(screen.getByRole('status')).toHaveTextContent('Loading projects')
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Status',
      'Technologies',
      'Actions',
    ])
    const portfolio = within(table).getByRole('row', { name: /Portfolio/ })
    expect(within(portfolio).getByText('Active')).toBeInTheDocument()
    expect(within(portfolio).getByText('React, TypeScript')).toBeInTheDocument()
    expect(within(table).getByRole('row', { name: /Old blog/ })).toHaveTextContent('Inactive')
    expect(screen.getByRole('link', { name: 'Add New Project' })).toHaveAttribute('href', '/admin/projects/new')
    expect(screen.getByRole('link', { name: 'Edit Portfolio' })).toHaveAttribute('href', '/admin/projects/edit/1')
  })

  test('invites to create the first project when there are none', async () => {
    signIn('admin')
    fakeApi({ 'GET /projects': () => ok([]) })
    renderProjects('/admin/projects')
    expect(await screen.findByText('No projects found. Create your first project!')).toBeInTheDocument()
  })

  test('asks before deleting and removes the project once confirmed', async () => {
    signIn('admin')
    const calls = fakeApi({
      'GET /projects': () => ok(rows),
      'DELETE /projects/(\\d+)': (_call, [, id]) => {
        rows = rows.filter((row) => row.id !== Number(id))
        return { status: 204 }
      },
    })
    const user = userEvent.setup()
    renderProjects('/admin/projects')

    await user.click(await screen.findByRole('button', { name: 'Delete Portfolio' }))
    const dialog = screen.getByRole('alertdialog')
    expect(within(dialog).getByText('Are you sure you want to delete this project?')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    await waitFor(() => expect(screen.queryByRole('row', { name: /Portfolio/ })).not.toBeInTheDocument())
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/projects/1')).toBe(true)
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Projects' })).toHaveFocus())
  })

  test('only logs a failed delete, with no message to the user', async () => {
    signIn('admin')
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({ 'GET /projects': () => ok(rows), 'DELETE /projects/(\\d+)': () => fail(500, 'Internal server error') })
    const user = userEvent.setup()
    renderProjects('/admin/projects')

    await user.click(await screen.findByRole('button', { name: 'Delete Old blog' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }))

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(logged).toHaveBeenCalled()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByRole('row', { name: /Old blog/ })).toBeInTheDocument()
  })

  test('lets a read-only user see the projects but not change them', async () => {
    signIn('user')
    fakeApi({ 'GET /projects': () => ok(rows) })
    renderProjects('/admin/projects')

    expect(await screen.findByRole('row', { name: /Portfolio/ })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Add New Project' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument()
  })

  test('sends a read-only user who opens the create form back to the list', async () => {
    signIn('user')
    fakeApi({ 'GET /projects': () => ok(rows) })
    const { router } = renderProjects('/admin/projects/new')
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/projects')
    expect(screen.queryByRole('button', { name: 'Create Project' })).not.toBeInTheDocument()
  })
})
