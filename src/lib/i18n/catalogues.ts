// Which catalogue a page's language reads, and loading it (docs/PRODUCT.md §23).
// English is in the main bundle; every other catalogue is a chunk of its own,
// fetched only by a page in that language, so a page ships one language.
// The renderer and the browser load it before rendering and hydrating, so both
// draw the same words from the first render.
import { en, type Catalogue } from './messages/en'

export const CATALOGUE_LANGUAGES = ['en', 'fr', 'de', 'es', 'pt', 'ar'] as const
export type CatalogueLanguage = (typeof CATALOGUE_LANGUAGES)[number]

const loaders: Record<Exclude<CatalogueLanguage, 'en'>, () => Promise<Catalogue>> = {
  fr: () => import('./messages/fr').then((m) => m.fr),
  de: () => import('./messages/de').then((m) => m.de),
  es: () => import('./messages/es').then((m) => m.es),
  pt: () => import('./messages/pt').then((m) => m.pt),
  ar: () => import('./messages/ar').then((m) => m.ar),
}

const isCatalogueLanguage = (tag: string): tag is CatalogueLanguage =>
  (CATALOGUE_LANGUAGES as readonly string[]).includes(tag)

/**
 * The catalogue a language tag reads: its own, else its base language's
 * (`pt-BR` -> `pt`, `fr-CA` -> `fr`), else English.
 */
export function catalogueLanguageOf(tag: string): CatalogueLanguage {
  const base = tag.split('-')[0]!.toLowerCase()
  return isCatalogueLanguage(base) ? base : 'en'
}

const loaded = new Map<CatalogueLanguage, Catalogue>([['en', en]])
const loading = new Map<CatalogueLanguage, Promise<Catalogue>>()

/** The catalogue for language `tag` if it is already here (English always is). */
export const loadedCatalogue = (tag: string): Catalogue | undefined =>
  loaded.get(catalogueLanguageOf(tag))

/**
 * The catalogue for language `tag`, fetched once. A chunk that cannot be
 * fetched (an old deploy's file gone) gives English rather than no page.
 */
export function loadCatalogue(tag: string): Promise<Catalogue> {
  const lang = catalogueLanguageOf(tag)
  const ready = loaded.get(lang)
  if (ready) return Promise.resolve(ready)
  let pending = loading.get(lang)
  if (!pending) {
    pending = loaders[lang as Exclude<CatalogueLanguage, 'en'>]()
      .catch(() => en)
      .then((catalogue) => {
        loaded.set(lang, catalogue)
        return catalogue
      })
    loading.set(lang, pending)
  }
  return pending
}
