// The back office in several languages (docs/PRODUCT.md §23), against the
// real API of a stack of its own (tests/support/real-api.tsx, `multilingual`):
// the Languages screen, the language tabs of the edit screens and the
// dashboard's missing translations. Tests here run one after another, each
// setting the languages it needs first.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import type { Config, Experience, Languages, Post, Project } from '@shared/contract/types.ts'
import { multilingual, renderApp, unique, loadScreensFirst } from '@test-support/real-api'

loadScreensFirst('/admin/languages', '/admin/projects/edit/1')

multilingual.connect()

const setLanguages = (languages: string[], main = 'en') =>
  multilingual.call<Languages>('PUT', '/languages', { default: main, languages })
const createProject = (body: Record<string, unknown>) =>
  multilingual.call<Project>('POST', '/projects', { description: 'An online shop', ...body })

describe('the Languages screen', () => {
  test('adds a language by its tag, refuses what is not one, and saves the order and default', async () => {
    await setLanguages(['en'])
    multilingual.signInAsAdmin()
    const { user } = await renderApp('/admin/languages')
    const add = await screen.findByLabelText('Add a language')

    await user.type(add, 'english{Enter}')
    expect(add).toHaveAccessibleDescription(expect.stringContaining('Not a language tag: english'))
    await user.clear(add)
    await user.type(add, 'EN')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(add).toHaveAccessibleDescription(expect.stringContaining('en is listed twice'))

    await user.clear(add)
    await user.type(add, 'pt-br{Enter}')
    await user.type(add, 'fr{Enter}')
    const list = screen.getByRole('list', { name: 'Site languages' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('English'),
      expect.stringContaining('Brazilian Portuguese'),
      expect.stringContaining('French'),
    ])
    await user.click(screen.getByRole('button', { name: 'Move French up' }))
    await user.selectOptions(screen.getByLabelText('Default language'), 'fr')
    await user.click(screen.getByRole('button', { name: 'Save Languages' }))

    await waitFor(async () =>
      expect(await multilingual.call('GET', '/languages')).toEqual({
        default: 'fr',
        languages: ['en', 'fr', 'pt-BR'],
      }),
    )
  })

  test('removing a language asks first, then says how many items keep its texts', async () => {
    await setLanguages(['en', 'fr', 'de'])
    await createProject({ name: unique('Shop'), translations: { de: { name: 'Laden' } } })
    multilingual.signInAsAdmin()
    const { user } = await renderApp('/admin/languages')

    await user.click(await screen.findByRole('button', { name: 'Remove German' }))
    expect(screen.getByRole('button', { name: 'Remove English' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Save Languages' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove German?' })
    expect(dialog).toHaveTextContent('they come back if you add the language again')
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))

    expect(
      await screen.findByText(
        /^Kept \d+ texts? in German: (they come|it comes) back if you add German again$/,
      ),
    ).toBeInTheDocument()
    expect(await multilingual.call('GET', '/languages')).toEqual({
      default: 'en',
      languages: ['en', 'fr'],
    })
  })

  test('a read-only account sees the languages but cannot save them', async () => {
    await setLanguages(['en', 'fr'])
    multilingual.signInAsReader()
    await renderApp('/admin/languages')
    expect(await screen.findByText('Only admins can change the languages.')).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Site languages' })).toHaveTextContent('French')
    expect(screen.getByRole('button', { name: 'Save Languages' })).toBeDisabled()
    expect(screen.getByLabelText('Add a language')).toBeDisabled()
  })
})

