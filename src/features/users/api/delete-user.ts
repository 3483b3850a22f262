import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { usersQueryOptions } from '@/lib/queries/users'

interface DeleteUserInput {
  id: number
  /** The signed-in admin's own password: deleting an account takes it (docs/decisions/042). */
  currentPassword: string
}

export const deleteUser = ({ id, currentPassword }: DeleteUserInput) =>
  api.delete(`/users/${id}`, { currentPassword })

export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  })
}
