// The content's texts in the site's other languages as the back office edits
// them (docs/PRODUCT.md §23). The default language's text is the field itself;
// each other language's texts travel in `translations`, and a form holds every
// other language with every translatable field ('' when none yet), so a tab
// can show what is missing. What is sent leaves empty texts out.
import type { FieldValues, Resolver } from 'react-hook-form'
import type { TranslationsPayload } from '@shared/contract/schemas.ts'
import type { Languages } from '@shared/contract/types.ts'
import { TRANSLATABLE } from '@shared/contract/resources.ts'

/** The resources whose texts are translated, and which of their fields: the registry's (api/registry.ts). */
export { TRANSLATABLE }

export type TranslatedResource = keyof typeof TRANSLATABLE

/** Language tag -> field -> text. */
export type TranslationTexts = Record<string, Record<string, string>>

/** The site's languages other than the default one, in the owner's order. */
export const otherLanguages = (site: Languages) =>
  site.languages.filter((tag) => tag !== site.default)

const englishNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' })

/** A language's name in English, the back office's language ('fr' -> 'French'); the tag when unknown. */
export function languageName(tag: string): string {
  try {
    return englishNames.of(tag) ?? tag
  } catch {
    return tag
  }
}

/**
 * A form's starting texts: each other language of the site with each of
 * `fields`, '' where the item holds none. Undefined on a site of one language,
 * so the form and what it sends stay as they were before languages.
 */
export function translationDefaults(
  site: Languages,
  fields: readonly string[],
  stored: TranslationTexts = {},
): TranslationTexts | undefined {
  const others = otherLanguages(site)
  if (!others.length) return undefined
  return Object.fromEntries(
    others.map((tag) => [
      tag,
      Object.fromEntries(fields.map((field) => [field, stored[tag]?.[field] ?? ''])),
    ]),
  )
}

/** Without blank texts, nor languages left with none: what the schema checks and the API keeps. */
export function pruneTranslations(texts: TranslationTexts | undefined) {
  if (!texts) return undefined
  const kept: TranslationTexts = {}
  for (const [tag, fields] of Object.entries(texts)) {
    const filled = Object.entries(fields ?? {}).filter(([, text]) => text?.trim())
    if (filled.length) kept[tag] = Object.fromEntries(filled)
  }
  return kept
}

/**
 * A resolver that checks the form's values with their blank translations left
 * out: an empty French name is missing, not "Project name is required". Its
 * output carries the pruned translations.
 */
export function withPrunedTranslations<T extends FieldValues, C, O>(
  resolver: Resolver<T, C, O>,
): Resolver<T, C, O> {
  return (values, context, options) =>
    resolver(
      'translations' in values
        ? { ...values, translations: pruneTranslations(values.translations as TranslationTexts) }
        : values,
      context,
      options,
    )
}

/**
 * `translations` as a write sends it: for each other language its texts; on
 * an update a language left without any is null, which removes it. Languages
 * that are no longer the site's are not sent, so their kept texts stay.
 */
export function translationsPayload(
  site: Languages,
  pruned: TranslationsPayload | undefined,
  editing: boolean,
): TranslationsPayload | undefined {
  const others = otherLanguages(site)
  if (!others.length || pruned === undefined) return undefined
  const out: TranslationsPayload = {}
  for (const tag of others) {
    const texts = pruned[tag]
    if (texts) out[tag] = texts
    else if (editing) out[tag] = null
  }
  return out
}

/** Field paths of the form's translations, for the server's field errors. */
export const translationPaths = (site: Languages, fields: readonly string[]) =>
  otherLanguages(site).flatMap((tag) => fields.map((field) => `translations.${tag}.${field}`))

/**
 * The tab that shows the first of `keys` (field paths with errors): a
 * translation's language, or the default language for any other field.
 */
export function tabOfErrors(keys: string[], site: Languages): string | null {
  if (!keys.length) return null
  const plain = keys.find((key) => !key.startsWith('translations'))
  if (plain !== undefined) return site.default
  const tag = keys[0]!.split('.')[1]
  return tag && site.languages.includes(tag) ? tag : site.default
}

/** Each path of a react-hook-form errors object, 'translations.fr.name' style. */
export function errorPaths(errors: object, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key
    if (value && typeof value === 'object' && !('message' in value && 'type' in value))
      return errorPaths(value as object, path)
    return [path]
  })
}
