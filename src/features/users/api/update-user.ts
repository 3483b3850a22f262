import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UserUpdateInput } from '@shared/contract/schemas.ts'
import type { User } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { usersQueryOptions } from '@/lib/queries/users'

interface UpdateUserInput {
  id: number
  /** docs/PRODUCT.md §5: only the non-empty fields are sent. */
  changes: UserUpdateInput
  /** The version the dialog loaded: a newer one on the server makes the save fail with 412. */
  version?: string | null
}

export const updateUser = ({ id, changes, version }: UpdateUserInput) =>
  api.put<User>(`/users/${id}`, changes, { ifMatch: version })

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey }),
  })
}
