// Reads of /users: one query key per request, shared by every screen that
// shows them, so a write anywhere refreshes them everywhere (docs/ARCHITECTURE.md,
// "Where code lives").
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { User } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { privateKeys } from './keys'

export const userKeys = {
  list: privateKeys.list('users'),
  detail: (id: number) => privateKeys.detail('users', id),
}

export const getUsers = (signal?: AbortSignal) => api.get<User[]>('/users', { signal })

export const usersQueryOptions = () =>
  queryOptions({ queryKey: userKeys.list, queryFn: ({ signal }) => getUsers(signal) })

/** One user and its version, which an edit form sends back when it saves (If-Match). */
export const getUser = (id: number, signal?: AbortSignal) =>
  api.getVersioned<User>(`/users/${id}`, { signal })

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) })

// The hooks the screens read with.
export const useUser = (id: number) => useQuery(userQueryOptions(id))
export const useUsers = () => useQuery(usersQueryOptions())
