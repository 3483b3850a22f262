// The dashboard reads the users, projects and technologies lists (spec section 7),
// under the same keys the list screens use, so their caches are shared.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Project, Technology, User } from '@shared/types.ts'
import { api } from '@/lib/api-client'

export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: ['projects'],
    queryFn: ({ signal }) => api.get<Project[]>('/projects', { signal }),
  })

export const technologiesQueryOptions = () =>
  queryOptions({
    queryKey: ['technologies'],
    queryFn: ({ signal }) => api.get<Technology[]>('/technologies', { signal }),
  })

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: ['users'],
    queryFn: ({ signal }) => api.get<User[]>('/users', { signal }),
  })

export const useDashboardProjects = () => useQuery(projectsQueryOptions())
export const useDashboardTechnologies = () => useQuery(technologiesQueryOptions())
export const useDashboardUsers = () => useQuery(usersQueryOptions())
