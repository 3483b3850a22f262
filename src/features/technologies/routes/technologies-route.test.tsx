import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Technology } from '@shared/types.ts'
import { fail, fakeApi, ok, signIn } from '../testing/fake-api'
import { renderTechnologies } from '../testing/render-route'

// Stubbed fetch with contract-shaped answers: the shared test server
// (tests/support) was not available when these were written.

let rows: Technology[]
beforeEach(() => {
  rows = [
    { id: 1, name: 'React', icon: '/icons/react.svg', projects: [{ id: 1, name: 'Portfolio' }] },
    { id: 2, name: 'TypeScript', icon: null, projects: [] },
    {
      id: 3,
      name: 'Docker',
      icon: 'https://example.com/docker.svg',
      projects: [
        { id: 1, name: 'Portfolio' },
        { id: 2, name: 'Shop' },
        { id: 3, name: 'Blog' },
      ],
    },
  ]
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('technologies list', () => {
  test("shows name, icon and the project count with 'project'/'projects'", async () => {
    signIn('admin')
    fakeApi({ 'GET /technologies': () => ok(rows) })
    renderTechnologies('/admin/technologies')

    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Icon',
      'Projects',
      'Actions',
    ])
    expect(within(table).getByRole('row', { name: /React/ })).toHaveTextContent('1 project')
    expect(within(table).getByRole('row', { name: /TypeScript/ })).toHaveTextContent('0 projects')
    expect(within(table).getByRole('row', { name: /Docker/ })).toHaveTextContent('3 projects')
    expect(within(table).getByRole('img', { name: 'React' })).toHaveAttribute('src', '/icons/react.svg')
  })

  test('hides an icon that fails to load', async () => {
    signIn('admin')
    fakeApi({ 'GET /technologies': () => ok(rows) })
    renderTechnologies('/admin/technologies')
    fireEvent.error(await screen.findByRole('img', { name: 'Docker' }))
    expect(screen.queryByRole('img', { name: 'Docker' })).not.toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'React' })).toBeInTheDocument()
  })

  test('invites to create the first technology when there are none', async () => {
    signIn('admin')
    fakeApi({ 'GET /technologies': () => ok([]) })
    renderTechnologies('/admin/technologies')
    expect(await screen.findByText('No technologies found. Create your first technology!')).toBeInTheDocument()
  })

  test('asks before deleting and removes the technology once confirmed', async () => {
    signIn('admin')
    const calls = fakeApi({
      'GET /technologies': () => ok(rows),
      'DELETE /technologies/(\\d+)': (_call, [, id]) => {
        rows = rows.filter((row) => row.id !== Number(id))
        return { status: 204 }
      },
    })
    const user = userEvent.setup()
    renderTechnologies('/admin/technologies')

    await user.click(await screen.findByRole('button', { name: 'Delete TypeScript' }))
    const dialog = screen.getByRole('alertdialog')
    expect(within(dialog).getByText('Are you sure you want to delete this technology?')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('row', { name: /TypeScript/ })).not.toBeInTheDocument())
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/technologies/2')).toBe(true)
  })

  test('keeps the row and shows nothing when the delete fails (only logged)', async () => {
    signIn('admin')
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({
      'GET /technologies': () => ok(rows),
      'DELETE /technologies/(\\d+)': () => fail(500, 'Internal server error'),
    })
    const user = userEvent.setup()
    renderTechnologies('/admin/technologies')
    await user.click(await screen.findByRole('button', { name: 'Delete React' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(logged).toHaveBeenCalled()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByRole('row', { name: /React/ })).toBeInTheDocument()
  })

  test('lets a read-only user see the technologies but not change them', async () => {
    signIn('user')
    fakeApi({ 'GET /technologies': () => ok(rows) })
    renderTechnologies('/admin/technologies')
    expect(await screen.findByRole('row', { name: /React/ })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Add New Technology' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument()
  })

  test('sends a read-only user who opens the edit form back to the list', async () => {
    signIn('user')
    fakeApi({ 'GET /technologies': () => ok(rows) })
    const { router } = renderTechnologies('/admin/technologies/edit/1')
    expect(await screen.findByRole('heading', { name: 'Technologies' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/technologies')
  })
})
