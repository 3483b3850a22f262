// Reads of /experiences and /education (docs/PRODUCT.md §18): one query key per
// request, shared by the back office and the public page, so a write anywhere
// refreshes them everywhere.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Education, Experience } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { contentKeys } from './keys'

/** The two resources of the developer's story, by their path. */
export type StoryKind = 'experiences' | 'education'
export interface StoryItem {
  experiences: Experience
  education: Education
}

export const storyKeys = {
  list: (kind: StoryKind) => contentKeys.list(kind, 'owner'),
  detail: (kind: StoryKind, id: string) => contentKeys.detail(kind, id),
}

export const storyListQueryOptions = <K extends StoryKind>(kind: K) =>
  queryOptions({
    queryKey: storyKeys.list(kind),
    queryFn: ({ signal }) => api.get<StoryItem[K][]>(`/${kind}`, { signal }),
  })

/** One item and its version, which an edit form sends back when it saves (If-Match). */
export const storyItemQueryOptions = <K extends StoryKind>(kind: K, id: string) =>
  queryOptions({
    queryKey: storyKeys.detail(kind, id),
    queryFn: ({ signal }) =>
      api.getVersioned<StoryItem[K]>(`/${kind}/${encodeURIComponent(id)}`, { signal }),
  })

export const useStoryList = <K extends StoryKind>(kind: K) => useQuery(storyListQueryOptions(kind))
export const useStoryItem = <K extends StoryKind>(kind: K, id: string) =>
  useQuery(storyItemQueryOptions(kind, id))
