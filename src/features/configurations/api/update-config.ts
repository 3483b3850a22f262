import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Config } from '@shared/types.ts'
import { api } from '@/lib/api-client'
import { configsQueryOptions } from './get-configs'

export interface UpdateConfigInput {
  id: number
  value: string
  description: string | null
}

export const updateConfig = ({ id, ...body }: UpdateConfigInput) =>
  api.patch<Config>(`/configs/${id}`, body)

export function useUpdateConfig() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configsQueryOptions().queryKey }),
  })
}
