import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Technology } from '@shared/types.ts'
import { api } from '@/lib/api-client'

export const getTechnologies = (signal?: AbortSignal) =>
  api.get<Technology[]>('/technologies', { signal })

export const technologiesQueryOptions = () =>
  queryOptions({ queryKey: ['technologies'], queryFn: ({ signal }) => getTechnologies(signal) })

export const useTechnologies = () => useQuery(technologiesQueryOptions())
