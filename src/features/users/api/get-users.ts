import { useQuery } from '@tanstack/react-query'
import { usersQueryOptions } from '@/lib/queries/users'

export const useUsers = () => useQuery(usersQueryOptions())
