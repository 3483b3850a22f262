import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Project } from '@shared/types.ts'
import { api } from '@/lib/api-client'

export const getProjects = (signal?: AbortSignal) => api.get<Project[]>('/projects', { signal })

export const projectsQueryOptions = () =>
  queryOptions({ queryKey: ['projects'], queryFn: ({ signal }) => getProjects(signal) })

export const useProjects = () => useQuery(projectsQueryOptions())