describe('language tabs on the edit screens', () => {
  test("a project's French tab shows the English text, marks what is missing and saves the translation", async () => {
    await setLanguages(['en', 'fr'])
    const project = await createProject({
      name: unique('Shop'),
      startYear: 2021,
      liveUrl: 'https://shop.example.com',
      translations: { fr: { description: 'Une boutique' } },
    })
    multilingual.signInAsAdmin()
    const { user, router } = await renderApp(`/admin/projects/edit/${project.id}`)

    const english = await screen.findByRole('tab', { name: 'English (default)' })
    expect(english).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByLabelText('Name')).toHaveValue(project.name)
    english.focus()
    await user.keyboard('{ArrowRight}')
    const french = screen.getByRole('tab', { name: /^French/ })
    expect(french).toHaveAttribute('aria-selected', 'true')
    expect(french).toHaveFocus()
    expect(french).toHaveTextContent('1 missing')
    expect(router.state.location.search).toBe('?lang=fr')

    const name = screen.getByLabelText('Name (French)')
    expect(name).toHaveAttribute('lang', 'fr')
    expect(name).toHaveAccessibleDescription(`English: ${project.name}. Missing in French`)
    expect(screen.getByLabelText('Description (French)')).toHaveValue('Une boutique')
    // Links, years and images are the same in every language: not on this tab.
    expect(screen.queryByLabelText('Live URL')).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Start year')).not.toBeInTheDocument()

    await user.type(name, 'Boutique')
    expect(french).not.toHaveTextContent('missing')
    await user.clear(screen.getByLabelText('Description (French)'))
    await user.click(screen.getByRole('button', { name: 'Update Project' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/projects'))
    const saved = await multilingual.call<Project>('GET', `/projects/${project.id}`)
    expect(saved.translations).toEqual({ fr: { name: 'Boutique' } })
    expect(saved).toMatchObject({ name: project.name, liveUrl: 'https://shop.example.com' })
  })

  test('a refused translation shows on its own tab, with its field’s message', async () => {
    await setLanguages(['en', 'fr'])
    const project = await createProject({ name: unique('Blog') })
    multilingual.signInAsAdmin()
    const { user } = await renderApp(`/admin/projects/edit/${project.id}?lang=fr`)
    await user.click(await screen.findByLabelText('Name (French)'))
    await user.paste('x'.repeat(201))
    await user.click(screen.getByRole('tab', { name: 'English (default)' }))
    await user.click(screen.getByRole('button', { name: 'Update Project' }))

    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /^French/ })).toHaveAttribute('aria-selected', 'true'),
    )
    expect(await screen.findByLabelText('Name (French)')).toHaveAccessibleDescription(
      expect.stringContaining('Must be at most 200 characters'),
    )
  })

  test('experience translates its role, location and description only', async () => {
    await setLanguages(['en', 'fr'])
    const item = await multilingual.call<Experience>('POST', '/experiences', {
      organization: unique('Acme'),
      role: 'Developer',
      startDate: '2020-01',
    })
    multilingual.signInAsAdmin()
    const { user } = await renderApp(`/admin/experience/edit/${item.id}?lang=fr`)
    await user.type(await screen.findByLabelText('Role (French)'), 'Développeur')
    expect(screen.getByLabelText('Location (French)')).toBeInTheDocument()
    expect(screen.getByLabelText('Description (French)')).toBeInTheDocument()
    expect(screen.queryByLabelText(/^Organization/)).not.toBeInTheDocument()
    expect(screen.queryByLabelText(/^Start/)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Update Experience' }))
    await waitFor(async () =>
      expect(
        (await multilingual.call<Experience>('GET', `/experiences/${item.id}`)).translations,
      ).toEqual({ fr: { role: 'Développeur' } }),
    )
  })

  test('a link to a configuration in French opens its dialog on the French tab', async () => {
    await setLanguages(['en', 'fr'])
    const config = await multilingual.call<Config>('POST', '/configs', {
      name: unique('tagline').replace('-', '_'),
      value: 'Building for the web',
    })
    multilingual.signInAsAdmin()
    const { user } = await renderApp(`/admin/configurations?edit=${config.id}&lang=fr`)
    const dialog = await screen.findByRole('dialog', { name: 'Edit Configuration' })
    const value = await within(dialog).findByLabelText('Value (French)')
    expect(value).toHaveAccessibleDescription('English: Building for the web. Missing in French')
    await user.type(value, 'Construire pour le web')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(async () =>
      expect(
        (await multilingual.call<Config>('GET', `/configs/${config.id}`)).translations,
      ).toEqual({ fr: { value: 'Construire pour le web' } }),
    )
  })

  test("a post's French tab: its texts, the body in the Markdown editor with its Preview, what is missing", async () => {
    await setLanguages(['en', 'fr'])
    const post = await multilingual.call<Post>('POST', '/posts', {
      title: unique('Tides'),
      summary: 'About the tides',
      body: 'The **English** body',
      translations: { fr: { summary: 'Sur les marées' } },
    })
    multilingual.signInAsAdmin()
    const { user, router } = await renderApp(`/admin/posts/edit/${post.id}`)
    expect(await screen.findByLabelText('Title', {}, { timeout: 15_000 })).toHaveValue(post.title)
    const french = await screen.findByRole('tab', { name: /^French/ })
    expect(french).toHaveTextContent('2 missing')
    await user.click(french)
    expect(router.state.location.search).toBe('?lang=fr')

    const title = screen.getByLabelText('Title (French)')
    expect(title).toHaveAccessibleDescription(`English: ${post.title}. Missing in French`)
    expect(screen.getByLabelText('Summary (French)')).toHaveValue('Sur les marées')
    const body = screen.getByLabelText('Body (French)')
    expect(body).toHaveAttribute('lang', 'fr')
    expect(body).toHaveAccessibleDescription(
      expect.stringContaining('English: The **English** body. Missing in French'),
    )
    // Slug, status and links are the same in every language: not on this tab.
    expect(screen.queryByLabelText('Slug')).not.toBeInTheDocument()
    expect(screen.queryByRole('radio', { name: /Scheduled/ })).not.toBeInTheDocument()

    await user.type(title, 'Les marées')
    await user.click(body)
    await user.paste('Le corps en **français**')
    expect(french).not.toHaveTextContent('missing')
    await user.click(screen.getByRole('tab', { name: 'Preview' }))
    const panel = screen.getByRole('tabpanel', { name: 'Preview' })
    const strong = await within(panel).findByText('français')
    expect(strong.tagName).toBe('STRONG')
    expect(strong.closest('[lang]')).toHaveAttribute('lang', 'fr')

    await user.click(screen.getByRole('button', { name: 'Update Post' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/posts'))
    const saved = await multilingual.call<Post>('GET', `/posts/${post.id}`)
    expect(saved.translations).toEqual({
      fr: { title: 'Les marées', summary: 'Sur les marées', body: 'Le corps en **français**' },
    })
    expect(saved.translationsHtml?.fr?.body).toContain('<strong>français</strong>')
    expect(saved).toMatchObject({ title: post.title, body: 'The **English** body' })
  })

  test('a new post on a site of one language sends no translations', async () => {
    await setLanguages(['en'])
    multilingual.signInAsAdmin()
    const { user, router } = await renderApp('/admin/posts/new')
    const title = unique('Solo post')
    await user.type(await screen.findByLabelText('Title', {}, { timeout: 15_000 }), title)
    expect(screen.queryByRole('tablist', { name: 'Language' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Create Post' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/posts'))
    const posts = await multilingual.call<Post[]>('GET', '/posts')
    expect(posts.find((p) => p.title === title)?.translations).toEqual({})
  })

  test('a site of one language shows no tabs and no missing translations', async () => {
    await setLanguages(['en'])
    const project = await createProject({ name: unique('Solo') })
    multilingual.signInAsAdmin()
    await renderApp(`/admin/projects/edit/${project.id}`)
    expect(await screen.findByLabelText('Name')).toHaveValue(project.name)
    expect(screen.queryByRole('tablist', { name: 'Language' })).not.toBeInTheDocument()
  })
})

describe("the dashboard's missing translations", () => {
  test('counts each language’s missing texts and links to the tab that fixes them', async () => {
    await setLanguages(['en', 'fr'])
    const project = await createProject({ name: unique('Gallery') })
    multilingual.signInAsAdmin()
    const first = await renderApp('/admin/dashboard')
    const french = await screen.findByRole('list', { name: 'Missing in French' })
    const link = within(french).getByRole('link', { name: project.name })
    expect(link).toHaveAttribute('href', `/admin/projects/edit/${project.id}?lang=fr`)
    const count = () =>
      Number(/French: (\d+) missing/.exec(screen.getByText(/^French: /).textContent ?? '')?.[1])
    const before = count()
    first.unmount()

    await multilingual.call('PATCH', `/projects/${project.id}`, {
      translations: { fr: { name: 'Galerie' } },
    })
    await renderApp('/admin/dashboard')
    await screen.findByRole('list', { name: 'Missing in French' })
    expect(count()).toBe(before - 1)
    expect(
      within(screen.getByRole('list', { name: 'Missing in French' })).getByRole('link', {
        name: project.name,
      }),
    ).toBeInTheDocument()
  })

  test("counts a post's texts, not a draft's, and links to its edit screen's tab", async () => {
    await setLanguages(['en', 'fr'])
    const title = unique('Harbour')
    const post = await multilingual.call<Post>('POST', '/posts', {
      title,
      summary: 'About the harbour',
      body: 'The English body',
      status: 'published',
      translations: { fr: { title: 'Port' } },
    })
    const draft = unique('Unfinished')
    await multilingual.call('POST', '/posts', { title: draft, body: 'Later' })
    multilingual.signInAsAdmin()
    await renderApp('/admin/dashboard')
    const french = await screen.findByRole('list', { name: 'Missing in French' })
    const link = within(french).getByRole('link', { name: title })
    expect(link).toHaveAttribute('href', `/admin/posts/edit/${post.id}?lang=fr`)
    expect(link.closest('li')).toHaveTextContent(`${title} (post: summary, body)`)
    expect(within(french).queryByRole('link', { name: draft })).not.toBeInTheDocument()
  })
})

describe('importing a résumé as a translation (docs/PRODUCT.md §20)', () => {
  test('the file in French translates the experience here, matched by organisation and start month', async () => {
    await setLanguages(['en', 'fr'])
    const organization = unique('Translated Co')
    const created = await multilingual.call<Experience>('POST', '/experiences', {
      organization,
      role: 'Engineer',
      startDate: '2019-02',
    })
    multilingual.signInAsAdmin()
    const { user } = await renderApp('/admin/experience')
    await user.selectOptions(await screen.findByLabelText('Language of the file'), 'fr')
    expect(screen.getByLabelText('Language of the file')).toHaveAccessibleDescription(
      expect.stringContaining('Its texts become the French translation of the entries here'),
    )
    const file = new File(
      [
        JSON.stringify({
          work: [{ name: organization, position: 'Ingénieure', startDate: '2019-02-01' }],
        }),
      ],
      'cv-fr.json',
      { type: 'application/json' },
    )
    await user.upload(screen.getByLabelText('JSON Resume file'), file)
    const plan = await screen.findByRole('table', { name: 'What the import will do' })
    expect(within(plan).getByRole('columnheader', { name: 'To translate' })).toBeVisible()
    expect(within(plan).getByRole('row', { name: /Experience/ })).toHaveTextContent('Experience100')

    await user.click(screen.getByRole('button', { name: 'Import' }))
    expect(await screen.findByRole('table', { name: 'What was translated' })).toBeVisible()
    const saved = await multilingual.call<Experience>('GET', `/experiences/${created.id}`)
    expect(saved.role).toBe('Engineer')
    expect(saved.translations).toEqual({ fr: { role: 'Ingénieure' } })
  })
})

describe('the dashboard', () => {
  test('a change of the languages is one entry of the recent activity, leading to this screen', async () => {
    await setLanguages(['en', 'fr'])
    await setLanguages(['en', 'de', 'fr'], 'de')
    multilingual.signInAsReader()
    await renderApp('/admin/dashboard')
    const recent = within(await screen.findByRole('list', { name: 'Recent activity' }))
    const link = await recent.findByRole('link', {
      name: "Changed the site's languages: en, de (default), fr",
    })
    expect(link).toHaveAttribute('href', '/admin/languages')
    expect(link.closest('li')).toHaveTextContent(/by admin/)
  })
})
