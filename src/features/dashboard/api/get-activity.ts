// GET /activity (docs/PRODUCT.md §12): the newest entries of the history.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const getActivity = (limit: number, signal?: AbortSignal) =>
  api.get('/activity', { query: { limit }, signal })

export const activityQueryOptions = (limit = 10) =>
  queryOptions({
    queryKey: ['activity', { limit }],
    queryFn: ({ signal }) => getActivity(limit, signal),
    // Any screen's write adds entries: read it again each time the dashboard opens.
    staleTime: 0,
  })

export const useActivity = (limit = 10) => useQuery(activityQueryOptions(limit))
