import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import type { Project, Technology } from '@shared/contract/types.ts'
import { activity, renderApp, unique, loadScreensFirst } from '@test-support/real-api'

loadScreensFirst('/admin/dashboard')

// On a stack of its own: the dashboard lists the ten newest changes, and on
// the shared one another file's writes could push this file's out.
activity.connect()
const createTechnology = (name: string) =>
  activity.call<Technology>('POST', '/technologies', { name })
const createProject = (name: string) =>
  activity.call<Project>('POST', '/projects', { name, description: 'd', featured: true })
const setFeaturedOrder = (projectIds: number[]) =>
  activity.call<void>('PUT', '/projects/featured-order', { projectIds })

const recent = async () => within(await screen.findByRole('list', { name: 'Recent activity' }))

describe('recent activity on the dashboard', () => {
  test('lists the newest change with who made it, linking to the item', async () => {
    activity.signInAsAdmin()
    const name = unique('Activity')
    const technology = await createTechnology(name)
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
    await createTechnology(name)
    activity.signInAsReader()
    await renderApp('/admin/dashboard')
    const link = await (
      await recent()
    ).findByRole('link', {
      name: `Created technology "${name}"`,
    })
    expect(link).toHaveAttribute('href', '/admin/technologies')
  })

  test('a new featured order is one readable entry, leading to the projects', async () => {
    activity.signInAsAdmin()
    const [first, second] = [unique('First'), unique('Second')]
    const a = await createProject(first)
    const b = await createProject(second)
    await setFeaturedOrder([b.id, a.id])
    await renderApp('/admin/dashboard')
    const link = await (
      await recent()
    ).findByRole('link', {
      name: `Reordered the featured projects: "${second}", "${first}"`,
    })
    expect(link).toHaveAttribute('href', '/admin/projects')
    await setFeaturedOrder([])
  })
})
