import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Config } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'

export interface UpdateConfigInput {
  id: number
  value: string
  description: string | null
  /** The version the dialog loaded: a newer one on the server makes the save fail with 412. */
  version?: string | null
}

export const updateConfig = ({ id, version, ...body }: UpdateConfigInput) =>
  api.patch<Config>(`/configs/${id}`, body, { ifMatch: version })

export function useUpdateConfig() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateConfig,
    onSuccess: () => invalidateContent(queryClient),
  })
}
