import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { currentYear } from '@shared/schemas.ts'
import type { Project, Technology } from '@shared/types.ts'
import { deferred, fail, fakeApi, ok, signIn, type Call } from '../testing/fake-api'
import { fakeUploads } from '../testing/fake-xhr'
import { renderProjects } from '../testing/render-route'

// Stubbed fetch and XMLHttpRequest with contract-shaped answers: the shared
// test server (tests/support) was not available when these were written.

const MB = 1024 * 1024
const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' })
const technologies: Technology[] = [
  { id: 1, name: 'React', icon: null, projects: [] },
  { id: 2, name: 'TypeScript', icon: null, projects: [] },
]
// The form reads the technologies; the list it returns to reads the projects.
const base = { 'GET /technologies': () => ok(technologies), 'GET /projects': () => ok([]) }
const created = (body: unknown) => ok({ id: 10, technologies: [], ...(body as object) }, 201)
const posted = (calls: Call[]) => calls.find((c) => c.method === 'POST' && c.path === '/projects')?.body

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
  await user.type(screen.getByLabelText('Name'), 'Portfolio')
  await user.type(screen.getByLabelText('Description'), 'My site')
}

describe('project form validation', () => {
  test('requires a name and a description', async () => {
    fakeApi({ ...base })
    const user = userEvent.setup()
    renderProjects('/admin/projects/new')

    await user.click(await screen.findByRole('button', { name: 'Create Project' }))
    expect(await screen.findByText('Project name is required')).toBeInTheDocument()
    expect(screen.getByText('Description is required')).toBeInTheDocument()
    const name = screen.getByLabelText('Name')
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription('Project name is required')
  })

  test.each([
    ['Start year', '1989', `Start year must be between 1990 and ${currentYear()}`],
    ['Start year', String(currentYear() + 1), `Start year must be between 1990 and ${currentYear()}`],
    ['End year', '1989', `End year must be between 1990 and ${currentYear() + 10}`],
    ['End year', String(currentYear() + 11), `End year must be between 1990 and ${currentYear() + 10}`],
  ])('refuses %s %s', async (label, value, message) => {
    const calls = fakeApi({ ...base })
    const user = userEvent.setup()
    renderProjects('/admin/projects/new')
    await fillRequired(user)
    await user.type(screen.getByLabelText(label), value)
    await user.click(screen.getByRole('button', { name: 'Create Project' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(posted(calls)).toBeUndefined()
  })

  test('accepts the edge years 1990..this year and up to this year + 10', async () => {
    const calls = fakeApi({ ...base, 'POST /projects': (c) => created(c.body) })
    const user = userEvent.setup()
    const { router } = renderProjects('/admin/projects/new')
    await fillRequired(user)
    await user.type(screen.getByLabelText('Start year'), '1990')
    await user.type(screen.getByLabelText('End year'), String(currentYear() + 10))
    expect(screen.getByLabelText('End year')).toHaveAccessibleDescription('Leave empty if project is ongoing')
    await user.click(screen.getByRole('button', { name: 'Create Project' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/projects'))
    expect(posted(calls)).toMatchObject({ startYear: 1990, endYear: currentYear() + 10 })
  })
})

describe('creating a project', () => {
  test('sends empty years and URLs as null with the chosen technologies', async () => {
    const calls = fakeApi({ ...base, 'POST /projects': (c) => created(c.body) })
    const user = userEvent.setup()
    const { router } = renderProjects('/admin/projects/new')
    await fillRequired(user)
    await user.click(await screen.findByRole('checkbox', { name: 'TypeScript' }))
    await user.click(screen.getByRole('switch', { name: 'Project is active/published' }))
    await user.click(screen.getByRole('button', { name: 'Create Project' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/projects'))
    expect(posted(calls)).toEqual({
      name: 'Portfolio',
      description: 'My site',
      startYear: null,
      endYear: null,
      liveUrl: null,
      githubUrl: null,
      isActive: false,
      thumbnail: null,
      images: [],
      technologiesIds: [2],
    })
  })

  test("shows 'Uploading Images...' with progress, then 'Creating Project...', while the button is disabled", async () => {
    const save = deferred<{ status: number; body: unknown }>()
    const calls = fakeApi({ ...base, 'POST /projects': () => save.promise })
    const uploads = fakeUploads()
    const user = userEvent.setup()
    const { router } = renderProjects('/admin/projects/new')
    await fillRequired(user)
    await user.upload(screen.getByLabelText('Thumbnail'), png('cover.png'))
    await user.upload(screen.getByLabelText('Project images'), [png('one.png'), png('two.png')])
    expect(screen.getByRole('img', { name: 'Thumbnail preview' })).toHaveAttribute('src', 'blob:cover.png')
    await user.click(screen.getByRole('button', { name: 'Create Project' }))

    const uploading = await screen.findByRole('button', { name: 'Uploading Images...' })
    expect(uploading).toBeDisabled()
    await waitFor(() => expect(uploads).toHaveLength(1))
    uploads[0]!.progress(0.4)
    expect(await screen.findByRole('progressbar', { name: 'Uploading cover.png' })).toHaveAttribute('aria-valuenow', '40')
    uploads[0]!.respond(201, { url: '/uploads/cover.png' })
    await waitFor(() => expect(uploads).toHaveLength(2))
    uploads[1]!.respond(201, { url: '/uploads/one.png' })
    await waitFor(() => expect(uploads).toHaveLength(3))
    uploads[2]!.respond(201, { url: '/uploads/two.png' })

    expect(await screen.findByRole('button', { name: 'Creating Project...' })).toBeDisabled()
    save.resolve(created(posted(calls)))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/projects'))
    expect(posted(calls)).toMatchObject({
      thumbnail: '/uploads/cover.png',
      images: ['/uploads/one.png', '/uploads/two.png'],
    })
  })

  test('keeps what was typed and names the file when an upload fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const calls = fakeApi({ ...base })
    const uploads = fakeUploads()
    const user = userEvent.setup()
    renderProjects('/admin/projects/new')
    await fillRequired(user)
    await user.upload(screen.getByLabelText('Project images'), png('broken.png'))
    await user.click(screen.getByRole('button', { name: 'Create Project' }))
    await waitFor(() => expect(uploads).toHaveLength(1))
    uploads[0]!.respond(415, { statusCode: 415, message: 'Unsupported image type' })

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload broken.png')
    expect(screen.getByLabelText('Name')).toHaveValue('Portfolio')
    expect(screen.getByRole('button', { name: 'Create Project' })).toBeEnabled()
    expect(posted(calls)).toBeUndefined()
  })

  test('reports a failed thumbnail upload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({ ...base })
    const uploads = fakeUploads()
    const user = userEvent.setup()
    renderProjects('/admin/projects/new')
    await fillRequired(user)
    await user.upload(screen.getByLabelText('Thumbnail'), png('cover.png'))
    await user.click(screen.getByRole('button', { name: 'Create Project' }))
    await waitFor(() => expect(uploads).toHaveLength(1))
    uploads[0]!.respond(500, { statusCode: 500, message: 'Internal server error' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload thumbnail image')
  })

  test('shows the save failure in the page and the server field errors on their fields', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({
      ...base,
      'POST /projects': () => fail(400, 'Invalid input', { liveUrl: 'Please enter a valid http(s) URL' }),
    })
    const user = userEvent.setup()
    renderProjects('/admin/projects/new')
    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Create Project' }))
    expect(await screen.findByText('Failed to create project. Please try again.')).toBeInTheDocument()
    expect(screen.getByLabelText('Live URL')).toHaveAccessibleDescription('Please enter a valid http(s) URL')
  })
})

describe('picking images', () => {
  test('refuses a gallery file of the wrong type or over 5 MB, naming it', async () => {
    fakeApi({ ...base })
    const user = userEvent.setup({ applyAccept: false })
    renderProjects('/admin/projects/new')
    const input = await screen.findByLabelText('Project images')
    await user.upload(input, [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }), png('huge.png', 5 * MB + 1)])

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('notes.pdf is not a valid image type. Please use JPEG, PNG, GIF, or WEBP.')
    expect(alert).toHaveTextContent('huge.png exceeds the 5MB size limit.')
    expect(screen.queryByRole('list', { name: 'Project images' })).not.toBeInTheDocument()
  })

  test('refuses a thumbnail of the wrong type or over 5 MB', async () => {
    fakeApi({ ...base })
    const user = userEvent.setup({ applyAccept: false })
    renderProjects('/admin/projects/new')
    const input = await screen.findByLabelText('Thumbnail')
    await user.upload(input, new File(['x'], 'a.txt', { type: 'text/plain' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a valid image file (JPEG, PNG, GIF, or WEBP)')
    await user.upload(input, png('big.png', 5 * MB + 1))
    expect(await screen.findByRole('alert')).toHaveTextContent('Image size should be less than 5MB')
  })

  test('removes a picked image and its thumbnail with labelled buttons', async () => {
    fakeApi({ ...base })
    const user = userEvent.setup()
    renderProjects('/admin/projects/new')
    await user.upload(await screen.findByLabelText('Project images'), [png('one.png'), png('two.png')])
    await user.click(screen.getByRole('button', { name: 'Remove image one.png' }))
    const gallery = screen.getByRole('list', { name: 'Project images' })
    expect(within(gallery).getAllByRole('listitem')).toHaveLength(1)

    await user.upload(screen.getByLabelText('Thumbnail'), png('cover.png'))
    await user.click(screen.getByRole('button', { name: 'Remove thumbnail' }))
    expect(screen.queryByRole('img', { name: 'Thumbnail preview' })).not.toBeInTheDocument()
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:one.png')
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:cover.png')
  })
})

describe('editing a project', () => {
  const existing: Project = {
    id: 7,
    name: 'Shop',
    description: 'An online shop',
    startYear: 2021,
    endYear: null,
    liveUrl: 'https://shop.example.com',
    githubUrl: null,
    isActive: true,
    thumbnail: '/uploads/shop.png',
    images: ['/uploads/a.png', '/uploads/b.png'],
    technologies: [{ id: 1, name: 'React', icon: null }],
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  }

  test("loads the record, keeps existing images and shows 'Updating Project...' while saving", async () => {
    const save = deferred<{ status: number; body: unknown }>()
    const calls = fakeApi({
      ...base,
      'GET /projects/7': () => ok(existing),
      'PATCH /projects/7': () => save.promise,
    })
    const user = userEvent.setup()
    const { router } = renderProjects('/admin/projects/edit/7')

    expect(await screen.findByLabelText('Name')).toHaveValue('Shop')
    expect(screen.getByLabelText('Start year')).toHaveValue(2021)
    expect(await screen.findByRole('checkbox', { name: 'React' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Remove image b.png' }))
    await user.clear(screen.getByLabelText('Start year'))
    await user.click(screen.getByRole('button', { name: 'Update Project' }))

    expect(await screen.findByRole('button', { name: 'Updating Project...' })).toBeDisabled()
    const body = calls.find((c) => c.method === 'PATCH')?.body
    expect(body).toMatchObject({ startYear: null, thumbnail: '/uploads/shop.png', images: ['/uploads/a.png'], technologiesIds: [1] })
    save.resolve(ok(existing))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/projects'))
  })

  test('says it could not load the project and goes back to the list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({ 'GET /projects/404': () => fail(404, 'Project not found'), 'GET /projects': () => ok([]) })
    const { router } = renderProjects('/admin/projects/edit/404')
    expect(await screen.findByText('Could not load project. Please try again.')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/projects'))
  })

  test("shows 'Failed to update project. Please try again.' when saving fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeApi({
      ...base,
      'GET /projects/7': () => ok(existing),
      'PATCH /projects/7': () => fail(500, 'Internal server error'),
    })
    const user = userEvent.setup()
    renderProjects('/admin/projects/edit/7')
    await user.click(await screen.findByRole('button', { name: 'Update Project' }))
    expect(await screen.findByText('Failed to update project. Please try again.')).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveValue('Shop')
  })
})
