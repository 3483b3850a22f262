import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, inject, test } from 'vitest'
import type { Post, PostCard } from '@shared/contract/types.ts'
import {
  connectToRealApi,
  renderApp,
  server,
  signInAsAdmin,
  signInAsReader,
  unique,
  loadScreensFirst,
} from '@test-support/real-api'

// Against the real API (tests/support): the schema's messages, the slug's
// conflict, the uploads and the preview links are the server's own.
connectToRealApi()
loadScreensFirst('/admin/posts/new', '/admin/posts/edit/1', '/admin/posts')
beforeEach(() => {
  signInAsAdmin()
})

/** The smallest valid PNG (1x1): the server checks magic bytes. */
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  ),
  (c) => c.charCodeAt(0),
)

const createPost = (input: Record<string, unknown>) =>
  fetch(`${inject('apiUrl')}/posts`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${inject('adminSession').token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(input),
  }).then((response) => response.json() as Promise<Post>)

async function openNewPost() {
  const view = await renderApp('/admin/posts/new')
  // The first test of the file also waits for the route's chunks to be transformed.
  await screen.findByRole('heading', { name: 'Add New Post' }, { timeout: 15_000 })
  // The form comes once the technologies and projects it links to are in.
  await screen.findByLabelText('Title')
  return view
}

