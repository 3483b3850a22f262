// GET /insights (docs/PRODUCT.md §13): the portfolio's health findings.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const getInsights = (signal?: AbortSignal) => api.get('/insights', { signal })

export const insightsQueryOptions = () =>
  queryOptions({
    queryKey: ['insights'],
    queryFn: ({ signal }) => getInsights(signal),
    // Every edit can fix or cause a finding: read again each time the dashboard opens.
    staleTime: 0,
  })

export const useInsights = () => useQuery(insightsQueryOptions())
