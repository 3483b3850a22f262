import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Technology } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'
import type { TechnologyPayload } from './create-technology'

interface UpdateTechnologyInput {
  id: string
  payload: TechnologyPayload
  /** The version the form loaded: a newer one on the server makes the save fail with 412. */
  version?: string | null
}

export const updateTechnology = ({ id, payload, version }: UpdateTechnologyInput) =>
  api.patch<Technology>(`/technologies/${encodeURIComponent(id)}`, payload, { ifMatch: version })

export function useUpdateTechnology() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTechnology,
    // ['technologies'] is a prefix of ['technologies', id]: list and record both refetch.
    onSuccess: () => invalidateContent(queryClient),
  })
}
