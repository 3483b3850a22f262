import type { Project } from '@shared/types.ts'

type Sortable = Pick<Project, 'isActive' | 'startYear'>

/**
 * Active projects first, then by start year, newest first; a missing start
 * year counts as 0 (spec section 9). Stable, and never mutates its input: the
 * server sorts the same way, but the page does not rely on it.
 */
export function sortProjects<T extends Sortable>(projects: readonly T[]): T[] {
  return [...projects].sort(
    (a, b) => Number(b.isActive) - Number(a.isActive) || (b.startYear ?? 0) - (a.startYear ?? 0),
  )
}
