// The Appearance screen (docs/PRODUCT.md §27) against the real API: themes,
// accent with its readability note, fonts and sections, saved together; the
// server's refusal reaches the field; a read-only account changes nothing.
// The appearance is put back after each test: other files read the same site.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import type { Appearance } from '@shared/contract/types.ts'
import { accentCss } from '@/lib/accent'
import {
  connectToRealApi,
  renderApp,
  server,
  signInAsAdmin,
  signInAsReader,
  loadScreensFirst,
} from '@test-support/real-api'

connectToRealApi()
loadScreensFirst('/admin/appearance')

const TODAY = {
  theme: 'classic',
  accent: '#db2777',
  font: 'system',
  sections: [
    'featured',
    'experience',
    'education',
    'certifications',
    'skills',
    'portfolio',
    'writing',
    'opensource',
    'contact',
  ].map((id) => ({ id, visible: true })),
}

afterEach(async () => {
  await server.put('/appearance', TODAY)
})

describe('the Appearance screen', () => {
  test('chooses a theme, a colour, fonts and the sections, and saves them together', async () => {
    signInAsAdmin()
    const { user } = await renderApp('/admin/appearance')
    await user.click(await screen.findByRole('radio', { name: 'Terminal' }))
    const hex = screen.getByLabelText('Hex value')
    await user.clear(hex)
    await user.type(hex, '#ffff00')
    // Yellow on white is unreadable: the screen says it darkened it, and to what.
    expect(hex).toHaveAccessibleDescription(
      expect.stringMatching(/Light mode: #[0-9a-f]{6}, darkened so text stays readable/),
    )
    expect(hex).toHaveAccessibleDescription(
      expect.stringContaining('Dark mode: #ffff00, as chosen'),
    )
    await user.selectOptions(screen.getByLabelText('Fonts'), 'mono')
    const list = screen.getByRole('list', { name: 'Home page sections' })
    for (let i = 0; i < 8; i++)
      await user.click(within(list).getByRole('button', { name: 'Move Contact up' }))
    await user.click(within(list).getByRole('checkbox', { name: 'Show Skills' }))
    await user.click(screen.getByRole('button', { name: 'Save appearance' }))

    await waitFor(async () =>
      expect(await server.get<Appearance>('/appearance')).toMatchObject({
        theme: 'terminal',
        accent: '#ffff00',
        font: 'mono',
      }),
    )
    const saved = await server.get<Appearance>('/appearance')
    expect(saved.sections[0]).toEqual({ id: 'contact', visible: true })
    expect(saved.sections.find((s) => s.id === 'skills')).toEqual({ id: 'skills', visible: false })
  })

  test('the preview frames the public page in the unsaved choice: light and dark, phone and desktop', async () => {
    signInAsAdmin()
    const { user } = await renderApp('/admin/appearance')
    const frame = (await screen.findByTitle('Preview of your public page')) as HTMLIFrameElement
    expect(frame).toHaveAttribute('src', '/')
    expect(frame).toHaveAccessibleDescription(expect.stringContaining('before you save them'))
    // jsdom loads no page into a frame: the test gives it an empty one and says it loaded,
    // as a browser would, and the screen draws on it.
    const page = frame.contentDocument!
    if (!page.documentElement) page.append(page.createElement('html'))
    page.documentElement.append(page.createElement('head'), page.createElement('body'))
    fireEvent.load(frame)
    const html = () => frame.contentDocument!.documentElement
    await waitFor(() => expect(html().dataset.theme).toBe('classic'))
    expect(html()).not.toHaveClass('dark')

    await user.click(screen.getByRole('radio', { name: 'Terminal' }))
    const hex = screen.getByLabelText('Hex value')
    await user.clear(hex)
    await user.type(hex, '#ffff00')
    await user.selectOptions(screen.getByLabelText('Fonts'), 'mono')
    await user.click(screen.getByRole('checkbox', { name: 'Show Skills' }))
    expect(html().dataset.theme).toBe('terminal')
    expect(html().dataset.font).toBe('mono')
    const doc = frame.contentDocument!
    expect(doc.getElementById('vitrine-preview-theme')).toHaveAttribute(
      'href',
      expect.stringContaining('terminal'),
    )
    expect(doc.getElementById('vitrine-preview-font')).toHaveAttribute(
      'href',
      expect.stringContaining('mono'),
    )
    expect(doc.getElementById('vitrine-accent')!.textContent).toBe(accentCss('#ffff00'))
    expect(doc.getElementById('vitrine-preview-sections')!.textContent).toContain(
      '#main>#skills{display:none}',
    )

    // Light and dark, by buttons that say which is on.
    const colours = screen.getByRole('group', { name: 'Preview colours' })
    const dark = within(colours).getByRole('button', { name: 'Dark' })
    expect(dark).toHaveAttribute('aria-pressed', 'false')
    dark.focus()
    await user.keyboard('{Enter}')
    expect(dark).toHaveAttribute('aria-pressed', 'true')
    expect(html()).toHaveClass('dark')
    expect(html().style.colorScheme).toBe('dark')

    // A phone's width first, then a desktop's.
    expect(frame).toHaveAttribute('width', '390')
    const widths = screen.getByRole('group', { name: 'Preview width' })
    await user.click(within(widths).getByRole('button', { name: 'Desktop (1280 px)' }))
    expect(frame).toHaveAttribute('width', '1280')
    expect(within(widths).getByRole('button', { name: 'Phone (390 px)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    // Nothing was saved.
    expect((await server.get<Appearance>('/appearance')).theme).toBe('classic')
  })

  test('a colour that is not #rrggbb is refused by the server, at the field, and nothing is saved', async () => {
    signInAsAdmin()
    const { user } = await renderApp('/admin/appearance')
    const hex = await screen.findByLabelText('Hex value')
    await user.clear(hex)
    await user.type(hex, '#12345')
    await user.click(screen.getByRole('button', { name: 'Save appearance' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Give a colour as #rrggbb, such as #db2777',
    )
    expect((await server.get<Appearance>('/appearance')).accent).toBe('#db2777')
  })

  test('a read-only account sees the appearance and cannot change it', async () => {
    signInAsReader()
    await renderApp('/admin/appearance')
    expect(await screen.findByText('Only admins can change the appearance.')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Classic' })).toBeChecked()
    expect(screen.getByRole('button', { name: 'Save appearance' })).toBeDisabled()
  })
})
