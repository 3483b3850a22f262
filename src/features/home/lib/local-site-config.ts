// The site's texts in the page's language (docs/PRODUCT.md §23): GET
// /configs/all-as-object?lang= answers the default language's values and,
// under `_translations`, those it has in the page's language. A value the
// owner wrote without translating it shows in the default language, and
// `textLanguages` says so, for the element's `lang` attribute.
import { TRANSLATIONS_KEY } from '@shared/contract/config-translations.ts'
import type { ConfigsObject } from '@shared/contract/types.ts'
import { apiLanguage, langAttributes, type TextPage } from '@/lib/i18n/localize'
import { mergeSiteConfig, siteConfigDefaults, type SiteConfig } from './site-config'

/** The configuration's values that are not texts to read: links, the e-mail, the owner's name, the photo, availability. */
const NOT_TEXTS = [
  'linkedinUrl',
  'githubUrl',
  'email',
  'ownerName',
  'photo',
  'availability',
  'bookingUrl',
  'links',
] as const

export type SiteText = Exclude<keyof SiteConfig, (typeof NOT_TEXTS)[number]>

const TEXTS = (Object.keys(siteConfigDefaults) as (keyof SiteConfig)[]).filter(
  (name): name is SiteText => !(NOT_TEXTS as readonly string[]).includes(name),
)

export type LocalSiteConfig = SiteConfig & {
  /** The texts shown in the default language on a page in another, and that language. */
  textLanguages?: Partial<Record<SiteText, string>>
}

/**
 * The answer merged over `defaults` (the page's catalogue's, siteTextDefaults),
 * each text in the page's language where it has one.
 */
export function localSiteConfig(
  values: ConfigsObject | null | undefined,
  page: TextPage,
  defaults: SiteConfig = siteConfigDefaults,
): LocalSiteConfig {
  const { [TRANSLATIONS_KEY]: translations, ...own } = values ?? {}
  const lang = apiLanguage(page)
  if (!lang) return mergeSiteConfig(own, defaults)
  const translated = translations?.[lang] ?? {}
  const shown: Record<string, string> = { ...own }
  const textLanguages: Partial<Record<SiteText, string>> = {}
  for (const name of TEXTS) {
    const text = translated[name]
    if (text?.trim()) shown[name] = text
    else if (own[name]?.trim()) textLanguages[name] = page.site.default
  }
  const config = mergeSiteConfig(shown, defaults)
  return Object.keys(textLanguages).length ? { ...config, textLanguages } : config
}

/** `lang` (and `dir`) for the element showing the site text `name`, when not in the page's language. */
export const siteTextAttributes = (config: LocalSiteConfig, name: SiteText, page: TextPage) =>
  langAttributes(config.textLanguages?.[name] ?? page.lang, page)
