import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Config } from '@shared/types.ts'
import { api } from '@/lib/api-client'

export const getConfigs = (signal?: AbortSignal) => api.get<Config[]>('/configs', { signal })

export const configsQueryOptions = () =>
  queryOptions({ queryKey: ['configs'], queryFn: ({ signal }) => getConfigs(signal) })

export const useConfigs = () => useQuery(configsQueryOptions())
