import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Contribution, GithubPullRequestItem } from '@shared/contract/types.ts'
import { fail, fakeApi, ok, signIn, type Call } from '@test-support/fake-api'
import { renderApp, loadScreensFirst } from '@test-support/real-api'

loadScreensFirst('/admin/projects')

// Stubbed fetch on purpose, as the import dialog's test: GitHub's refusals are
// answers the shared real-API test server cannot give on demand; the API's
// side is tests/api/contributions.test.ts, against a GitHub stand-in.

const pull = (number: number, repository: string, title: string): GithubPullRequestItem => ({
  url: `https://github.com/${repository}/pull/${number}`,
  repository,
  title,
  mergedAt: '2024-05-02T08:30:00.000Z',
  number,
  chosen: false,
})
const vite = pull(7, 'vitejs/vite', 'docs: typo')
const node = pull(101, 'nodejs/node', 'fs: fix a race')
const shownNode: Contribution = { id: 5, ...node }

const posts = (calls: Call[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/contributions').map((c) => c.body)

beforeEach(() => {
  signIn('admin')
  // The API client logs each failed call; these tests fail calls on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('Open source contributions', () => {
  test('keyboard only: load, tick, save (a failure keeps the tick), remove', async () => {
    let refuse = true
    let shown: Contribution[] = [shownNode]
    const calls = fakeApi({
      'GET /technologies': () => ok([]),
      'GET /projects': () => ok([]),
      'GET /contributions': () => ok(shown),
      'GET /github/pull-requests': (call: Call) =>
        call.query.get('login') === 'octo'
          ? ok({ login: 'octo', pullRequests: [vite, { ...node, chosen: true }] })
          : fail(404, `No GitHub account named ${call.query.get('login')}`),
      'POST /contributions': (call: Call) => {
        if (refuse) return fail(503, "GitHub's limit is reached; try again after 14:05 (UTC)")
        const made = { id: 9, ...(call.body as Omit<Contribution, 'id'>) }
        shown = [...shown, made]
        return ok(made, 201)
      },
      'DELETE /contributions/5': () => {
        shown = shown.filter((c) => c.id !== 5)
        return ok(null, 204)
      },
    })
    const { user } = await renderApp('/admin/projects')
    const trigger = await screen.findByRole('button', { name: 'Open source' })
    trigger.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Open source contributions' })
    expect(await within(dialog).findByText('nodejs/node#101: fs: fix a race')).toBeInTheDocument()

    // A login GitHub could not have is refused before any call.
    const field = within(dialog).getByLabelText('GitHub login')
    await user.type(field, 'bad--login{Enter}')
    expect(field).toHaveAccessibleDescription(
      'A GitHub login is letters, digits and single hyphens, 1 to 39 characters',
    )
    expect(calls.some((c) => c.path === '/github/pull-requests')).toBe(false)

    await user.clear(field)
    await user.type(field, 'octo{Enter}')
    expect(
      await within(dialog).findByText("2 merged pull requests of octo to others' repositories"),
    ).toBeInTheDocument()
    const shownBox = within(dialog).getByRole('checkbox', { name: 'fs: fix a race' })
    expect(shownBox).toBeDisabled()
    expect(shownBox).toHaveAccessibleDescription(/shown already/)
    const box = within(dialog).getByRole('checkbox', { name: 'docs: typo' })
    expect(box).toHaveAccessibleDescription('vitejs/vite#7 · merged 2024-05-02')
    box.focus()
    await user.keyboard(' ')
    expect(box).toBeChecked()

    const save = within(dialog).getByRole('button', { name: 'Show 1 pull request' })
    save.focus()
    await user.keyboard('{Enter}')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "GitHub's limit is reached; try again after 14:05 (UTC)",
    )
    expect(box).toBeChecked()

    refuse = false
    within(dialog).getByRole('button', { name: 'Show 1 pull request' }).focus()
    await user.keyboard('{Enter}')
    expect(await within(dialog).findByText('Now shown: 1 pull request')).toBeInTheDocument()
    expect(posts(calls).at(-1)).toEqual({
      url: vite.url,
      repository: 'vitejs/vite',
      title: 'docs: typo',
      mergedAt: vite.mergedAt,
      number: 7,
    })
    await waitFor(() =>
      expect(within(dialog).getByRole('checkbox', { name: 'docs: typo' })).toBeDisabled(),
    )
    expect(within(dialog).getByText('vitejs/vite#7: docs: typo')).toBeInTheDocument()

    within(dialog).getByRole('button', { name: 'Remove nodejs/node#101' }).focus()
    await user.keyboard('{Enter}')
    expect(await within(dialog).findByText('No longer shown: nodejs/node#101')).toBeInTheDocument()
    expect(within(dialog).queryByText('nodejs/node#101: fs: fix a race')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('checkbox', { name: 'fs: fix a race' })).toBeEnabled()
  })
})
