/** True when the visitor asked the system for less motion. */
export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches

/**
 * Scrolls to a section (smoothly unless reduced motion is preferred) and moves
 * keyboard focus there, so the next Tab continues from the section.
 */
export function scrollToSection(id: string) {
  const target = document.getElementById(id)
  if (!target) return
  target.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' })
  target.focus({ preventScroll: true })
  if (window.location.hash !== `#${id}`)
    window.history.replaceState(window.history.state, '', `#${id}`)
}
