import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Technology } from '@shared/types.ts'
import { api } from '@/lib/api-client'
import type { TechnologyPayload } from './create-technology'
import { technologiesQueryOptions } from './get-technologies'

export const updateTechnology = ({ id, payload }: { id: string; payload: TechnologyPayload }) =>
  api.patch<Technology>(`/technologies/${encodeURIComponent(id)}`, payload)

export function useUpdateTechnology() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTechnology,
    // ['technologies'] is a prefix of ['technologies', id]: list and record both refetch.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: technologiesQueryOptions().queryKey }),
  })
}
