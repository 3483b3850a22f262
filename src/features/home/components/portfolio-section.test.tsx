import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { Project, TechnologySummary } from '@shared/contract/types.ts'
import { deferred, fail, type Reply } from '@test-support/fake-api'
import { MemoryRouter } from 'react-router-dom'
import { returnFocusToCard } from '@/lib/card-focus'
import { forgetShownProjects, usePublicProjects } from '../api/use-public-projects'
import { node, noEvidence, project, python, react, technologies } from '@test-support/home/fixtures'
import { pagedProjects, publicApi } from '@test-support/home/public-api'
import { renderWithQuery } from '@test-support/home/render'
import { PortfolioSection } from './portfolio-section'

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}))
afterEach(() => {
  forgetShownProjects()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Projects' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent)

/** `count` projects named 'Project 1'… in the order the server answers them. */
const numbered = (count: number, extra: (n: number) => Partial<Project> = () => ({})) =>
  Array.from({ length: count }, (_, i) =>
    project({ id: i + 1, name: `Project ${i + 1}`, technologies: [react], ...extra(i + 1) }),
  )

/** The section with its pages and filter kept as the route keeps them. */
function Portfolio({ technologies }: { technologies: TechnologySummary[] }) {
  const [technologyId, select] = useState<number | null>(null)
  const projects = usePublicProjects(technologyId)
  return (
    <PortfolioSection
      title="PORTFOLIO"
      technologies={technologies}
      projects={{ ...projects, technologyId, select }}
    />
  )
}

const renderSection = (list: TechnologySummary[] = technologies) =>
  renderWithQuery(<Portfolio technologies={list} />)

const projectCalls = (calls: { path: string; query: URLSearchParams }[]) =>
  calls.filter((call) => call.path === '/projects').map((call) => String(call.query))

test('shows the first twelve projects in the order the server answers, from one anonymous page', async () => {
  const calls = publicApi({ 'GET /projects': pagedProjects(numbered(30)) })
  renderSection()
  expect(screen.getByRole('status')).toHaveTextContent('Loading projects')
  await screen.findByRole('list', { name: 'Projects' })
  expect(cardTitles()).toEqual(Array.from({ length: 12 }, (_, i) => `Project ${i + 1}`))
  expect(screen.getByText('Showing 12 of 30 projects')).toBeInTheDocument()
  expect(projectCalls(calls)).toEqual(['limit=12'])
  expect(calls[0]!.authorization).toBeNull()
})

test('back from a project opened on a later page, the same pages show and its card takes focus', async () => {
  const user = userEvent.setup()
  const calls = publicApi({ 'GET /projects': pagedProjects(numbered(30)) })
  // One query client for both visits, as in the app, where the page unmounts while a project is open.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
  })
  const visit = () =>
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <Portfolio technologies={technologies} />
        </QueryClientProvider>
      </MemoryRouter>,
    )
  const first = visit()
  await user.click(await screen.findByRole('button', { name: 'Show more projects' }))
  await screen.findByText('Showing 24 of 30 projects')
  first.unmount()

  // The project page notes the project as it closes (lib/card-focus.ts).
  returnFocusToCard(15)
  visit()
  expect(await screen.findByText('Showing 24 of 30 projects')).toBeInTheDocument()
  expect(cardTitles()).toHaveLength(24)
  expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Project 15' }))
  // From the cache: no page was asked for again.
  expect(projectCalls(calls)).toEqual(['limit=12', expect.stringContaining('cursor=')])
})

test("'Show more projects' asks for the next page and moves focus to its first card", async () => {
  const user = userEvent.setup()
  const calls = publicApi({ 'GET /projects': pagedProjects(numbered(30)) })
  renderSection()
  await user.click(await screen.findByRole('button', { name: 'Show more projects' }))
  await screen.findByText('Showing 24 of 30 projects')
  expect(cardTitles()).toHaveLength(24)
  expect(document.activeElement).toBe(
    screen.getByRole('heading', { level: 3, name: 'Project 13' }).closest('li'),
  )

  // The last page: the button goes, and focus still lands on the first new card.
  await user.click(screen.getByRole('button', { name: 'Show more projects' }))
  await screen.findByRole('heading', { level: 3, name: 'Project 30' })
  expect(cardTitles()).toHaveLength(30)
  expect(screen.queryByRole('button', { name: 'Show more projects' })).not.toBeInTheDocument()
  expect(document.activeElement).toBe(
    screen.getByRole('heading', { level: 3, name: 'Project 25' }).closest('li'),
  )
  expect(projectCalls(calls)).toEqual([
    'limit=12',
    'limit=12&cursor=after-12',
    'limit=12&cursor=after-24',
  ])
})

