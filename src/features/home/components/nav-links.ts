// The four anchors of the public navigation (docs/PRODUCT.md §2).
export const navLinks = [
  { id: 'certifications', label: 'Certifications' },
  { id: 'skills', label: 'Skills' },
  { id: 'portfolio', label: 'Portfolio' },
  { id: 'contact', label: 'Contact' },
] as const

export const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-semibold tracking-wide text-foreground/80 transition-colors hover:bg-accent hover:text-foreground'
