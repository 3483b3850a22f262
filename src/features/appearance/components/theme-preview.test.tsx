import { render } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { THEMES } from '@shared/contract/appearance.ts'
import { ThemePreview, themePicture } from './theme-preview'

describe('a theme card picture', () => {
  test('every theme has the tour picture of the demo in it', () => {
    for (const { id } of THEMES)
      expect(themePicture(id), id).toMatch(new RegExp(`theme-${id}\\.png`))
  })

  test('shows the picture, decorative beside the theme name, loaded when scrolled to', () => {
    const { container } = render(<ThemePreview theme="grid" accent="#db2777" />)
    const img = container.querySelector('img')!
    expect(img.getAttribute('src')).toMatch(/theme-grid\.png/)
    expect(img).toHaveAttribute('alt', '')
    expect(img).toHaveAttribute('loading', 'lazy')
  })

  test('a theme the tour has not pictured yet gets its sketch', () => {
    const { container } = render(<ThemePreview theme="seventh" accent="#db2777" />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true')
  })
})
