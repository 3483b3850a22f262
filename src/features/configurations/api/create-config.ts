import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ConfigInput } from '@shared/contract/schemas.ts'
import type { Config } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'

export const createConfig = (input: ConfigInput) => api.post<Config>('/configs', input)

export function useCreateConfig() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createConfig,
    onSuccess: () => invalidateContent(queryClient),
  })
}
