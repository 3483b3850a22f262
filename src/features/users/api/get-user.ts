import { queryOptions, useQuery } from '@tanstack/react-query'
import type { User } from '@shared/types.ts'
import { api } from '@/lib/api-client'

/** One account and its version, which the edit dialog sends back when it saves. */
export const getUser = (id: number, signal?: AbortSignal) =>
  api.getVersioned<User>(`/users/${id}`, { signal })

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['users', id], queryFn: ({ signal }) => getUser(id, signal) })

export const useUser = (id: number) => useQuery(userQueryOptions(id))
