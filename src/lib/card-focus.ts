// Where focus goes when a visitor leaves a project's page (docs/PRODUCT.md §15):
// back to the card that opened it. The page notes the project when it closes,
// by Escape, its back link or the browser's back button; the card of that
// project takes focus when it renders again on the public page.
let pending: number | null = null

export function returnFocusToCard(projectId: number): void {
  pending = projectId
}

/** True once for the card that should take focus; the note is then spent. */
export function takeCardFocus(projectId: number): boolean {
  if (pending !== projectId) return false
  pending = null
  return true
}
