// The public page's texts: configuration values (GET /configs/all-as-object)
// merged over the default texts (docs/PRODUCT.md §3). A blank value counts as
// missing, so clearing a text in the back office brings the default back. The
// defaults are the page's language's (its catalogue, §23); English ones are
// the spec's words.
// Relative: the server and the build read this file without the app's aliases.
import { en, type Catalogue } from '../../../lib/i18n/messages/en.ts'

/** The default site texts in a catalogue's language; links and metadata have none. */
export const siteTextDefaults = (catalogue: Catalogue) => ({
  heroTitle1: catalogue['site.heroTitle1'],
  heroTitle2: catalogue['site.heroTitle2'],
  heroDescription: catalogue['site.heroDescription'],
  footerText: catalogue['site.footerText'],
  contactTitle: catalogue['site.contactTitle'],
  portfolioTitle: catalogue['site.portfolioTitle'],
  skillsTitle: catalogue['site.skillsTitle'],
  certificationsTitle: catalogue['site.certificationsTitle'],
  linkedinUrl: '',
  githubUrl: '',
  email: '',
  // Page metadata (our addition): document title, meta description, JSON-LD.
  siteTitle: '',
  siteDescription: '',
  ownerName: '',
  // The profile (supabase/functions/_shared/contract/profile-links.ts reads it).
  headline: '',
  photo: '',
  location: '',
  bio: '',
  availability: '',
  availabilityNote: '',
  bookingUrl: '',
  links: '',
})

export const siteConfigDefaults = siteTextDefaults(en)

export type SiteConfig = typeof siteConfigDefaults

/** The owner's values over `defaults` (English unless the page's language is given). */
export function mergeSiteConfig(
  values: Record<string, unknown> | null | undefined,
  defaults: SiteConfig = siteConfigDefaults,
): SiteConfig {
  const merged: SiteConfig = { ...defaults }
  for (const key of Object.keys(defaults) as (keyof SiteConfig)[]) {
    const value = values?.[key]
    if (typeof value === 'string' && value.trim() !== '') merged[key] = value.trim()
  }
  return merged
}

/** The browser tab title: siteTitle, else the owner's name and the hero title. */
export function pageTitle(config: SiteConfig): string {
  if (config.siteTitle) return config.siteTitle
  const role = titleCase(`${config.heroTitle1} ${config.heroTitle2}`)
  return config.ownerName ? `${config.ownerName} — ${role}` : role
}

export function pageDescription(config: SiteConfig): string {
  return config.siteDescription || config.heroDescription
}

/** Each word's first letter upper case; a word starts after anything but a letter or digit ('Développeur', not 'DÉVeloppeur'). */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(
      /(^|[^\p{L}\p{N}])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    )
}

/** The footer line with the current year: '© 2026 …', reusing a '©' the text already has. */
export function footerLine(text: string, year: number): string {
  if (text.includes(String(year))) return text
  if (text.includes('©')) return text.replace('©', `© ${year}`)
  return `© ${year} ${text}`
}
