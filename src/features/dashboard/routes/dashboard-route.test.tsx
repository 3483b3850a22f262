import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import {
  renderApp,
  server,
  signInAsAdmin,
  signInAsReader,
  connectToRealApi,
  unique,
  viewShareLink,
  loadScreensFirst,
} from '@test-support/real-api'
import type { Project, Technology, User } from '@shared/contract/types.ts'

connectToRealApi()
loadScreensFirst('/admin/dashboard')

function card(title: string) {
  return within(screen.getByRole('heading', { name: title }).closest('.rounded-xl') as HTMLElement)
}

describe('dashboard', () => {
  test('counts projects, active share, technologies and accounts from the server', async () => {
    signInAsAdmin()
    const [projects, technologies, users] = await Promise.all([
      server.get<Project[]>('/projects'),
      server.get<Technology[]>('/technologies'),
      server.get<User[]>('/users'),
    ])
    await renderApp('/admin/dashboard')
    await screen.findByRole('heading', { name: 'Total Projects', level: 2 })
    // Other test files write to the same server at the same time, so the figures
    // are at least what the server held just before (the percent rule itself is
    // unit-tested in lib/percent.test.ts).
    const figure = async (title: string) =>
      Number((await card(title).findByText(/^\d+$/)).textContent)
    expect(await figure('Total Projects')).toBeGreaterThanOrEqual(projects.length)
    expect(await figure('Technologies Used')).toBeGreaterThanOrEqual(technologies.length)
    expect(await figure('Admin Users')).toBeGreaterThanOrEqual(users.length)
    expect(card('Active Projects').getByText(/^\d+% of total$/)).toBeInTheDocument()
    expect(card('Total Projects').getByRole('link', { name: 'Manage Projects' })).toHaveAttribute(
      'href',
      '/admin/projects',
    )
    expect(
      card('Technologies Used').getByRole('link', { name: 'Manage Technologies' }),
    ).toHaveAttribute('href', '/admin/technologies')
    expect(card('Admin Users').getByRole('link', { name: 'Manage Users' })).toHaveAttribute(
      'href',
      '/admin/users',
    )
    expect(screen.getByRole('link', { name: 'Add New Project' })).toHaveAttribute(
      'href',
      '/admin/projects/new',
    )
    expect(screen.getByRole('link', { name: 'Add New Technology' })).toHaveAttribute(
      'href',
      '/admin/technologies/new',
    )
  })

  test('a read-only account sees the figures but no add buttons and no user management', async () => {
    signInAsReader()
    await renderApp('/admin/dashboard')
    await screen.findByRole('heading', { name: 'Admin Users' })
    // The users list of a read-only account holds only itself.
    expect(await card('Admin Users').findByText('1')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Manage Projects' }).length).toBeGreaterThan(0)
    expect(screen.queryByRole('link', { name: 'Add New Project' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Add New Technology' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Manage Users' })).not.toBeInTheDocument()
  })

  test('lists the share links opened in the last 7 days, each leading to its edit screen', async () => {
    const project = await server.createProject({ name: unique('Opened'), description: 'd' })
    const opened = await server.createShareLink({
      label: unique('Opened'),
      projectIds: [project.id],
    })
    const unopened = await server.createShareLink({
      label: unique('Unopened'),
      projectIds: [project.id],
    })
    await viewShareLink(opened.token)
    signInAsAdmin()
    await renderApp('/admin/dashboard')
    const list = await screen.findByRole('list', { name: 'Share links opened in the last 7 days' })
    expect(within(list).getByRole('link', { name: opened.label })).toHaveAttribute(
      'href',
      `/admin/share-links/edit/${opened.id}`,
    )
    expect(within(list).queryByText(unopened.label)).not.toBeInTheDocument()
    expect(
      card('Share links opened').getByRole('link', { name: 'Manage share links' }),
    ).toHaveAttribute('href', '/admin/share-links')
  })
})
