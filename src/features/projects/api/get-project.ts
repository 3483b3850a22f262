import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Project } from '@shared/types.ts'
import { api } from '@/lib/api-client'

/** One project and its version, which the edit form sends back when it saves. */
export const getProject = (id: string, signal?: AbortSignal) =>
  api.getVersioned<Project>(`/projects/${encodeURIComponent(id)}`, { signal })

export const projectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['projects', id],
    queryFn: ({ signal }) => getProject(id, signal),
  })

export const useProject = (id: string) => useQuery(projectQueryOptions(id))
