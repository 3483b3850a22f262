// Reads of /configs: one query key per request, shared by every screen that
// shows them, so a write anywhere refreshes them everywhere (docs/ARCHITECTURE.md,
// "Where code lives").
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Config } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { contentKeys } from './keys'

export const configKeys = {
  list: contentKeys.list('configs', 'owner'),
  detail: (id: number) => contentKeys.detail('configs', id),
}

export const getConfigs = (signal?: AbortSignal) => api.get<Config[]>('/configs', { signal })

export const configsQueryOptions = () =>
  queryOptions({ queryKey: configKeys.list, queryFn: ({ signal }) => getConfigs(signal) })

/** One config and its version, which an edit form sends back when it saves (If-Match). */
export const getConfig = (id: number, signal?: AbortSignal) =>
  api.getVersioned<Config>(`/configs/${id}`, { signal })

export const configQueryOptions = (id: number) =>
  queryOptions({ queryKey: configKeys.detail(id), queryFn: ({ signal }) => getConfig(id, signal) })

// The hooks the screens read with.
export const useConfig = (id: number) => useQuery(configQueryOptions(id))
export const useConfigs = () => useQuery(configsQueryOptions())
