import { useQuery } from '@tanstack/react-query'
import { userQueryOptions } from '@/lib/queries/users'

export const useUser = (id: number) => useQuery(userQueryOptions(id))
