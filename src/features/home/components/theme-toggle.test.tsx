// The shared ThemeToggle and lib/theme (docs/PRODUCT.md §4), tested from the public page's side.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { ThemeToggle } from '@/components/theme-toggle'
import { resetThemeForTests } from '@/lib/theme'

function stubSystemDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: dark && query === '(prefers-color-scheme: dark)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  )
}

beforeEach(() => {
  resetThemeForTests()
  document.documentElement.classList.remove('dark')
})
afterEach(() => vi.unstubAllGlobals())

test('starts from the saved preference', () => {
  stubSystemDark(false)
  localStorage.setItem('theme-mode', 'dark')
  render(<ThemeToggle />)
  expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument()
})

test('without a saved preference, follows the system dark preference', () => {
  stubSystemDark(true)
  render(<ThemeToggle />)
  expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument()
})

test('without a saved preference on a light system, starts light', () => {
  stubSystemDark(false)
  render(<ThemeToggle />)
  expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument()
})

test('toggling switches the theme, sets <html class="dark"> and saves it', async () => {
  const user = userEvent.setup()
  stubSystemDark(false)
  render(<ThemeToggle />)
  await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }))
  expect(document.documentElement).toHaveClass('dark')
  expect(localStorage.getItem('theme-mode')).toBe('dark')

  await user.click(screen.getByRole('button', { name: 'Switch to light theme' }))
  expect(document.documentElement).not.toHaveClass('dark')
  expect(localStorage.getItem('theme-mode')).toBe('light')
})
