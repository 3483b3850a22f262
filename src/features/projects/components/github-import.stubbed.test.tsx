import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { GithubRepositoryItem } from '@shared/contract/types.ts'
import { fail, fakeApi, ok, signIn, type Call } from '@test-support/fake-api'
import { renderApp, loadScreensFirst } from '@test-support/real-api'

loadScreensFirst('/admin/projects')

// Stubbed fetch on purpose: GitHub's refusals (the rate limit, a 502) are
// answers the shared real-API test server cannot give on demand; the API's
// side of them is tests/api/github.test.ts, against a GitHub stand-in.

const repo = (over: Partial<GithubRepositoryItem> & { name: string }): GithubRepositoryItem => ({
  fullName: `octo/${over.name}`,
  description: null,
  language: 'TypeScript',
  topics: [],
  stars: 0,
  forks: 0,
  fork: false,
  archived: false,
  pushedAt: '2024-05-01T00:00:00Z',
  homepage: null,
  projectId: null,
  ...over,
})
const repositories = [
  repo({ name: 'atlas', description: 'Maps', stars: 5 }),
  repo({ name: 'beacon', projectId: 12 }),
  repo({ name: 'copied', fork: true }),
  repo({ name: 'old', archived: true }),
]
const listed = { login: 'octo', repositories }
const base = {
  'GET /technologies': () => ok([]),
  'GET /projects': () => ok([]),
  'GET /github/repositories': (call: Call) =>
    call.query.get('login') === 'octo'
      ? ok(listed)
      : fail(404, `No GitHub account named ${call.query.get('login')}`),
}
const imports = (calls: Call[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/github/import').map((c) => c.body)

beforeEach(() => {
  signIn('admin')
  // The API client logs each failed call; these tests fail calls on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

async function openDialog() {
  const view = await renderApp('/admin/projects')
  await view.user.click(await screen.findByRole('button', { name: 'Import from GitHub' }))
  const dialog = await screen.findByRole('dialog', { name: 'Import from GitHub' })
  return { ...view, dialog }
}

async function showRepositories(
  user: Awaited<ReturnType<typeof openDialog>>['user'],
  dialog: HTMLElement,
  login = 'octo',
) {
  await user.type(within(dialog).getByLabelText('GitHub login'), login)
  await user.keyboard('{Enter}')
}

describe('Import from GitHub', () => {
  test('lists the repositories: forks and archived hidden until asked, imported ones not choosable', async () => {
    fakeApi(base)
    const { user, dialog } = await openDialog()
    await showRepositories(user, dialog)

    expect(await within(dialog).findByText('4 public repositories of octo')).toBeInTheDocument()
    expect(within(dialog).getByRole('checkbox', { name: 'octo/atlas' })).toBeEnabled()
    expect(within(dialog).getByRole('checkbox', { name: 'octo/beacon' })).toBeDisabled()
    expect(within(dialog).getByText(/already a project/)).toBeInTheDocument()
    expect(within(dialog).queryByRole('checkbox', { name: 'octo/copied' })).not.toBeInTheDocument()

    await user.click(
      within(dialog).getByRole('switch', { name: 'Show forks and archived repositories (2)' }),
    )
    expect(within(dialog).getByRole('checkbox', { name: 'octo/copied' })).toBeEnabled()
    expect(within(dialog).getByText('(fork)')).toBeInTheDocument()
    expect(within(dialog).getByText('(archived)')).toBeInTheDocument()
  })

  test('a login GitHub could not have is refused in the dialog, before any call', async () => {
    const calls = fakeApi(base)
    const { user, dialog } = await openDialog()
    await showRepositories(user, dialog, 'bad--login')
    const field = within(dialog).getByLabelText('GitHub login')
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveAccessibleDescription(
      'A GitHub login is letters, digits and single hyphens, 1 to 39 characters',
    )
    expect(calls.some((c) => c.path === '/github/repositories')).toBe(false)

    await user.clear(field)
    await showRepositories(user, dialog, 'nobody')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No GitHub account named nobody',
    )
  })

  test('imports the ticked repositories, keyboard only; a failure keeps the choice', async () => {
    let refuse = true
    const calls = fakeApi({
      ...base,
      'POST /github/import': () =>
        refuse
          ? fail(503, "GitHub's limit is reached; try again after 14:05 (UTC)")
          : ok({ projects: [{ id: 31, repository: 'octo/atlas' }] }, 201),
    })
    const { user, dialog } = await openDialog()
    await showRepositories(user, dialog)
    const atlas = await within(dialog).findByRole('checkbox', { name: 'octo/atlas' })
    atlas.focus()
    await user.keyboard(' ')
    expect(atlas).toBeChecked()
    const button = within(dialog).getByRole('button', { name: 'Import 1 repository' })
    button.focus()
    await user.keyboard('{Enter}')

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "GitHub's limit is reached; try again after 14:05 (UTC)",
    )
    expect(atlas).toBeChecked()
    expect(imports(calls)).toEqual([{ repositories: ['octo/atlas'] }])

    refuse = false
    await user.click(within(dialog).getByRole('button', { name: 'Import 1 repository' }))
    expect(await within(dialog).findByText('Imported 1 project: octo/atlas')).toBeInTheDocument()
    await waitFor(() =>
      expect(within(dialog).getByRole('checkbox', { name: 'octo/atlas' })).toBeDisabled(),
    )
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Import 0 repositories' })).toBeDisabled()
  })
})

describe('Sync now', () => {
  test('says how many projects changed, or why it failed', async () => {
    let failing = false
    fakeApi({
      ...base,
      'POST /github/sync': () =>
        failing
          ? fail(502, 'GitHub answered 500; nothing was changed. Try again in a moment.')
          : ok({ updated: 2, gone: ['octo/deleted'] }),
    })
    const { user } = await renderApp('/admin/projects')
    await user.click(await screen.findByRole('button', { name: 'Sync now' }))
    expect(
      await screen.findByText('2 projects updated from GitHub; no longer on GitHub: octo/deleted'),
    ).toBeInTheDocument()
    failing = true
    await user.click(screen.getByRole('button', { name: 'Sync now' }))
    expect(
      await screen.findByText('GitHub answered 500; nothing was changed. Try again in a moment.'),
    ).toBeInTheDocument()
  })
})
