import { queryOptions } from '@tanstack/react-query'
import type { Project } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { contentKeys } from '@/lib/queries/keys'
import { featuredInOrder } from '@/lib/featured-order'

/** Projects per page: the first render and each 'Show more projects' (docs/decisions/003, 010). */
export const PROJECTS_PAGE_SIZE = 12

/** One answer of GET /projects?limit=12: the projects, the cursor of the next page, the total. */
export interface ProjectsPage {
  projects: Project[]
  /** X-Next-Cursor; null on the last page. */
  nextCursor: string | null
  /** X-Total-Count: how many projects match, on every page. */
  total: number
}

// The public page calls anonymously, so a signed-in owner previewing the site
// sees exactly what visitors see (only active projects). The server answers in
// the spec's order (section 9), so pages simply follow one another.
export async function getPublicProjectsPage(
  technologyId: number | null,
  cursor: string | null,
  lang: string | null,
  signal?: AbortSignal,
): Promise<ProjectsPage> {
  // The first page without a technology is what index.html may have asked for already.
  const { data, headers } = await api.getWithHeaders('/projects', {
    query: { limit: PROJECTS_PAGE_SIZE, technologyId, cursor, lang },
    token: null,
    signal,
  })
  const total = headers.get('X-Total-Count')
  return {
    projects: data,
    nextCursor: headers.get('X-Next-Cursor'),
    total: total === null ? data.length : Number(total),
  }
}

/**
 * One page of the active projects; `technologyId` keeps those using one
 * technology (a chip), `cursor` is the previous page's X-Next-Cursor. Pages are
 * plain queries, one per cursor, so the page needs no infinite-query code.
 */
export const publicProjectsPageQueryOptions = (
  technologyId: number | null = null,
  cursor: string | null = null,
  lang: string | null = null,
) =>
  queryOptions({
    queryKey: contentKeys.list('projects', 'public', {
      technologyId,
      cursor,
      ...(lang ? { lang } : {}),
    }),
    queryFn: ({ signal }) => getPublicProjectsPage(technologyId, cursor, lang, signal),
  })

/**
 * The featured projects, for the home page's Featured row (docs/PRODUCT.md
 * §15), in the owner's order: smallest featuredOrder first, those without one
 * after, each group in the portfolio's order as the server answers it.
 */
export const publicFeaturedProjectsQueryOptions = (lang: string | null = null) =>
  queryOptions({
    queryKey: contentKeys.list('projects', 'public', { featured: true, ...(lang ? { lang } : {}) }),
    queryFn: async ({ signal }) => {
      const list = await api.get('/projects', {
        query: { featured: 'true', lang },
        token: null,
        signal,
      })
      return featuredInOrder(list)
    },
  })