test('offers a chip for each technology an active project uses, by name, and none for the others', async () => {
  publicApi()
  renderSection()
  const filter = await screen.findByRole('group', { name: 'Filter by technology:' })
  expect(
    within(filter)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Node.js', 'React'])
})

test('a chip asks the server for every project using it, also those on pages not loaded yet', async () => {
  const user = userEvent.setup()
  // Project 25 is the only Python one: not among the twelve shown first.
  const list = numbered(30, (n) => (n === 25 ? { name: 'Deep', technologies: [python] } : {}))
  const withPython = [
    ...technologies.filter((t) => t.id !== python.id),
    { ...python, evidence: { ...noEvidence, projectCount: 1 } },
  ]
  const held = deferred<void>()
  const paged = pagedProjects(list)
  const calls = publicApi({
    'GET /projects': async (call, match): Promise<Awaited<Reply>> => {
      if (call.query.has('technologyId')) await held.promise
      return paged(call, match)
    },
  })
  renderSection(withPython)
  await screen.findByRole('list', { name: 'Projects' })

  const pythonChip = screen.getByRole('button', { name: 'Python' })
  await user.click(pythonChip)
  expect(pythonChip).toHaveAttribute('aria-pressed', 'true')
  expect(await screen.findByRole('status')).toHaveTextContent('Loading projects')
  held.resolve()
  await screen.findByRole('heading', { level: 3, name: 'Deep' })
  expect(cardTitles()).toEqual(['Deep'])
  expect(screen.queryByRole('button', { name: 'Show more projects' })).not.toBeInTheDocument()

  // A second click shows all again, from the page already loaded.
  await user.click(pythonChip)
  expect(pythonChip).toHaveAttribute('aria-pressed', 'false')
  expect(cardTitles()).toHaveLength(12)
  expect(projectCalls(calls)).toEqual(['limit=12', 'limit=12&technologyId=3'])
})

test('switches the filter from one technology to another', async () => {
  const user = userEvent.setup()
  publicApi()
  renderSection()
  await user.click(await screen.findByRole('button', { name: 'Node.js' }))
  expect(await screen.findByRole('heading', { level: 3, name: 'Atlas' })).toBeInTheDocument()
  expect(cardTitles()).toEqual(['Harbor', 'Atlas'])
  await user.click(screen.getByRole('button', { name: 'React' }))
  expect(screen.getByRole('button', { name: 'Node.js' })).toHaveAttribute('aria-pressed', 'false')
  expect(await screen.findByRole('heading', { level: 3, name: 'Lumen' })).toBeInTheDocument()
  expect(cardTitles()).toEqual(['Lumen', 'Harbor'])
})

test("says 'No projects found.' when there are none", async () => {
  publicApi({ 'GET /projects': pagedProjects([]) })
  renderSection(technologies.map((t) => ({ ...t, evidence: noEvidence })))
  expect(await screen.findByText('No projects found.')).toBeInTheDocument()
  expect(screen.queryByRole('group', { name: 'Filter by technology:' })).not.toBeInTheDocument()
})

test("says 'No projects found with the selected technology.' when the server has none for it", async () => {
  const user = userEvent.setup()
  publicApi()
  // The technologies list still counts a project that has since left the chip's technology.
  renderSection([{ ...python, evidence: { ...noEvidence, projectCount: 1 } }])
  await user.click(await screen.findByRole('button', { name: 'Python' }))
  expect(
    await screen.findByText('No projects found with the selected technology.'),
  ).toBeInTheDocument()
  expect(screen.queryByText('No projects found.')).not.toBeInTheDocument()
})

test("a failed 'Show more' keeps the cards, says so, and tries again", async () => {
  const user = userEvent.setup()
  const paged = pagedProjects(numbered(20))
  let failures = 1
  publicApi({
    'GET /projects': (call, match) =>
      call.query.has('cursor') && failures-- > 0
        ? fail(503, 'Database unavailable')
        : paged(call, match),
  })
  renderSection()
  await user.click(await screen.findByRole('button', { name: 'Show more projects' }))
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Failed to load data. Please try again later.',
  )
  expect(cardTitles()).toHaveLength(12)
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  await screen.findByRole('heading', { level: 3, name: 'Project 20' })
  expect(cardTitles()).toHaveLength(20)
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
})

test("a chip's page that fails says so in the section and can be tried again", async () => {
  const user = userEvent.setup()
  let failures = 1
  const paged = pagedProjects([project({ id: 1, name: 'Harbor', technologies: [node] })])
  publicApi({
    'GET /projects': (call, match) =>
      call.query.has('technologyId') && failures-- > 0
        ? fail(503, 'Database unavailable')
        : paged(call, match),
  })
  renderSection()
  await user.click(await screen.findByRole('button', { name: 'Node.js' }))
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Failed to load data. Please try again later.',
  )
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('heading', { level: 3, name: 'Harbor' })).toBeInTheDocument()
})

test('shows years, technology badges, a lazy thumbnail and only safe external links', async () => {
  publicApi({
    'GET /projects': pagedProjects([
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
    ]),
  })
  renderSection()
  expect(await screen.findByText('2024 – Present')).toBeInTheDocument()
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
