// The public page's texts: configuration values (GET /configs/all-as-object)
// merged over the spec's defaults (docs/PRODUCT.md §3). A blank value counts as
// missing, so clearing a text in the back office brings the default back.
export const siteConfigDefaults = {
  heroTitle1: 'FULL STACK',
  heroTitle2: 'DEVELOPER',
  heroDescription:
    'I design and build fast, accessible web applications, from the database to the last pixel.',
  footerText: 'All rights reserved.',
  contactTitle: 'DO YOU HAVE A PROJECT TO DISCUSS?',
  portfolioTitle: 'PORTFOLIO',
  skillsTitle: 'SKILLS',
  certificationsTitle: 'MY CERTIFICATIONS',
  linkedinUrl: '',
  githubUrl: '',
  email: '',
  // Page metadata (our addition): document title, meta description, JSON-LD.
  siteTitle: '',
  siteDescription: '',
  ownerName: '',
}

export type SiteConfig = typeof siteConfigDefaults

export function mergeSiteConfig(values: Record<string, unknown> | null | undefined): SiteConfig {
  const merged: SiteConfig = { ...siteConfigDefaults }
  for (const key of Object.keys(siteConfigDefaults) as (keyof SiteConfig)[]) {
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

export function titleCase(text: string): string {
  // A letter after anything but a letter or digit: `\b` knows ASCII words only ('DÉVeloppeuse').
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
