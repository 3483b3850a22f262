import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { node, project, projects, python, react } from '../testing/fixtures'
import { PortfolioSection } from './portfolio-section'

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Projects' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent)

test('shows projects active first, then newest start year first', () => {
  const list = [
    project({ id: 1, name: 'Old', startYear: 2018 }),
    project({ id: 2, name: 'Hidden draft', startYear: 2025, isActive: false }),
    project({ id: 3, name: 'New', startYear: 2024 }),
    project({ id: 4, name: 'Undated', startYear: null, endYear: null }),
  ]
  render(<PortfolioSection title="PORTFOLIO" projects={list} />)
  expect(cardTitles()).toEqual(['New', 'Old', 'Undated', 'Hidden draft'])
})

test('offers only technologies used by a shown project, and a second click clears the filter', async () => {
  const user = userEvent.setup()
  render(<PortfolioSection title="PORTFOLIO" projects={projects} />)
  const filter = screen.getByRole('group', { name: 'Filter by technology:' })
  expect(
    within(filter)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Node.js', 'React'])

  const nodeChip = within(filter).getByRole('button', { name: 'Node.js' })
  await user.click(nodeChip)
  expect(nodeChip).toHaveAttribute('aria-pressed', 'true')
  expect(cardTitles()).toEqual(['Harbor', 'Atlas'])

  await user.click(nodeChip)
  expect(nodeChip).toHaveAttribute('aria-pressed', 'false')
  expect(cardTitles()).toEqual(['Lumen', 'Harbor', 'Atlas'])
})

test('switches the filter from one technology to another', async () => {
  const user = userEvent.setup()
  render(<PortfolioSection title="PORTFOLIO" projects={projects} />)
  await user.click(screen.getByRole('button', { name: 'Node.js' }))
  await user.click(screen.getByRole('button', { name: 'React' }))
  expect(screen.getByRole('button', { name: 'Node.js' })).toHaveAttribute('aria-pressed', 'false')
  expect(cardTitles()).toEqual(['Lumen', 'Harbor'])
})

test("says 'No projects found.' when there are none", () => {
  render(<PortfolioSection title="PORTFOLIO" projects={[]} />)
  expect(screen.getByText('No projects found.')).toBeInTheDocument()
  expect(screen.queryByRole('group', { name: 'Filter by technology:' })).not.toBeInTheDocument()
})

test("says 'No projects found with the selected technology.' when the filter leaves none", async () => {
  const user = userEvent.setup()
  // A project list whose data changes under an active filter (e.g. after a refetch).
  const { rerender } = render(
    <PortfolioSection
      title="PORTFOLIO"
      projects={[project({ id: 9, name: 'Py', technologies: [python] })]}
    />,
  )
  await user.click(screen.getByRole('button', { name: 'Python' }))
  rerender(
    <PortfolioSection
      title="PORTFOLIO"
      projects={[project({ id: 9, name: 'Py', technologies: [react] })]}
    />,
  )
  expect(screen.getByText('No projects found with the selected technology.')).toBeInTheDocument()
  expect(screen.queryByText('No projects found.')).not.toBeInTheDocument()
})

test('shows years, technology badges, a lazy thumbnail and only safe external links', () => {
  const list = [
    project({
      id: 1,
      name: 'Lumen',
      startYear: 2024,
      endYear: null,
      thumbnail: '/demo/lumen.svg',
      liveUrl: 'https://lumen.example.com',
      githubUrl: 'javascript:void(document.cookie)',
      technologies: [react, node],
    }),
  ]
  render(<PortfolioSection title="PORTFOLIO" projects={list} />)
  expect(screen.getByText('2024 – Present')).toBeInTheDocument()
  expect(
    within(screen.getByRole('list', { name: 'Technologies' })).getAllByRole('listitem'),
  ).toHaveLength(2)
  const image = screen.getByRole('img', { name: 'Screenshot of Lumen' })
  expect(image).toHaveAttribute('loading', 'lazy')
  expect(image).toHaveAttribute('width')
  expect(image).toHaveAttribute('height')
  const live = screen.getByRole('link', { name: 'Live demo of Lumen' })
  expect(live).toHaveAttribute('href', 'https://lumen.example.com')
  expect(live).toHaveAttribute('target', '_blank')
  expect(live).toHaveAttribute('rel', 'noopener noreferrer')
  expect(screen.queryByRole('link', { name: /GitHub/ })).not.toBeInTheDocument()
  expect(document.querySelector('a[href^="javascript"]')).toBeNull()
})

test('renders 5,000 projects twelve at a time', async () => {
  const user = userEvent.setup()
  const many = Array.from({ length: 5000 }, (_, i) =>
    project({ id: i + 1, name: `Project ${i + 1}`, startYear: 2000 + (i % 20) }),
  )
  render(<PortfolioSection title="PORTFOLIO" projects={many} />)
  expect(cardTitles()).toHaveLength(12)
  await user.click(screen.getByRole('button', { name: 'Show more projects' }))
  expect(cardTitles()).toHaveLength(24)
  expect(screen.getByText('Showing 24 of 5000 projects')).toBeInTheDocument()
})
