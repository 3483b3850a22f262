// The anchors of the public navigation (docs/PRODUCT.md §2); Experience and
// Education only while they have entries (§18), as their sections. Each
// label is a catalogue message, in the page's language.
import type { MessageKey } from '@/lib/i18n/messages/en'

export const navLinks = [
  { id: 'experience', label: 'nav.experience' },
  { id: 'education', label: 'nav.education' },
  { id: 'certifications', label: 'nav.certifications' },
  { id: 'skills', label: 'nav.skills' },
  { id: 'portfolio', label: 'nav.portfolio' },
  { id: 'contact', label: 'nav.contact' },
] as const satisfies readonly { id: string; label: MessageKey }[]

/** The anchors that are always there. */
export const alwaysNavLinks = navLinks.slice(2)

export type NavLink = (typeof navLinks)[number]

/** The links whose sections the page shows: a story section without entries is left out. */
export const shownNavLinks = (counts: { experience: number; education: number }) =>
  navLinks.filter(
    (link) => !(link.id === 'experience' || link.id === 'education') || counts[link.id] > 0,
  )

export const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-semibold tracking-wide text-foreground/80 transition-colors hover:bg-accent hover:text-foreground'
