// The anchors of the public navigation (docs/PRODUCT.md §2); Experience,
// Education, Certifications, Skills and Portfolio only while they have
// entries (§18, §3: a new site starts empty and shows no empty section), as
// their sections, and Writing, a link to the posts' page, only while there is
// a public post (§26). Each label is a catalogue message, in the page's language.
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

/** How many entries each section has; a count not known yet (still loading) keeps its link. */
export interface SectionCounts {
  experience: number
  education: number
  posts?: number
  certifications?: number
  skills?: number
  portfolio?: number
}

/**
 * The links whose sections the page shows: a section without entries is left
 * out (Contact always has its form), and with `sections` (GET /appearance)
 * only the shown ones, in the owner's order.
 */
export const shownNavLinks = (counts: SectionCounts, sections?: readonly string[]) => {
  const links = navLinks.filter((link) => {
    if (link.id === 'experience' || link.id === 'education') return counts[link.id] > 0
    if (link.id === 'writing') return (counts.posts ?? 0) > 0
    if (link.id === 'contact') return true
    return counts[link.id] !== 0
  })
  return sections ? sections.flatMap((id) => links.filter((link) => link.id === id)) : links
}

/** The anchors that are always there: those of no story section, and no Writing. */
export const alwaysNavLinks = shownNavLinks({ experience: 0, education: 0 })

/** Whether the portfolio shows: it has projects, or a chosen technology's empty list to say so. */
export const showsPortfolio = (projects: {
  technologyId: number | null
  isPending: boolean
  isError: boolean
  total: number
}) => projects.technologyId !== null || projects.isPending || projects.isError || projects.total > 0

/** Where a link goes: its section on the home page, or the posts' own page (in the page's language). */
export const navHref = (link: NavLink, localPath: (path: string) => string) =>
  link.id === 'writing' ? localPath(paths.writing) : `#${link.id}`

export const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-semibold tracking-wide text-foreground/80 transition-colors hover:bg-accent hover:text-foreground'
