import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Project } from '@shared/types.ts'
import { publicProjectsQueryOptions } from './get-public-projects'

/**
 * The projects loaded so far, all of them or those using one technology, with
 * the total and the next page on demand. The unfiltered first page is already
 * in the cache when the section mounts (useHomeData asked for it).
 */
export function usePublicProjects(technologyId: number | null) {
  const query = useInfiniteQuery(publicProjectsQueryOptions(technologyId))
  const pages = query.data?.pages
  const projects = useMemo(() => {
    // A project moved between two page loads could come twice: keep its first place.
    const seen = new Set<number>()
    const list: Project[] = []
    for (const page of pages ?? [])
      for (const project of page.projects)
        if (!seen.has(project.id)) {
          seen.add(project.id)
          list.push(project)
        }
    return list
  }, [pages])
  return {
    projects,
    total: pages?.[pages.length - 1]?.total ?? 0,
    isPending: query.isPending,
    /** Nothing to show: the first page failed. */
    isError: query.isError && !pages,
    /** 'Show more' failed; what was shown stays. */
    isMoreError: query.isFetchNextPageError,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  }
}
