import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { fakeApi, ok } from '@test-support/fake-api'
import { project } from '@test-support/home/fixtures'
import { renderWithQuery } from '@test-support/home/render'
import { featuredInOrder } from '@/lib/featured-order'
import { FeaturedOrder } from './featured-order'

afterEach(() => vi.unstubAllGlobals())

const projects = [
  project({ id: 1, name: 'Atlas', featured: true, featuredOrder: 1 }),
  project({ id: 2, name: 'Beacon', featured: false }),
  project({ id: 3, name: 'Comet', featured: true, featuredOrder: null }),
  project({ id: 4, name: 'Dune', featured: true, featuredOrder: 0 }),
]
const names = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((li) => li.textContent)

test("lists the featured projects alone in the owner's order, unordered ones last", () => {
  expect(featuredInOrder(projects).map((p) => p.name)).toEqual(['Dune', 'Atlas', 'Comet'])
  renderWithQuery(<FeaturedOrder projects={projects} />)
  expect(names()).toEqual(['Dune', 'Atlas', 'Comet'])
  // Unavailable but focusable, so focus stays on a row that reaches an end.
  expect(screen.getByRole('button', { name: 'Move Dune up' })).toHaveAttribute('aria-disabled')
  expect(screen.getByRole('button', { name: 'Move Comet down' })).toHaveAttribute('aria-disabled')
  expect(screen.getByRole('button', { name: 'Save order' })).toBeDisabled()
})

test('moves with the buttons and by dragging, announces it, and saves the whole order', async () => {
  const calls = fakeApi({ 'PUT /projects/featured-order': () => ok(null, 204) })
  renderWithQuery(<FeaturedOrder projects={projects} />)
  fireEvent.click(screen.getByRole('button', { name: 'Move Comet up' }))
  expect(names()).toEqual(['Dune', 'Comet', 'Atlas'])
  expect(screen.getByRole('status')).toHaveTextContent('Comet moved to position 2 of 3')
  const items = within(screen.getByRole('list')).getAllByRole('listitem')
  fireEvent.dragStart(items[2]!)
  fireEvent.dragOver(items[0]!)
  fireEvent.drop(items[0]!)
  expect(names()).toEqual(['Atlas', 'Dune', 'Comet'])
  fireEvent.click(screen.getByRole('button', { name: 'Save order' }))
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Featured order saved'))
  expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
    { projectIds: [1, 4, 3] },
  ])
})

test('shows nothing when no project is featured', () => {
  const { container } = renderWithQuery(
    <FeaturedOrder projects={[project({ id: 9, name: 'Plain' })]} />,
  )
  expect(container).toBeEmptyDOMElement()
})
