import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { deferred, fail, ok, type Handler } from '@test-support/fake-api'
import { HOME_SECTIONS } from '@shared/contract/appearance.ts'
import { FIRST_READS } from '../api/first-reads'
import { forgetShownProjects } from '../api/use-public-projects'
import { configs, education, experiences, projects } from '@test-support/home/fixtures'
import { pagedProjects, publicApi } from '@test-support/home/public-api'
import { renderWithQuery } from '@test-support/home/render'
import HomeRoute from './home-route'
import { drawProfilePart } from '../components/profile-parts'
import { ServerParts } from '../components/server-part'

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}))
afterEach(() => {
  forgetShownProjects()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

test('shows a spinner while the four calls run in parallel, anonymously', async () => {
  // Every answer waits until all four have been asked for: one at a time would never finish.
  const gate = deferred<void>()
  const held =
    (handler: Handler): Handler =>
    async (call, match) => {
      await gate.promise
      return handler(call, match)
    }
  const calls = publicApi({
    'GET /projects': held(pagedProjects(projects)),
    'GET /technologies': held(() => ok([])),
    'GET /certifications': held(() => ok([])),
    'GET /configs/all-as-object': held(() => ok(configs)),
    'GET /experiences': held(() => ok([])),
    'GET /education': held(() => ok([])),
  })
  renderWithQuery(<HomeRoute />)
  expect(screen.getByText('Loading portfolio')).toBeInTheDocument()
  await waitFor(() => expect(calls).toHaveLength(FIRST_READS.length))
  expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument()
  gate.resolve()
  await screen.findByRole('heading', { level: 1 })
  // Exactly the paths index.html starts early (server/public-reads-preload.ts).
  expect(calls.map((c) => `${c.path}${c.query.size ? `?${c.query}` : ''}`).sort()).toEqual(
    [...FIRST_READS].sort(),
  )
  for (const call of calls) expect(call.authorization).toBeNull()
})

test('takes the answers of the reads index.html started instead of asking again', async () => {
  const calls = publicApi()
  const answer = (body: unknown, headers: Record<string, string> = {}) =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        headers: { 'Content-Type': 'application/json', ...headers },
      }),
    )
  // What server/public-reads-preload.ts leaves for the app, for exactly the paths it asks for.
  window.__vitrinePublicReads = Object.fromEntries(
    FIRST_READS.map((path) => [
      path,
      path === '/projects?featured=true'
        ? answer([])
        : path.startsWith('/projects')
          ? answer(projects, { 'X-Total-Count': '3' })
          : path === '/configs/all-as-object'
            ? answer({ ...configs, heroTitle1: 'PRELOADED' })
            : path === '/languages'
              ? answer({ default: 'en', languages: ['en'] })
              : path === '/appearance'
                ? answer({
                    theme: 'classic',
                    accent: '#db2777',
                    font: 'system',
                    sections: HOME_SECTIONS.map((id) => ({ id, visible: true })),
                  })
                : answer([]),
    ]),
  )
  try {
    renderWithQuery(<HomeRoute />)
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('PRELOADED')
    expect(await screen.findByRole('heading', { level: 3, name: 'Atlas' })).toBeInTheDocument()
    expect(calls).toEqual([])
    expect(window.__vitrinePublicReads).toEqual({})
  } finally {
    delete window.__vitrinePublicReads
  }
})

test('merges the configuration over the default texts', async () => {
  publicApi({ 'GET /configs/all-as-object': () => ok({ heroTitle1: 'BACKEND', skillsTitle: '' }) })
  renderWithQuery(<HomeRoute />)
  const hero = await screen.findByRole('heading', { level: 1 })
  expect(hero).toHaveTextContent('BACKEND')
  expect(hero).toHaveTextContent('DEVELOPER')
  for (const title of [
    'MY CERTIFICATIONS',
    'SKILLS',
    'PORTFOLIO',
    'DO YOU HAVE A PROJECT TO DISCUSS?',
  ])
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument()
})

