import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { expect, test } from 'vitest'
import { languagesQueryOptions } from '@/lib/i18n/page-language'
import { LanguageSwitcher } from './language-switcher'

function renderAt(path: string, languages: string[]) {
  const client = new QueryClient()
  client.setQueryData(languagesQueryOptions().queryKey, { default: 'en', languages })
  return render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <LanguageSwitcher />
      </QueryClientProvider>
    </MemoryRouter>,
  )
}

test('links the same page in every language, each named in itself, the current one marked', async () => {
  renderAt('/fr/projects/3-tide', ['en', 'fr', 'ar'])
  const summary = screen.getByText('Language:', { exact: false })
  await userEvent.click(summary)
  const list = screen.getByRole('list')
  const english = within(list).getByRole('link', { name: 'English' })
  expect(english).toHaveAttribute('href', '/projects/3-tide')
  expect(english).toHaveAttribute('hreflang', 'en')
  const arabic = within(list).getByRole('link', { name: 'العربية' })
  expect(arabic).toHaveAttribute('href', '/ar/projects/3-tide')
  expect(arabic).toHaveAttribute('lang', 'ar')
  expect(arabic).toHaveAttribute('dir', 'rtl')
  expect(within(list).getByRole('link', { name: 'Français' })).toHaveAttribute(
    'aria-current',
    'page',
  )
})

test('is not shown on a site in one language', () => {
  const { container } = renderAt('/', ['en'])
  expect(container).toBeEmptyDOMElement()
})
