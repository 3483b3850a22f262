import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { renderApp, server, signInAsAdmin, signInAsReader, useRealApi } from '../../../../tests/support/real-api'
import type { Project, Technology, User } from '@shared/types.ts'

useRealApi()

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
    const active = projects.filter((p) => p.isActive).length
    const percent = projects.length ? Math.round((active / projects.length) * 100) : 0
    renderApp('/admin/dashboard')
    await screen.findByRole('heading', { name: 'Total Projects' })
    // Other test files write to the same server, so compare loosely where they could interfere.
    expect(await card('Admin Users').findByText(/^\d+$/)).toBeInTheDocument()
    expect(Number(card('Admin Users').getByText(/^\d+$/).textContent)).toBeGreaterThanOrEqual(users.length)
    expect(await card('Active Projects').findByText(/^\d+% of total$/)).toBeInTheDocument()
    if (projects.length === 0) expect(card('Active Projects').getByText(`${percent}% of total`)).toBeInTheDocument()
    expect(card('Technologies Used').getByText(/^\d+$/)).toBeInTheDocument()
    expect(technologies).toBeDefined()
    expect(card('Total Projects').getByRole('link', { name: 'Manage Projects' })).toHaveAttribute('href', '/admin/projects')
    expect(card('Technologies Used').getByRole('link', { name: 'Manage Technologies' })).toHaveAttribute('href', '/admin/technologies')
    expect(card('Admin Users').getByRole('link', { name: 'Manage Users' })).toHaveAttribute('href', '/admin/users')
    expect(screen.getByRole('link', { name: 'Add New Project' })).toHaveAttribute('href', '/admin/projects/new')
    expect(screen.getByRole('link', { name: 'Add New Technology' })).toHaveAttribute('href', '/admin/technologies/new')
  })

  test('a read-only account sees the figures but no add buttons and no user management', async () => {
    signInAsReader()
    renderApp('/admin/dashboard')
    expect(await card('Admin Users').findByText('1')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Manage Projects' }).length).toBeGreaterThan(0)
    expect(screen.queryByRole('link', { name: 'Add New Project' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Add New Technology' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Manage Users' })).not.toBeInTheDocument()
  })
})
