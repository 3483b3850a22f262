// The anchors of the public navigation (docs/PRODUCT.md §2); Experience and
// Education only while they have entries (§18), as their sections, and
// Writing, a link to the posts' page, only while there is a public post
// (§26). Each label is a catalogue message, in the page's language.
import { paths } from '@/config/paths'
import type { MessageKey } from '@/lib/i18n/messages/en'

export const navLinks = [
  { id: 'experience', label: 'nav.experience' },
  { id: 'education', label: 'nav.education' },
  { id: 'certifications', label: 'nav.certifications' },
  { id: 'skills', label: 'nav.skills' },
  { id: 'portfolio', label: 'nav.portfolio' },
  { id: 'writing', label: 'nav.writing' },
  { id: 'contact', label: 'nav.contact' },
] as const satisfies readonly { id: string; label: MessageKey }[]

export type NavLink = (typeof navLinks)[number]

/**
 * The links whose sections the page shows: Experience, Education and Writing
 * only with entries (`counts`; `posts` for Writing), and with `sections`
 * (GET /appearance) only the shown ones, in the owner's order.
 */
export const shownNavLinks = (
  counts: { experience: number; education: number; posts?: number },
  sections?: readonly string[],
) => {
  const entries: Record<string, number> = { ...counts, writing: counts.posts ?? 0 }
  const links = navLinks.filter((link) => entries[link.id] ?? 1)
  return sections ? sections.flatMap((id) => links.filter((link) => link.id === id)) : links
}

/** The anchors that are always there: those of no story section, and no Writing. */
export const alwaysNavLinks = shownNavLinks({ experience: 0, education: 0 })

/** Where a link goes: its section on the home page, or the posts' own page (in the page's language). */
export const navHref = (link: NavLink, localPath: (path: string) => string) =>
  link.id === 'writing' ? localPath(paths.writing) : `#${link.id}`

export const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-semibold tracking-wide text-foreground/80 transition-colors hover:bg-accent hover:text-foreground'
