// Reads of /technologies: one query key per request, shared by every screen that
// shows them, so a write anywhere refreshes them everywhere (docs/ARCHITECTURE.md,
// "Where code lives").
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Technology } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { contentKeys } from './keys'

/** What a technology form sends. */
export interface TechnologyPayload {
  name: string
  icon: string | null
}

export const technologyKeys = {
  list: contentKeys.list('technologies', 'owner'),
  detail: (id: string) => contentKeys.detail('technologies', id),
}

export const getTechnologies = (signal?: AbortSignal) =>
  api.get<Technology[]>('/technologies', { signal })

export const technologiesQueryOptions = () =>
  queryOptions({ queryKey: technologyKeys.list, queryFn: ({ signal }) => getTechnologies(signal) })

/** One technology and its version, which an edit form sends back when it saves (If-Match). */
export const getTechnology = (id: string, signal?: AbortSignal) =>
  api.getVersioned<Technology>(`/technologies/${encodeURIComponent(id)}`, { signal })

export const technologyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: technologyKeys.detail(id),
    queryFn: ({ signal }) => getTechnology(id, signal),
  })

// The hooks the screens read with.
export const useTechnologies = () => useQuery(technologiesQueryOptions())
export const useTechnology = (id: string) => useQuery(technologyQueryOptions(id))
