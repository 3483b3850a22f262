import { queryOptions, useQuery } from '@tanstack/react-query'
import type { User } from '@shared/types.ts'
import { api } from '@/lib/api-client'

export const getUsers = (signal?: AbortSignal) => api.get<User[]>('/users', { signal })

export const usersQueryOptions = () =>
  queryOptions({ queryKey: ['users'], queryFn: ({ signal }) => getUsers(signal) })

export const useUsers = () => useQuery(usersQueryOptions())
