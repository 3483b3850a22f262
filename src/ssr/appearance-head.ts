// What a server-rendered page carries of the site's appearance (docs/PRODUCT.md
// §27, decision 074): the theme's and the font pair's stylesheets, the font
// files to preload, and the owner's accent as CSS custom properties, all in
// the HTML itself, so the first paint is already in the chosen look and no
// script is involved. Only the active theme's and font's files are named.
import type { Appearance } from '@shared/contract/types.ts'
import { accentCss } from '@/lib/accent'

/** A built stylesheet's address and the font files it loads that are worth preloading. */
export interface StyleAsset {
  href: string
  preload: string[]
}

/**
 * Where the theme and font stylesheets are: the build's files by source path
 * (server/build-manifest.ts), or, without a build (npm run dev, the tests),
 * the sources themselves, which Vite serves as CSS.
 */
export type StyleAssets = (source: string) => StyleAsset | undefined

let assets: StyleAssets = (source) => ({ href: `/${source}`, preload: [] })

/** Called by the server and the static build with the build's files (page-renderer.ts, prerender.ts). */
export function setStyleAssets(next: StyleAssets): void {
  assets = next
}

export const themeSource = (theme: string) => `src/themes/${theme}/theme.css`
export const fontSource = (font: string) => `src/themes/fonts/${font}.css`

const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/** The <head> tags of `appearance`: preloads, stylesheets, then the accent (which must come after them). */
export function appearanceHead(appearance: Appearance): string {
  const files = [
    assets(themeSource(appearance.theme)),
    appearance.font === 'system' ? undefined : assets(fontSource(appearance.font)),
  ].filter((file): file is StyleAsset => Boolean(file))
  return [
    ...files.flatMap((file) =>
      file.preload.map(
        (href) =>
          `<link rel="preload" as="font" type="font/woff2" crossorigin href="${attr(href)}" />`,
      ),
    ),
    ...files.map((file) => `<link rel="stylesheet" href="${attr(file.href)}" />`),
    `<style id="vitrine-accent">${accentCss(appearance.accent)}</style>`,
  ].join('\n    ')
}
