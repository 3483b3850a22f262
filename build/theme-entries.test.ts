// Every theme is a folder and a line of THEMES, and nothing else: the build
// makes a stylesheet of each folder, the API offers each line. A theme's
// surfaces stay within the bounds the accent is made readable against
// (src/lib/accent.ts, SURFACES), in light and in dark.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { FONTS, THEMES } from '../supabase/functions/_shared/contract/appearance.ts'
import { contrast, SURFACES } from '../src/lib/accent.ts'
import { styleSources } from './theme-entries.ts'

const root = path.resolve(import.meta.dirname, '..')
const sources = styleSources(root)
const SURFACE_TOKENS = ['--background', '--card', '--muted']

/** The hex values of `tokens` in the first block of `css` whose selector matches `selector`. */
function tokensOf(css: string, selector: RegExp): Record<string, string> {
  const block = new RegExp(`${selector.source}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? ''
  return Object.fromEntries(
    [...block.matchAll(/(--[a-z-]+):\s*(#[0-9a-f]{6})/g)].map((m) => [m[1], m[2]]),
  )
}

describe('themes', () => {
  test('each folder is a listed theme and each listed theme a folder', () => {
    const folders = sources
      .filter((s) => s.endsWith('/theme.css'))
      .map((s) => s.split('/')[2])
      .sort()
    expect(folders).toEqual(THEMES.map((t) => t.id).sort())
    const fonts = sources.filter((s) => s.includes('/fonts/')).map((s) => path.basename(s, '.css'))
    expect(fonts.sort()).toEqual(
      FONTS.map((f) => f.id)
        .filter((id) => id !== 'system')
        .sort(),
    )
  })

  test.each(THEMES.map((t) => t.id).filter((id) => id !== 'classic'))(
    '%s keeps its surfaces where the accent stays readable, and its text on them',
    (id) => {
      const css = readFileSync(path.join(root, `src/themes/${id}/theme.css`), 'utf8')
      const light = tokensOf(css, new RegExp(`html\\[data-theme='${id}'\\]`))
      const dark = tokensOf(css, new RegExp(`html\\[data-theme='${id}'\\]\\.dark`))
      for (const [mode, tokens, bound] of [
        ['light', light, SURFACES.light[1]!],
        ['dark', dark, SURFACES.dark[1]!],
      ] as const) {
        for (const token of SURFACE_TOKENS) {
          const surface = tokens[token]
          expect(surface, `${id} ${mode} ${token}`).toBeDefined()
          // Within the bounds: at least as far from the text as the bound surface.
          const towards = mode === 'light' ? '#000000' : '#ffffff'
          expect(contrast(surface!, towards), `${id} ${mode} ${token}`).toBeGreaterThanOrEqual(
            contrast(bound, towards),
          )
          expect(contrast(tokens['--foreground']!, surface!)).toBeGreaterThanOrEqual(4.5)
          expect(contrast(tokens['--muted-foreground']!, surface!)).toBeGreaterThanOrEqual(4.5)
        }
      }
    },
  )
})

describe('font pairs', () => {
  test.each(FONTS.map((f) => f.id).filter((id) => id !== 'system'))(
    '%s has Arabic letters, named after a latin family in a font-family list',
    (id) => {
      const css = readFileSync(path.join(root, `src/themes/fonts/${id}.css`), 'utf8')
      const imports = [...css.matchAll(/@import '@fontsource\/([^/]+)\/([a-z-]+)-(\d+)\.css'/g)]
      const arabic = imports.filter(([, , subset]) => subset === 'arabic')
      expect(arabic.length, id).toBeGreaterThan(0)
      // Each Arabic family follows a latin family in some font-family list.
      for (const family of new Set(arabic.map(([, pkg]) => pkg))) {
        const name = family!
          .split('-')
          .map((w) => w[0]!.toUpperCase() + w.slice(1))
          .join(' ')
        expect(css, `${id} names ${name}`).toMatch(new RegExp(`font-family:[^;]*,\\s*'${name}'`))
      }
    },
  )
})
