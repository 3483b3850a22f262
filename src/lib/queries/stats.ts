// GET /stats?days=7|30|90 (docs/PRODUCT.md §17): the visit statistics.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export type StatsPeriod = 7 | 30 | 90
export const STATS_PERIODS: StatsPeriod[] = [7, 30, 90]

export const statsQueryOptions = (days: StatsPeriod) =>
  queryOptions({
    queryKey: ['stats', days],
    queryFn: ({ signal }) => api.get('/stats', { query: { days }, signal }),
    staleTime: 60_000,
  })

export const useVisitStats = (days: StatsPeriod) => useQuery(statsQueryOptions(days))
