import { describe, expect, test } from 'vitest'
import { DEFAULT_ACCENT } from '@shared/contract/appearance.ts'
import { accentCss, contrast, deriveAccent, SURFACES, type Mode } from './accent'

const MODES: Mode[] = ['light', 'dark']

describe('the accent colour', () => {
  test.each(['#ffff00', '#00ffff', '#000080', '#f5f5f5', DEFAULT_ACCENT, '#7f7f7f', '#ff0000'])(
    '%s comes out readable in light and dark, as text, control and focus ring',
    (accent) => {
      const derived = deriveAccent(accent)
      for (const mode of MODES) {
        const s = derived[mode]
        for (const surface of SURFACES[mode]) {
          expect(
            contrast(s.primary, surface),
            `${mode} primary on ${surface}`,
          ).toBeGreaterThanOrEqual(4.5)
          expect(
            contrast(s.secondary, surface),
            `${mode} secondary on ${surface}`,
          ).toBeGreaterThanOrEqual(4.5)
        }
        expect(contrast(s.primaryForeground, s.primary)).toBeGreaterThanOrEqual(4.5)
        expect(contrast(s.secondaryForeground, s.secondary)).toBeGreaterThanOrEqual(4.5)
      }
    },
  )

  test('a readable colour is kept as chosen; one that is not is moved, and says so', () => {
    expect(deriveAccent('#000080')).toMatchObject({
      light: { primary: '#000080' },
      adjusted: { light: false, dark: true },
    })
    const yellow = deriveAccent('#FFFF00')
    expect(yellow.adjusted).toEqual({ light: true, dark: false })
    expect(yellow.dark.primary).toBe('#ffff00')
    // Only the lightness moved: still a yellow, darker.
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(yellow.light.primary.slice(i, i + 2), 16))
    expect(r).toBe(g)
    expect(b).toBe(0)
    expect(deriveAccent('#f5f5f5').adjusted).toEqual({ light: true, dark: false })
  })

  test('the CSS sets the accent for both modes, dark on screen only', () => {
    const css = accentCss('#00ffff')
    expect(css).toMatch(/^html:root\{--primary:#[0-9a-f]{6};/)
    expect(css).toContain('@media not print{html.dark:root{--primary:#00ffff;')
  })
})
