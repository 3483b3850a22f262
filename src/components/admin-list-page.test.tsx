// What the three content lists (projects, technologies, certifications) have in
// common, once, over each of them (docs/PRODUCT.md §2.7–2.9): the loading
// spinner and the invitation to create the first item, and the read-only view.
// Each list's own columns and delete rules stay in its feature's tests.
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { paths } from '@/config/paths'
import { deferred, fakeApi, ok } from '@test-support/fake-api'
import {
  connectToRealApi,
  renderApp,
  server,
  signInAsAdmin,
  signInAsReader,
  unique,
} from '@test-support/real-api'

connectToRealApi()
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

interface ListCase {
  resource: string
  path: string
  endpoint: string
  loading: string
  empty: string
  add: string
  /** Makes one item on the shared server and answers its name. */
  create: () => Promise<string>
}

const lists: ListCase[] = [
  {
    resource: 'projects',
    path: paths.admin.projects,
    endpoint: 'GET /projects',
    loading: 'Loading projects',
    empty: 'No projects found. Create your first project!',
    add: 'Add New Project',
    create: async () =>
      (await server.createProject({ name: unique('Readable'), description: 'd' })).name,
  },
  {
    resource: 'technologies',
    path: paths.admin.technologies,
    endpoint: 'GET /technologies',
    loading: 'Loading technologies',
    empty: 'No technologies found. Create your first technology!',
    add: 'Add New Technology',
    create: async () => (await server.createTechnology({ name: unique('Readable') })).name,
  },
  {
    resource: 'certifications',
    path: paths.admin.certifications,
    endpoint: 'GET /certifications',
    loading: 'Loading certifications',
    empty: 'No certifications found. Create your first certification!',
    add: 'Add New Certification',
    create: async () =>
      (await server.createCertification({ name: unique('Readable'), isActive: false })).name,
  },
]

describe.each(lists)('the $resource list', (list) => {
  // The shared test server is never empty, so the empty list is a stubbed fetch.
  test('shows a spinner while loading, then invites to create the first one', async () => {
    signInAsAdmin()
    const answer = deferred<{ status: number; body: unknown }>()
    fakeApi({ [list.endpoint]: () => answer.promise })
    await renderApp(list.path)
    expect(await screen.findByText(list.loading)).toBeInTheDocument()
    answer.resolve(ok([]))
    expect(await screen.findByText(list.empty)).toBeInTheDocument()
  })

  test('lets a read-only user see every row but change nothing', async () => {
    const name = await list.create()
    signInAsReader()
    await renderApp(list.path)
    expect(await screen.findByRole('row', { name: new RegExp(name) })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: list.add })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument()
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument()
  })
})
