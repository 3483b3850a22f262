// A content text in the page's language (docs/PRODUCT.md §23). A visitor's
// read with `?lang=` carries each item's texts in that language alone; a
// field without one shows the default language's text (the field itself),
// and the element showing it says so with `lang` (and `dir` when the
// direction differs), so a screen reader pronounces it in its own language.
// A blank translation counts as missing: nothing is ever blank.
import { textDirection } from '@shared/contract/page-languages.ts'
import type { Languages } from '@shared/contract/types.ts'
import { TRANSLATABLE } from '@shared/contract/resources.ts'

/** What the page's language is, for these helpers (usePageLanguage() gives it). */
export interface TextPage {
  lang: string
  site: Languages
}

/** The attributes of an element whose text is not in the page's language. */
export interface LangAttributes {
  lang?: string
  dir?: 'ltr' | 'rtl'
}

export interface LocalText {
  /** The text shown. */
  text: string
  /** The language it is actually in. */
  lang: string
  /** `lang` (and `dir`) to put on its element when that is not the page's; else nothing. */
  attrs: LangAttributes
}

type Translated = { translations?: Record<string, Record<string, string>> }

/** The attributes of an element showing a text in `lang` on a page in `page.lang`. */
export function langAttributes(lang: string, page: TextPage): LangAttributes {
  if (lang === page.lang) return {}
  const dir = textDirection(lang)
  return dir === textDirection(page.lang) ? { lang } : { lang, dir }
}

/** `field` of `item` in the page's language, or the default language's text with its language. */
export function localText<T extends Translated>(
  item: T,
  field: keyof T & string,
  page: TextPage,
): LocalText {
  const own = item[field]
  const fallback = typeof own === 'string' ? own : ''
  if (page.lang === page.site.default) return { text: fallback, lang: page.lang, attrs: {} }
  const translated = item.translations?.[page.lang]?.[field]
  if (translated !== undefined && translated.trim() !== '')
    return { text: translated, lang: page.lang, attrs: {} }
  // An empty default text is nobody's language: nothing to mark.
  if (fallback.trim() === '') return { text: fallback, lang: page.lang, attrs: {} }
  const lang = page.site.default
  return { text: fallback, lang, attrs: langAttributes(lang, page) }
}

/** `item` with `fields` in the page's language, where the head or a link needs plain strings. */
export function localItem<T extends Translated>(
  item: T,
  fields: readonly (keyof T & string)[],
  page: TextPage,
): T {
  if (page.lang === page.site.default) return item
  const copy = { ...item }
  for (const field of fields)
    (copy as Record<string, unknown>)[field] = localText(item, field, page).text
  return copy
}

/** The texts a visitor reads of each resource: what `localText` is asked for. */
export const textFields = {
  project: TRANSLATABLE.projects,
  certification: TRANSLATABLE.certifications,
  experience: TRANSLATABLE.experiences,
  education: TRANSLATABLE.education,
} as const

/**
 * The language to ask the API for (`?lang=`): the page's, or null for the
 * default (whose texts are the fields themselves, answered unchanged).
 */
export const apiLanguage = (page: TextPage): string | null =>
  page.lang === page.site.default ? null : page.lang

/** A public read's path with `?lang=` when the page is in another language than the default. */
export function withLanguage(path: string, lang: string | null): string {
  if (lang === null) return path
  return `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`
}

type WithHtml = Translated & { translationsHtml?: Record<string, Record<string, string>> }

/**
 * The HTML the server rendered of the Markdown `field` (docs/PRODUCT.md §26),
 * for the text `localText` shows: `<field>Html` for the default language's,
 * `translationsHtml` for a translation's; null when the answer has none (a
 * read from before HTML was answered), so the caller shows the text itself.
 */
export function localHtml<T extends WithHtml>(
  item: T,
  field: keyof T & string,
  shown: LocalText,
  page: TextPage,
): string | null {
  const html =
    shown.lang === page.site.default
      ? (item as Record<string, unknown>)[`${field}Html`]
      : item.translationsHtml?.[shown.lang]?.[field]
  return typeof html === 'string' ? html : null
}
