// Saving an experience or an education entry: one mutation that creates or,
// given an id, updates with the version the form loaded (412 when outdated).
// Deletes go through the list's generic delete (content-writes.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EducationPayload, ExperiencePayload } from '@shared/contract/schemas.ts'
import { api } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'
import type { StoryItem, StoryKind } from '@/lib/queries/story'

export interface StoryPayload {
  experiences: ExperiencePayload
  education: EducationPayload
}

export function useSaveStory<K extends StoryKind>(kind: K) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      id,
      payload,
      version,
    }: {
      id?: number
      payload: StoryPayload[K]
      version?: string | null
    }) =>
      id === undefined
        ? api.post<StoryItem[K]>(`/${kind}`, payload)
        : api.patch<StoryItem[K]>(`/${kind}/${id}`, payload, { ifMatch: version }),
    onSuccess: () => invalidateContent(queryClient),
  })
}
