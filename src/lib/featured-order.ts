import type { Project } from '@shared/contract/types.ts'

/**
 * The featured projects as the home page's Featured row shows them
 * (docs/PRODUCT.md §15): smallest featuredOrder first, those without one
 * after, each group in the order given (the portfolio's, as the server answers).
 */
export function featuredInOrder(projects: Project[]): Project[] {
  const rank = (p: Project) => p.featuredOrder ?? Number.MAX_SAFE_INTEGER
  return projects
    .filter((p) => p.featured)
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i)
    .map(({ p }) => p)
}
