// The site's appearance (docs/PRODUCT.md §27, docs/decisions/073): which
// themes, font pairs and home-page sections exist, and how a stored section
// list becomes the page's. Plain data, no zod: the public page imports it.
// A theme's look is its folder, src/themes/<id>/ (docs/ARCHITECTURE.md,
// "Adding a theme"); this list names it.

export const THEMES = [
  { id: 'classic', name: 'Classic' },
  { id: 'minimal', name: 'Minimal' },
  { id: 'sidebar', name: 'Sidebar' },
  { id: 'grid', name: 'Grid' },
  { id: 'editorial', name: 'Editorial' },
  { id: 'terminal', name: 'Terminal' },
] as const

/** Font pairs: heading and body. The system stack needs no file. */
export const FONTS = [
  { id: 'system', name: 'System fonts' },
  { id: 'inter', name: 'Inter' },
  { id: 'serif', name: 'Source Serif 4 and Inter' },
  { id: 'mono', name: 'JetBrains Mono' },
] as const

/** The home page's sections, in the page's default order. */
export const HOME_SECTIONS = [
  'featured',
  'experience',
  'education',
  'certifications',
  'skills',
  'portfolio',
  'writing',
  'opensource',
  'contact',
] as const

export type ThemeId = (typeof THEMES)[number]['id']
export type FontId = (typeof FONTS)[number]['id']
export type HomeSectionId = (typeof HOME_SECTIONS)[number]
export interface SectionChoice {
  id: string
  visible: boolean
}

export const DEFAULT_ACCENT = '#db2777'

/**
 * Every section of the page, in the owner's order: the stored ones first
 * (unknown ids left out, each once), then those the owner never placed,
 * shown, in the default order, so a section added later appears at the end.
 */
export function arrangeSections(stored: readonly SectionChoice[]): SectionChoice[] {
  const known = HOME_SECTIONS as readonly string[]
  const placed = stored.filter(
    (s, i) => known.includes(s.id) && stored.findIndex((t) => t.id === s.id) === i,
  )
  return [
    ...placed.map(({ id, visible }) => ({ id, visible })),
    ...known.filter((id) => !placed.some((s) => s.id === id)).map((id) => ({ id, visible: true })),
  ]
}
