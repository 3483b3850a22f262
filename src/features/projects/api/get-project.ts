import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Project } from '@shared/types.ts'
import { api } from '@/lib/api-client'

export const getProject = (id: string, signal?: AbortSignal) =>
  api.get<Project>(`/projects/${encodeURIComponent(id)}`, { signal })

export const projectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['projects', id],
    queryFn: ({ signal }) => getProject(id, signal),
  })

export const useProject = (id: string) => useQuery(projectQueryOptions(id))
