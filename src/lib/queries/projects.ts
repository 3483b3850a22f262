// Reads of /projects: one query key per request, shared by every screen that
// shows them, so a write anywhere refreshes them everywhere (docs/ARCHITECTURE.md,
// "Where code lives").
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Project } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { contentKeys } from './keys'

export const projectKeys = {
  list: contentKeys.list('projects', 'owner'),
  detail: (id: string) => contentKeys.detail('projects', id),
}

export const getProjects = (signal?: AbortSignal) => api.get<Project[]>('/projects', { signal })

export const projectsQueryOptions = () =>
  queryOptions({ queryKey: projectKeys.list, queryFn: ({ signal }) => getProjects(signal) })

/** One project and its version, which an edit form sends back when it saves (If-Match). */
export const getProject = (id: string, signal?: AbortSignal) =>
  api.getVersioned<Project>(`/projects/${encodeURIComponent(id)}`, { signal })

export const projectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => getProject(id, signal),
  })

// The hooks the screens read with.
export const useProject = (id: string) => useQuery(projectQueryOptions(id))
export const useProjects = () => useQuery(projectsQueryOptions())
