import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Config } from '@shared/types.ts'
import { api } from '@/lib/api-client'

/** One configuration and its version, which the edit dialog sends back when it saves. */
export const getConfig = (id: number, signal?: AbortSignal) =>
  api.getVersioned<Config>(`/configs/${id}`, { signal })

export const configQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['configs', id], queryFn: ({ signal }) => getConfig(id, signal) })

export const useConfig = (id: number) => useQuery(configQueryOptions(id))