test('has landmarks, one h1, a skip link and the four sections', async () => {
  publicApi()
  renderWithQuery(<HomeRoute />)
  await screen.findByRole('heading', { level: 1 })
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main')
  expect(screen.getByRole('banner')).toBeInTheDocument()
  expect(screen.getByRole('main')).toHaveAttribute('id', 'main')
  // The whole page renders at once, as the server renders it (docs/decisions/023).
  expect(await screen.findByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()}`)
  for (const id of ['experience', 'education', 'certifications', 'skills', 'portfolio', 'contact'])
    expect(document.getElementById(id)).not.toBeNull()
})

test('shows experience as a timeline and education, with months as <time>, linked from the navigation', async () => {
  publicApi()
  renderWithQuery(<HomeRoute />)
  const experience = await screen.findByRole('region', { name: 'EXPERIENCE' })
  const item = within(experience).getByRole('listitem')
  expect(item).toHaveTextContent('Lead Engineer')
  expect(item).toHaveTextContent('Acme · Lyon')
  expect(item).toHaveTextContent('April 2021 – Present')
  expect(item.querySelector('time')).toHaveAttribute('datetime', '2021-04')
  const education = screen.getByRole('region', { name: 'EDUCATION' })
  expect(within(education).getByRole('listitem')).toHaveTextContent('September 2015 – June 2017')
  const nav = screen.getByRole('navigation', { name: 'Main' })
  expect(within(nav).getByRole('link', { name: 'Experience' })).toHaveAttribute(
    'href',
    '#experience',
  )
})

test("links an organization and an institution to their web address, and never to another scheme's", async () => {
  publicApi({
    'GET /experiences': () =>
      ok([
        { ...experiences[0]!, url: 'https://acme.example/jobs' },
        { ...experiences[0]!, id: 2, organization: 'Initech', url: 'javascript:alert(1)' },
      ]),
    'GET /education': () =>
      ok([
        { ...education[0]!, url: 'https://univ-lyon.example' },
        { ...education[0]!, id: 2, institution: 'Night School', url: 'data:text/html,<b>x</b>' },
      ]),
  })
  renderWithQuery(<HomeRoute />)
  const experience = await screen.findByRole('region', { name: 'EXPERIENCE' })
  const acme = within(experience).getByRole('link', { name: 'Acme' })
  expect(acme).toHaveAttribute('href', 'https://acme.example/jobs')
  expect(acme).toHaveAttribute('rel', 'noopener noreferrer')
  expect(acme.parentElement).toHaveTextContent(/^Acme · Lyon$/)
  expect(within(experience).getByText(/^Initech/)).toBeVisible()
  expect(within(experience).queryByRole('link', { name: 'Initech' })).toBeNull()
  const school = screen.getByRole('region', { name: 'EDUCATION' })
  expect(within(school).getByRole('link', { name: 'University of Lyon' })).toHaveAttribute(
    'href',
    'https://univ-lyon.example',
  )
  expect(within(school).getByText('Night School')).toBeVisible()
  expect(within(school).queryByRole('link', { name: 'Night School' })).toBeNull()
  expect(document.querySelector('a[href^="javascript"], a[href^="data"]')).toBeNull()
})

test('leaves out the experience and education sections, and their links, while they are empty', async () => {
  publicApi({ 'GET /experiences': () => ok([]), 'GET /education': () => ok([]) })
  renderWithQuery(<HomeRoute />)
  await screen.findByRole('heading', { level: 1 })
  expect(document.getElementById('experience')).toBeNull()
  expect(document.getElementById('education')).toBeNull()
  const nav = screen.getByRole('navigation', { name: 'Main' })
  expect(within(nav).queryByRole('link', { name: 'Experience' })).toBeNull()
})

test('shows the load error in place of the content and keeps the navigation', async () => {
  publicApi({ 'GET /technologies': () => fail(503, 'Database unavailable') })
  renderWithQuery(<HomeRoute />)
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Failed to load data. Please try again later.',
  )
  expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument()
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
})

test('shows the load error when the first page of projects fails', async () => {
  publicApi({ 'GET /projects': () => fail(503, 'Database unavailable') })
  renderWithQuery(<HomeRoute />)
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Failed to load data. Please try again later.',
  )
  expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument()
})

/** The page with the parts only the server draws (the profile's links), as the server renders it. */
const ServerDrawnHome = () => (
  <ServerParts value={drawProfilePart}>
    <HomeRoute />
  </ServerParts>
)

test('renders contact links only for safe URLs', async () => {
  publicApi({
    'GET /configs/all-as-object': () =>
      ok({ ...configs, linkedinUrl: 'javascript:void(document.cookie)', email: 'not an address' }),
  })
  renderWithQuery(<ServerDrawnHome />)
  const contact = await screen.findByRole('region', { name: 'DO YOU HAVE A PROJECT TO DISCUSS?' })
  expect(within(contact).getByRole('link', { name: 'GitHub' })).toHaveAttribute(
    'href',
    'https://github.com/owner',
  )
  expect(within(contact).queryByRole('link', { name: 'LinkedIn' })).not.toBeInTheDocument()
  expect(within(contact).queryByText('not an address')).not.toBeInTheDocument()
  expect(document.querySelector('a[href^="javascript"]')).toBeNull()
})

test('links the e-mail address', async () => {
  publicApi()
  renderWithQuery(<ServerDrawnHome />)
  // In the hero and in the contact section.
  const links = await screen.findAllByRole('link', { name: 'owner@example.com' })
  expect(links.map((link) => link.getAttribute('href'))).toEqual([
    'mailto:owner@example.com',
    'mailto:owner@example.com',
  ])
})

test('offers the CV to read and print beside its PDF', async () => {
  publicApi()
  renderWithQuery(<HomeRoute />)
  const contact = await screen.findByRole('region', { name: 'DO YOU HAVE A PROJECT TO DISCUSS?' })
  expect(within(contact).getByRole('link', { name: 'View CV' })).toHaveAttribute('href', '/cv')
  expect(within(contact).getByRole('link', { name: 'Download CV' }).getAttribute('href')).toMatch(
    /\/cv\.pdf$/,
  )
})

test('sets the title, description and Open Graph tags from the configuration', async () => {
  publicApi({
    'GET /configs/all-as-object': () => ok({ ...configs, ownerName: 'Ada </script><b>' }),
  })
  renderWithQuery(<HomeRoute />)
  await screen.findByRole('heading', { level: 1 })
  await waitFor(() => expect(document.title).toBe('Owner — Developer'))
  expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
    'content',
    'Portfolio of the owner.',
  )
  expect(document.querySelector('meta[property="og:title"]')).toHaveAttribute(
    'content',
    'Owner — Developer',
  )
  // The JSON-LD Person is the server's, in the head (tests/api/pages.test.ts).
  expect(document.querySelector('script[type="application/ld+json"]')).toBeNull()
})
