// Which language a public page is in, from its path (docs/PRODUCT.md §23):
// the default language has no prefix (`/`, `/projects/1-x`, `/cv`), every
// other one its tag as the first segment (`/fr/`, `/pt-BR/projects/1-x`).
// Shared by the browser app, the page renderer, the static build and the
// sitemap, so they all agree on what `/fr/...` means. Nothing here reads.
import type { Languages } from './responses.ts'

/** Languages written right to left (by their primary subtag). */
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb'])

/** `rtl` for a language written right to left (Arabic, Hebrew, Persian, Urdu, ...), else `ltr`. */
export const textDirection = (tag: string): 'ltr' | 'rtl' =>
  RIGHT_TO_LEFT.has(tag.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr'

/** Before the site's languages are known: English alone. */
export const ONLY_ENGLISH: Languages = { default: 'en', languages: ['en'] }

export interface PathLanguage {
  /** The page's language: the prefix's, or the default for a path without one. */
  lang: string
  /** The path without its language prefix (`/fr/cv` -> `/cv`, `/fr` -> `/`). */
  path: string
}

/**
 * The language of `pathname` and the path without it. Only the site's other
 * languages are prefixes: `/de/` on a site in English and French, or `/en/`
 * where English is the default (it lives at `/`), is a path like any other,
 * which no page takes (404). So `/cv` is the CV, never a language.
 */
export function languageOfPath(pathname: string, site: Languages): PathLanguage {
  const path = pathname || '/'
  const tag = path.split('/')[1] ?? ''
  if (tag === site.default || !site.languages.includes(tag)) return { lang: site.default, path }
  return { lang: tag, path: path.slice(tag.length + 1) || '/' }
}

/** `path` (without prefix) in language `lang`: unchanged for the default, else `/<lang>` before it. */
export const pathInLanguage = (path: string, lang: string, site: Languages) =>
  lang === site.default ? path : `/${lang}${path === '/' ? '/' : path}`
