import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { configsQueryOptions } from '@/lib/queries/configs'

export const deleteConfig = (id: number) => api.delete(`/configs/${id}`)

export function useDeleteConfig() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configsQueryOptions().queryKey }),
  })
}
