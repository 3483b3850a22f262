import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Technology } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'

export interface TechnologyPayload {
  name: string
  icon: string | null
}

export const createTechnology = (payload: TechnologyPayload) =>
  api.post<Technology>('/technologies', payload)

export function useCreateTechnology() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTechnology,
    onSuccess: () => invalidateContent(queryClient),
  })
}
