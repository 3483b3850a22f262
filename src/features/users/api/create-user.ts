import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UserCreateInput } from '@shared/contract/schemas.ts'
import type { User } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { usersQueryOptions } from '@/lib/queries/users'

export const createUser = (input: UserCreateInput) => api.post<User>('/users', input)

export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  })
}
