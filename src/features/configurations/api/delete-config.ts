import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'

export const deleteConfig = (id: number) => api.delete(`/configs/${id}`)

export function useDeleteConfig() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteConfig,
    onSuccess: () => invalidateContent(queryClient),
  })
}
