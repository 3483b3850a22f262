import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import {
  connectToRealApi,
  renderApp,
  server,
  signInAsAdmin,
  signInAsReader,
  unique,
} from '@test-support/real-api'

connectToRealApi()

const recent = async () => within(await screen.findByRole('list', { name: 'Recent activity' }))

describe('recent activity on the dashboard', () => {
  test('lists the newest change with who made it, linking to the item', async () => {
    signInAsAdmin()
    const name = unique('Activity')
    const technology = await server.createTechnology({ name })
    await renderApp('/admin/dashboard')
    const link = await (
      await recent()
    ).findByRole('link', {
      name: `Created technology "${name}"`,
    })
    expect(link).toHaveAttribute('href', `/admin/technologies/edit/${technology.id}`)
    expect(link.closest('li')).toHaveTextContent(/by admin/)
  })

  test('a read-only account reads it too, linking to the lists it may open', async () => {
    const name = unique('Seen')
    await server.createTechnology({ name })
    signInAsReader()
    await renderApp('/admin/dashboard')
    const link = await (
      await recent()
    ).findByRole('link', {
      name: `Created technology "${name}"`,
    })
    expect(link).toHaveAttribute('href', '/admin/technologies')
  })

  test('a new featured order is one readable entry, leading to the projects', async () => {
    signInAsAdmin()
    const [first, second] = [unique('First'), unique('Second')]
    const a = await server.createProject({ name: first, description: 'd', featured: true })
    const b = await server.createProject({ name: second, description: 'd', featured: true })
    await server.setFeaturedOrder([b.id, a.id])
    await renderApp('/admin/dashboard')
    const link = await (
      await recent()
    ).findByRole('link', {
      name: `Reordered the featured projects: "${second}", "${first}"`,
    })
    expect(link).toHaveAttribute('href', '/admin/projects')
    await server.setFeaturedOrder([])
  })
})
