import { queryOptions } from '@tanstack/react-query'
import type { Project } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { withLanguage } from '@/lib/i18n/localize'
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

/** The page's path; the first one without a technology is what index.html may have asked for already. */
export function projectsPagePath(
  technologyId: number | null,
  cursor: string | null,
  lang: string | null = null,
): string {
  const params = new URLSearchParams({ limit: String(PROJECTS_PAGE_SIZE) })
  if (technologyId !== null) params.set('technologyId', String(technologyId))
  if (cursor !== null) params.set('cursor', cursor)
  return withLanguage(`/projects?${params}`, lang)
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
  const { data, headers } = await api.getWithHeaders<Project[]>(
    projectsPagePath(technologyId, cursor, lang),
    { token: null, signal },
  )
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
      const list = await api.get<Project[]>(withLanguage('/projects?featured=true', lang), {
        token: null,
        signal,
      })
      return featuredInOrder(list)
    },
  })
