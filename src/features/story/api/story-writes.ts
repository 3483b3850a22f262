// Writes of /experiences and /education: create, update (with the version the
// form loaded, 412 when outdated) and delete, each refreshing the lists.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EducationPayload, ExperiencePayload } from '@shared/contract/schemas.ts'
import { api } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'
import { storyKeys, type StoryItem, type StoryKind } from '@/lib/queries/story'

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

export function useDeleteStory(kind: StoryKind) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/${kind}/${id}`),
    // docs/PRODUCT.md §2: on success the row is removed locally, without a refetch.
    onSuccess: (_data, id) => {
      queryClient.setQueryData(storyKeys.list(kind), (rows: { id: number }[] | undefined) =>
        rows?.filter((row) => row.id !== id),
      )
      queryClient.removeQueries({ queryKey: storyKeys.detail(kind, String(id)), exact: true })
      // The rest of the content (the public page, the CV, counts) refetches when next shown.
      void invalidateContent(queryClient, { refetch: false })
    },
    // docs/PRODUCT.md §8: a failed delete is only logged (the api client logs it too).
    onError: (error) => console.error(`Failed to delete ${kind}`, error),
  })
}
