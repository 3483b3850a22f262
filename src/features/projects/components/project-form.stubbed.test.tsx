import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Project, Technology } from '@shared/contract/types.ts'
import { deferred, fail, fakeApi, ok, signIn, type Call } from '@test-support/fake-api'
import { fakeSigner, fakeUploads } from '@test-support/projects/fake-xhr'
import { renderApp, loadScreensFirst } from '@test-support/real-api'

loadScreensFirst('/admin/projects/new', '/admin/projects/edit/1')

// Stubbed fetch and XMLHttpRequest on purpose: these tests hold requests open
// to look at each busy state, and need server failures (500, a 400 field
// error) that the real test server will not produce on demand.

const png = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' })
const evidence = {
  projectCount: 0,
  experienceCount: 0,
  certificationCount: 0,
  postCount: 0,
  firstYear: null,
  lastYear: null,
  projects: [],
  posts: [],
}
const technologies: Technology[] = [{ id: 1, name: 'React', icon: null, projects: [], evidence }]
const base = {
  'GET /technologies': () => ok(technologies),
  'GET /projects': () => ok([]),
}
const posted = (calls: Call[]) =>
  calls.find((c) => c.method === 'POST' && c.path === '/projects')?.body
const existing: Project = {
  id: 7,
  name: 'Shop',
  description: 'An online shop',
  descriptionHtml: '<p>An online shop</p>\n',
  startYear: 2021,
  endYear: null,
  liveUrl: null,
  githubUrl: null,
  isActive: true,
  featured: false,
  featuredOrder: null,
  thumbnail: null,
  images: [],
  imageDetails: [],
  github: null,
  technologies: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
}

beforeEach(() => {
  signIn('admin')
  URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`)
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Name'), 'Portfolio')
  await user.type(screen.getByLabelText('Description'), 'My site')
}

describe('saving a project, step by step', () => {
  test('disables the button and shows each upload\'s progress while "Uploading Images...", then "Creating Project..."', async () => {
    const save = deferred<{ status: number; body: unknown }>()
    const calls = fakeApi({
      ...base,
      'POST /uploads/sign': fakeSigner(),
      'POST /projects': () => save.promise,
    })
    const uploads = fakeUploads()
    const user = userEvent.setup()
    const { router } = await renderApp('/admin/projects/new')
    await fillRequired(user)
    await user.upload(screen.getByLabelText('Thumbnail'), png('cover.png'))
    await user.upload(screen.getByLabelText('Project images'), png('one.png'))
    await user.click(screen.getByRole('button', { name: 'Create Project' }))

    expect(await screen.findByRole('button', { name: 'Uploading Images...' })).toBeDisabled()
    await waitFor(() => expect(uploads).toHaveLength(1))
    uploads[0]!.progress(0.4)
    expect(await screen.findByRole('progressbar', { name: 'Uploading cover.png' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    )
    expect(screen.getByRole('progressbar', { name: 'Uploading one.png' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    )
    // Straight to storage, with none of our session's tokens.
    expect(uploads[0]!.method).toBe('PUT')
    expect(uploads[0]!.url).toMatch(
      /\/storage\/v1\/object\/upload\/sign\/images\/signed-1\.png\?token=t1$/,
    )
    expect(uploads[0]!.headers.authorization).toBeUndefined()
    expect(uploads[0]!.file?.name).toBe('cover.png')
    uploads[0]!.stored()
    await waitFor(() => expect(uploads).toHaveLength(2))
    uploads[1]!.stored()

    expect(await screen.findByRole('button', { name: 'Creating Project...' })).toBeDisabled()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    save.resolve(ok({ ...existing, ...(posted(calls) as object) }, 201))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/projects'))
    expect(posted(calls)).toMatchObject({
      thumbnail: '/uploads/signed-1.png',
      images: ['/uploads/signed-2.png'],
    })
  })

  test('after a failed upload, a retry sends only the files not yet uploaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const calls = fakeApi({
      ...base,
      'POST /uploads/sign': fakeSigner(),
      'POST /projects': (c) => ok({ ...existing, ...(c.body as object) }, 201),
    })
    const uploads = fakeUploads()
    const user = userEvent.setup()
    await renderApp('/admin/projects/new')
    await fillRequired(user)
    await user.upload(screen.getByLabelText('Project images'), [png('a.png'), png('b.png')])
    await user.click(screen.getByRole('button', { name: 'Create Project' }))
    await waitFor(() => expect(uploads).toHaveLength(1))
    uploads[0]!.stored()
    await waitFor(() => expect(uploads).toHaveLength(2))
    uploads[1]!.respond(500, { statusCode: '500', error: 'internal', message: 'Internal error' })
    expect(await screen.findByText('Failed to upload b.png')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Create Project' }))
    await waitFor(() => expect(uploads).toHaveLength(3))
    expect(uploads[2]!.file?.name).toBe('b.png')
    uploads[2]!.stored()
    await waitFor(() =>
      expect(posted(calls)).toMatchObject({
        images: ['/uploads/signed-1.png', '/uploads/signed-3.png'],
      }),
    )
  })
})

describe('save failures', () => {
  test("shows 'Failed to create project. Please try again.' and the server's field errors on their fields", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({
      ...base,
      'POST /projects': () =>
        fail(400, 'Invalid input', { githubUrl: 'Please enter a valid http(s) URL' }),
    })
    const user = userEvent.setup()
    await renderApp('/admin/projects/new')
    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Create Project' }))
    expect(
      await screen.findByText('Failed to create project. Please try again.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('GitHub URL')).toHaveAccessibleDescription(
      'Please enter a valid http(s) URL',
    )
    expect(screen.getByRole('button', { name: 'Create Project' })).toBeEnabled()
  })

  test("shows 'Failed to update project. Please try again.' and keeps the form", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({
      ...base,
      'GET /projects/7': () => ok(existing),
      'PATCH /projects/7': () => fail(500, 'Internal server error'),
    })
    const user = userEvent.setup()
    await renderApp('/admin/projects/edit/7')
    await user.type(await screen.findByLabelText('Name'), ' 2')
    await user.click(screen.getByRole('button', { name: 'Update Project' }))
    expect(
      await screen.findByText('Failed to update project. Please try again.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveValue('Shop 2')
  })
})
