// The technologies the project form offers. Same endpoint and query key as the
// technologies feature, so both share one cache entry (features never import
// each other, so this feature reads it itself).
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Technology } from '@shared/types.ts'
import { api } from '@/lib/api-client'

export const getTechnologyOptions = (signal?: AbortSignal) =>
  api.get<Technology[]>('/technologies', { signal })

export const technologyOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['technologies'],
    queryFn: ({ signal }) => getTechnologyOptions(signal),
  })

export const useTechnologyOptions = () => useQuery(technologyOptionsQueryOptions())
