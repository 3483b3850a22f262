import { queryOptions } from '@tanstack/react-query'
import type { Project } from '@shared/types.ts'
import { api } from '@/lib/api-client'

// The public page calls anonymously, so a signed-in owner previewing the site
// sees exactly what visitors see (only active projects).
export const getPublicProjects = () => api.get<Project[]>('/projects', { token: null })

export const publicProjectsQueryOptions = () =>
  queryOptions({ queryKey: ['public', 'projects'], queryFn: getPublicProjects })
