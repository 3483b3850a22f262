import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Technology } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { technologiesQueryOptions } from '@/lib/queries/technologies'

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
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: technologiesQueryOptions().queryKey }),
  })
}
