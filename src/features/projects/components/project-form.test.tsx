import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { currentYear } from '@shared/contract/messages.ts'
import type { Project } from '@shared/contract/types.ts'
import {
  renderApp,
  server,
  signInAsAdmin,
  unique,
  connectToRealApi,
  loadScreensFirst,
} from '@test-support/real-api'

// Against the real API (tests/support). The controlled timing and the server
// failures a real server will not produce on demand are in project-form.stubbed.test.tsx.
connectToRealApi()
loadScreensFirst('/admin/projects/new', '/admin/projects/edit/1')

const MB = 1024 * 1024
/** The smallest valid PNG (1x1): the server checks magic bytes. */
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  ),
  (c) => c.charCodeAt(0),
)
const png = (name: string) => new File([PNG], name, { type: 'image/png' })
const sized = (name: string, size: number, type = 'image/png') =>
  new File([new Uint8Array(size)], name, { type })

const findProject = async (name: string) =>
  (await server.get<Project[]>('/projects')).find((p) => p.name === name)

beforeEach(() => {
  signInAsAdmin()
  URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`)
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => {
  vi.restoreAllMocks()
})

async function openCreateForm(name = unique('Project')) {
  const view = await renderApp('/admin/projects/new')
  await view.user.type(await screen.findByLabelText('Name'), name)
  await view.user.type(screen.getByLabelText('Description'), 'My site')
  return { ...view, name }
}

/** Every text the element shows, in order, so fast phases are not missed. */
function recordTexts(element: HTMLElement) {
  const seen = [element.textContent]
  const observer = new MutationObserver(() => {
    if (seen.at(-1) !== element.textContent) seen.push(element.textContent)
  })
  observer.observe(element, { subtree: true, childList: true, characterData: true })
  return { seen, stop: () => observer.disconnect() }
}

describe('project form validation', () => {
  test('requires a name and a description, linked to their fields', async () => {
    const { user } = await renderApp('/admin/projects/new')
    await user.click(await screen.findByRole('button', { name: 'Create Project' }))
    expect(await screen.findByText('Project name is required')).toBeInTheDocument()
    expect(screen.getByText('Description is required')).toBeInTheDocument()
    const name = screen.getByLabelText('Name')
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveAccessibleDescription('Project name is required')
  })

  test.each([
    ['Start year', '1989', `Start year must be between 1990 and ${currentYear()}`],
    [
      'Start year',
      String(currentYear() + 1),
      `Start year must be between 1990 and ${currentYear()}`,
    ],
    ['End year', '1989', `End year must be between 1990 and ${currentYear() + 10}`],
    [
      'End year',
      String(currentYear() + 11),
      `End year must be between 1990 and ${currentYear() + 10}`,
    ],
  ])('refuses %s %s', async (label, value, message) => {
    const { user, router, name } = await openCreateForm()
    await user.type(screen.getByLabelText(label), value)
    await user.click(screen.getByRole('button', { name: 'Create Project' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
      expect.stringContaining(message),
    )
    expect(router.state.location.pathname).toBe('/admin/projects/new')
    expect(await findProject(name)).toBeUndefined()
  })

  test('accepts the edge years 1990 and this year + 10', async () => {
    const { user, router, name } = await openCreateForm()
    await user.type(screen.getByLabelText('Start year'), '1990')
    await user.type(screen.getByLabelText('End year'), String(currentYear() + 10))
    expect(screen.getByLabelText('End year')).toHaveAccessibleDescription(
      'Leave empty if project is ongoing',
    )
    await user.click(screen.getByRole('button', { name: 'Create Project' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/projects'))
    expect(await findProject(name)).toMatchObject({ startYear: 1990, endYear: currentYear() + 10 })
  })
})

describe('creating a project', () => {
  test('saves empty years and URLs as null, the active toggle and the chosen technologies', async () => {
    const tech = await server.createTechnology({ name: unique('Elixir') })
    const { user, router, name } = await openCreateForm()
    await user.click(await screen.findByRole('checkbox', { name: tech.name }))
    await user.click(screen.getByRole('switch', { name: 'Project is active/published' }))
    await user.click(screen.getByRole('button', { name: 'Create Project' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/projects'))
    expect(await screen.findByRole('row', { name: new RegExp(name) })).toHaveTextContent('Inactive')
    expect(await findProject(name)).toMatchObject({
      startYear: null,
      endYear: null,
      liveUrl: null,
      githubUrl: null,
      isActive: false,
      thumbnail: null,
      images: [],
      technologies: [{ id: tech.id, name: tech.name }],
    })
  })

  test("uploads the images first ('Uploading Images...'), then creates ('Creating Project...')", async () => {
    const { user, router, name } = await openCreateForm()
    await user.upload(screen.getByLabelText('Thumbnail'), png('cover.png'))
    await user.upload(screen.getByLabelText('Project images'), [png('one.png'), png('two.png')])
    expect(screen.getByRole('img', { name: 'Thumbnail preview' })).toHaveAttribute(
      'src',
      'blob:cover.png',
    )
    const submit = screen.getByRole('button', { name: 'Create Project' })
    const texts = recordTexts(submit)
    await user.click(submit)

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/projects'))
    texts.stop()
    expect(texts.seen).toEqual(['Create Project', 'Uploading Images...', 'Creating Project...'])
    const saved = await findProject(name)
    expect(saved?.thumbnail).toMatch(/^(https?:\/\/|\/)\S+$/)
    expect(saved?.images).toHaveLength(2)
  })

  test('keeps what was typed and names the file the server refused', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, name } = await openCreateForm()
    // Says PNG, is not: the server decides by magic bytes and answers 415.
    await user.upload(
      screen.getByLabelText('Project images'),
      new File(['not an image'], 'fake.png', { type: 'image/png' }),
    )
    await user.click(screen.getByRole('button', { name: 'Create Project' }))

    expect(await screen.findByText('Failed to upload fake.png')).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveValue(name)
    expect(screen.getByRole('button', { name: 'Create Project' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Remove image fake.png' })).toBeInTheDocument()
    expect(logged).toHaveBeenCalledWith(
      'Failed to upload fake.png',
      expect.objectContaining({ status: 415 }),
    )
    expect(await findProject(name)).toBeUndefined()
  })

  test("reports a refused thumbnail as 'Failed to upload thumbnail image'", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = await openCreateForm()
    await user.upload(
      screen.getByLabelText('Thumbnail'),
      new File(['GIF? no'], 'cover.gif', { type: 'image/gif' }),
    )
    await user.click(screen.getByRole('button', { name: 'Create Project' }))
    expect(await screen.findByText('Failed to upload thumbnail image')).toBeInTheDocument()
    expect(logged).toHaveBeenCalledWith(
      'Failed to upload thumbnail image',
      expect.objectContaining({ status: 415 }),
    )
  })
})

describe('picking images', () => {
  test('refuses a gallery file of the wrong type or over 5 MB, naming it', async () => {
    const { user } = await renderApp('/admin/projects/new')
    const input = await screen.findByLabelText('Project images')
    // applyAccept off: a person can pick "All files" in the browser's dialog.
    await user
      .setup({ applyAccept: false })
      .upload(input, [
        new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
        sized('huge.png', 5 * MB + 1),
      ])

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(
      'notes.pdf is not a valid image type. Please use JPEG, PNG, GIF, or WEBP.',
    )
    expect(alert).toHaveTextContent('huge.png exceeds the 5MB size limit.')
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('huge.png exceeds the 5MB size limit.'),
    )
    expect(screen.queryByRole('list', { name: 'Project images' })).not.toBeInTheDocument()
  })

  test('refuses a thumbnail of the wrong type or over 5 MB', async () => {
    const { user } = await renderApp('/admin/projects/new')
    const picker = user.setup({ applyAccept: false })
    const input = await screen.findByLabelText('Thumbnail')
    await picker.upload(input, new File(['x'], 'a.txt', { type: 'text/plain' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please select a valid image file (JPEG, PNG, GIF, or WEBP)',
    )
    await picker.upload(input, sized('big.png', 5 * MB + 1))
    expect(await screen.findByRole('alert')).toHaveTextContent('Image size should be less than 5MB')
  })

  test('removes a picked image and the thumbnail with labelled buttons, revoking their previews', async () => {
    const { user } = await renderApp('/admin/projects/new')
    await user.upload(await screen.findByLabelText('Project images'), [
      png('one.png'),
      png('two.png'),
    ])
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
  test('loads the record, keeps the remaining existing images and saves the changes', async () => {
    const tech = await server.createTechnology({ name: unique('Rust') })
    const shop = await server.createProject({
      name: unique('Shop'),
      description: 'An online shop',
      startYear: 2021,
      liveUrl: 'https://shop.example.com',
      thumbnail: 'https://cdn.example.com/shop.png',
      images: ['https://cdn.example.com/a.png', 'https://cdn.example.com/b.png'],
      technologiesIds: [tech.id],
    })
    const { user, router } = await renderApp(`/admin/projects/edit/${shop.id}`)

    expect(await screen.findByLabelText('Name')).toHaveValue(shop.name)
    expect(screen.getByLabelText('Start year')).toHaveValue(2021)
    expect(screen.getByLabelText('Live URL')).toHaveValue('https://shop.example.com')
    // The technologies come with the form, not after it (nothing moves under the pointer).
    expect(screen.getByRole('checkbox', { name: tech.name })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Remove image b.png' }))
    await user.clear(screen.getByLabelText('Start year'))
    const submit = screen.getByRole('button', { name: 'Update Project' })
    const texts = recordTexts(submit)
    await user.click(submit)

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/projects'))
    texts.stop()
    expect(texts.seen).toEqual(['Update Project', 'Updating Project...'])
    expect(await server.get<Project>(`/projects/${shop.id}`)).toMatchObject({
      startYear: null,
      thumbnail: 'https://cdn.example.com/shop.png',
      images: ['https://cdn.example.com/a.png'],
      technologies: [{ id: tech.id }],
    })
  })

  test('says it could not load the project and goes back to the list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { router } = await renderApp('/admin/projects/edit/987654321')
    expect(await screen.findByText('Could not load project. Please try again.')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/projects'))
  })

  test('goes back to the list on Cancel', async () => {
    const { user, router } = await renderApp('/admin/projects/new')
    await user.click(await screen.findByRole('button', { name: 'Cancel' }))
    expect(router.state.location.pathname).toBe('/admin/projects')
  })
})

describe('the featured mark', () => {
  test('is off for a new project, saved when switched on, and cleared from the edit form', async () => {
    const view = await openCreateForm()
    const { user, router, name } = view
    const toggle = screen.getByRole('switch', { name: 'Featured project' })
    expect(toggle).not.toBeChecked()
    expect(toggle).toHaveAccessibleDescription('Marked as featured on its card and page')
    await user.click(toggle)
    await user.click(screen.getByRole('button', { name: 'Create Project' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/projects'))
    const saved = await findProject(name)
    expect(saved?.featured).toBe(true)
    view.unmount()

    const edit = await renderApp(`/admin/projects/edit/${saved!.id}`)
    const again = await screen.findByRole('switch', { name: 'Featured project' })
    await waitFor(() => expect(again).toBeChecked())
    await edit.user.click(again)
    await edit.user.click(screen.getByRole('button', { name: 'Update Project' }))
    await waitFor(() => expect(edit.router.state.location.pathname).toBe('/admin/projects'))
    expect((await findProject(name))?.featured).toBe(false)
  })
})
