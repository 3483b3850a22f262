import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Technology } from '@shared/types.ts'
import { api } from '@/lib/api-client'

/** One technology and its version, which the edit form sends back when it saves. */
export const getTechnology = (id: string, signal?: AbortSignal) =>
  api.getVersioned<Technology>(`/technologies/${encodeURIComponent(id)}`, { signal })

export const technologyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['technologies', id],
    queryFn: ({ signal }) => getTechnology(id, signal),
  })

export const useTechnology = (id: string) => useQuery(technologyQueryOptions(id))