describe('post form', () => {
  test('makes the slug from the title until the slug is typed by hand', async () => {
    const { user } = await openNewPost()
    const title = screen.getByLabelText('Title')
    const slug = screen.getByLabelText('Slug')
    await user.type(title, 'Héllo, World: Post 2!')
    expect(slug).toHaveValue('hello-world-post-2')

    await user.clear(slug)
    await user.type(slug, 'my-own')
    await user.type(title, ' more')
    expect(slug).toHaveValue('my-own')
  })

  test("shows the schema's messages on their fields", async () => {
    const { user } = await openNewPost()
    await user.type(screen.getByLabelText('Slug'), 'Not A Slug')
    await user.click(screen.getByRole('button', { name: 'Create Post' }))

    expect(await screen.findByText('Title is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Title is required')
    expect(screen.getByLabelText('Slug')).toHaveAccessibleDescription(
      expect.stringContaining('A slug is lower-case letters and digits in words joined by hyphens'),
    )
  })

  test('a scheduled post needs a moment, and one in the future', async () => {
    const { user } = await openNewPost()
    await user.type(screen.getByLabelText('Title'), unique('Scheduled'))
    await user.click(screen.getByRole('radio', { name: /Scheduled/ }))
    await user.click(screen.getByRole('button', { name: 'Create Post' }))
    expect(await screen.findByText('A scheduled post needs publishAt')).toBeInTheDocument()

    fireEvent.change(screen.getByLabelText('Publish at'), {
      target: { value: '2020-01-02T03:04:05' },
    })
    await user.click(screen.getByRole('button', { name: 'Create Post' }))
    expect(await screen.findByText('publishAt must be in the future')).toBeInTheDocument()
  })

  test('Preview renders the body as the public page does: code highlighted, raw HTML as text', async () => {
    const { user } = await openNewPost()
    const body = screen.getByLabelText('Body')
    fireEvent.change(body, {
      target: {
        value:
          '# Notes\n\n```typescript\nconst answer: number = 42\n```\n\n<script>alert(1)</script>',
      },
    })
    const write = screen.getByRole('tab', { name: 'Write' })
    expect(write).toHaveAttribute('aria-selected', 'true')
    // The keyboard moves between the tabs (WAI-ARIA tabs: arrows, Home, End).
    write.focus()
    await user.keyboard('{ArrowRight}')
    const preview = screen.getByRole('tab', { name: 'Preview' })
    expect(preview).toHaveFocus()
    expect(preview).toHaveAttribute('aria-selected', 'true')

    const panel = screen.getByRole('tabpanel', { name: 'Preview' })
    const code = await within(panel).findByText(
      (_, element) =>
        element?.tagName === 'CODE' && element.textContent?.includes('answer') === true,
    )
    expect(code).toHaveClass('hljs', 'language-typescript')
    expect(code.querySelector('.hljs-keyword')).toHaveTextContent('const')
    expect(within(panel).getByRole('heading', { name: /Notes/ })).toBeInTheDocument()
    expect(panel).toHaveTextContent('<script>alert(1)</script>')
    expect(panel.querySelector('script')).toBeNull()

    await user.keyboard('{Home}')
    expect(write).toHaveFocus()
    expect(screen.getByLabelText('Body')).toBeVisible()
  })

  test('uploads an image into the body at the cursor as Markdown', async () => {
    const { user } = await openNewPost()
    const body = screen.getByLabelText('Body')
    fireEvent.change(body, { target: { value: 'Before\nAfter' } })
    ;(body as HTMLTextAreaElement).setSelectionRange(6, 6)
    await user.upload(
      screen.getByLabelText('Image file to insert'),
      new File([PNG], 'team-photo.png', { type: 'image/png' }),
    )
    await waitFor(() =>
      expect((body as HTMLTextAreaElement).value).toMatch(
        /^Before\n!\[team photo\]\(\S+\.png\)\nAfter$/,
      ),
    )
    expect(screen.getByRole('status', { hidden: true })).toHaveTextContent(
      'team-photo.png uploaded and inserted',
    )
  })

  test('an image pasted into the body goes up and in as Markdown', async () => {
    await openNewPost()
    const body = screen.getByLabelText('Body') as HTMLTextAreaElement
    fireEvent.change(body, { target: { value: 'Intro' } })
    body.setSelectionRange(5, 5)
    fireEvent.paste(body, {
      clipboardData: { files: [new File([PNG], 'pasted.png', { type: 'image/png' })] },
    })
    await waitFor(() => expect(body.value).toMatch(/^Intro\n!\[pasted\]\(\S+\.png\)$/))
  })

  test('announces an image it refuses', async () => {
    await openNewPost()
    // As a drop would bring it: the picker's accept list would not offer it.
    fireEvent.change(screen.getByLabelText('Image file to insert'), {
      target: { files: [new File(['text'], 'notes.txt', { type: 'text/plain' })] },
    })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'notes.txt: Please select a valid image file (JPEG, PNG, GIF, or WEBP)',
    )
  })

  test('creates a draft from the form', async () => {
    const title = unique('First post')
    const { user, router } = await openNewPost()
    await user.type(screen.getByLabelText('Title'), title)
    fireEvent.change(screen.getByLabelText('Body'), { target: { value: 'Hello **world**' } })
    await user.click(screen.getByRole('button', { name: 'Create Post' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/posts'), {
      timeout: 10_000,
    })
    const posts = await server.get<PostCard[]>('/posts')
    expect(posts.find((post) => post.title === title)).toMatchObject({
      status: 'draft',
      publishAt: null,
    })
  })

  test("shows a taken slug on the slug's field", async () => {
    const taken = await createPost({ title: unique('Taken') })
    const { user } = await openNewPost()
    await user.type(screen.getByLabelText('Title'), unique('Other'))
    await user.clear(screen.getByLabelText('Slug'))
    await user.type(screen.getByLabelText('Slug'), taken.slug)
    await user.click(screen.getByRole('button', { name: 'Create Post' }))
    await waitFor(() =>
      expect(screen.getByLabelText('Slug')).toHaveAccessibleDescription(
        expect.stringContaining('Another post has this slug'),
      ),
    )
    expect(screen.getByLabelText('Slug')).toHaveFocus()
  })
})

describe('posts screens', () => {
  test('the editor appears whole: its technologies and projects come with it, not after', async () => {
    const post = await createPost({ title: unique('Whole') })
    await renderApp(`/admin/posts/edit/${post.id}`)
    await screen.findByLabelText('Title')
    // Lists arriving after the form would push the status radios down under the pointer.
    expect(screen.queryAllByText(/^Loading (technologies|projects)/)).toEqual([])
    expect(screen.getByRole('group', { name: 'Technologies' })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Projects' })).toBeInTheDocument()
    await renderApp('/admin/posts/new')
    await screen.findByRole('heading', { name: 'Add New Post' })
    await screen.findByLabelText('Title')
    expect(screen.queryAllByText(/^Loading (technologies|projects)/)).toEqual([])
  })

  test('an outdated copy is not saved over a newer one, and can be reloaded (412)', async () => {
    const post = await createPost({ title: unique('Shared') })
    const { user } = await renderApp(`/admin/posts/edit/${post.id}`)
    const title = await screen.findByLabelText('Title')
    await fetch(`${inject('apiUrl')}/posts/${post.id}`, {
      method: 'PATCH',
      headers: {
        Authorization: `Bearer ${inject('adminSession').token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ summary: 'Changed elsewhere' }),
    })
    await user.type(title, ' mine')
    await user.click(screen.getByRole('button', { name: 'Update Post' }))
    expect(
      await screen.findByText(/Someone else changed this post after you opened it/),
    ).toBeInTheDocument()
    expect((await server.get<Post>(`/posts/${post.id}`)).title).toBe(post.title)

    await user.click(screen.getByRole('button', { name: 'Reload post' }))
    await waitFor(() => expect(screen.getByLabelText('Summary')).toHaveValue('Changed elsewhere'))
  })

  test('the list shows status, and when a scheduled post publishes', async () => {
    const at = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString()
    const post = await createPost({ title: unique('Later'), status: 'scheduled', publishAt: at })
    await renderApp('/admin/posts')
    const row = await screen.findByRole('row', { name: new RegExp(post.title) })
    expect(within(row).getByText('Scheduled')).toBeInTheDocument()
    const when = new Intl.DateTimeFormat(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(at))
    expect(within(row).getByText(`Publishes ${when}`)).toBeInTheDocument()
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Title',
      'Status',
      'Publish date',
      'Updated',
      'Actions',
    ])
  })

  test('a read-only account sees the posts without any write button', async () => {
    const post = await createPost({ title: unique('Read only') })
    signInAsReader()
    await renderApp('/admin/posts')
    await screen.findByRole('row', { name: new RegExp(post.title) })
    expect(screen.queryByRole('link', { name: 'Add New Post' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: `Delete ${post.title}` })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: `Edit ${post.title}` })).not.toBeInTheDocument()
  })

  test('a draft gets a preview link to its page, shown with its expiry', async () => {
    const post = await createPost({ title: unique('Draft to share'), body: 'Hi' })
    const { user } = await renderApp(`/admin/posts/edit/${post.id}`)
    await user.click(await screen.findByRole('button', { name: 'Create preview link' }))
    const url = await screen.findByLabelText('Preview link')
    expect((url as HTMLInputElement).value).toMatch(
      new RegExp(`/writing/${post.slug}\\?preview=[A-Za-z0-9_-]{43}$`),
    )
    expect(url).toHaveAccessibleDescription(expect.stringContaining('It expires in 7 days'))
    const token = (url as HTMLInputElement).value.split('preview=')[1]
    const opened = await fetch(`${inject('apiUrl')}/posts/slug/${post.slug}?preview=${token}`)
    expect(opened.status).toBe(200)

    await user.click(screen.getByRole('button', { name: 'Revoke preview links' }))
    await waitFor(() => expect(screen.queryByLabelText('Preview link')).not.toBeInTheDocument())
    const revoked = await fetch(`${inject('apiUrl')}/posts/slug/${post.slug}?preview=${token}`)
    expect(revoked.status).toBe(404)
    expect(screen.getByRole('link', { name: 'View (opens in a new tab)' })).toHaveAttribute(
      'href',
      `/writing/${post.slug}`,
    )
  })
})
