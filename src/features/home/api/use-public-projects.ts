import { useQueries, type UseQueryResult } from '@tanstack/react-query'
import { useState } from 'react'
import type { Project } from '@shared/contract/types.ts'
import { publicProjectsPageQueryOptions, type ProjectsPage } from './get-public-projects'

type PageResult = UseQueryResult<ProjectsPage>

/** The pages' projects in one list, made again only when a page changes (a stable `combine`). */
function withProjects(pages: PageResult[]) {
  // A project moved between two page loads could come twice: keep its first place.
  const seen = new Set<number>()
  const projects: Project[] = []
  for (const page of pages)
    for (const project of page.data?.projects ?? [])
      if (!seen.has(project.id)) {
        seen.add(project.id)
        projects.push(project)
      }
  return { pages, projects }
}

interface Shown {
  technologyId: number | null
  cursors: (string | null)[]
}

/**
 * What the portfolio showed last (its chip, the pages 'Show more' added), in
 * memory for the life of the tab: a visitor who opens a project from the third
 * page and comes back finds the same cards, so focus can return to the one they
 * opened (lib/card-focus.ts). A reload starts again from the first page.
 */
let shown: Shown | null = null

/** The chip the visitor had chosen when they left the page, if any. */
export const shownTechnologyId = (): number | null => shown?.technologyId ?? null

/** Tests start from a fresh page. */
export function forgetShownProjects(): void {
  shown = null
}

/**
 * The projects loaded so far, all of them or those using one technology, with
 * the total and the next page on demand: one query per page, each asked for
 * with the cursor the page before it answered. The unfiltered first page is
 * already in the cache when the section mounts (useHomeData asked for it).
 * Another technology starts again from its first page (docs/decisions/003).
 */
export function usePublicProjects(technologyId: number | null, lang: string | null = null) {
  // Kept by the route (the entry chunk), so react-query stays out of the lazy
  // sections' chunk: sharing it there split it into a chunk of its own, 1.2 kB more.
  const [state, setShown] = useState<Shown>(() =>
    shown?.technologyId === technologyId ? shown : { technologyId, cursors: [null] },
  )
  const setState = (next: Shown) => {
    shown = next
    setShown(next)
  }
  const cursors = state.technologyId === technologyId ? state.cursors : [null]
  if (state.technologyId !== technologyId) setState({ technologyId, cursors })
  const { pages, projects } = useQueries({
    queries: cursors.map((cursor) => publicProjectsPageQueryOptions(technologyId, cursor, lang)),
    combine: withProjects,
  })
  const first = pages[0]!
  const last = pages[pages.length - 1]!
  const more = pages.length > 1
  return {
    projects,
    total: last.data?.total ?? first.data?.total ?? 0,
    isPending: first.isPending,
    /** Nothing to show: the first page failed. */
    isError: first.isError && !first.data,
    /** 'Show more' failed; what was shown stays. */
    isMoreError: more && last.isError && !last.data,
    hasMore: Boolean(last.data?.nextCursor),
    isLoadingMore: more && last.isFetching && !last.data,
    loadMore: () => {
      if (last.isError && !last.data) void last.refetch()
      else if (last.data?.nextCursor)
        setState({ technologyId, cursors: [...cursors, last.data.nextCursor] })
    },
    retry: () => void first.refetch(),
  }
}

/** The portfolio's projects and its filter, as the route hands them to the section. */
export type PublicProjects = ReturnType<typeof usePublicProjects> & {
  technologyId: number | null
  select: (technologyId: number | null) => void
}
