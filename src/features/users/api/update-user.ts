import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UserUpdateInput } from '@shared/schemas.ts'
import type { User } from '@shared/types.ts'
import { api } from '@/lib/api-client'
import { usersQueryOptions } from './get-users'

/** Spec section 5: only the non-empty fields are sent. */
export const updateUser = ({ id, changes }: { id: number; changes: UserUpdateInput }) =>
  api.put<User>(`/users/${id}`, changes)

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  })
}
