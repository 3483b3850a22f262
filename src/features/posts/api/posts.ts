// Reads of /posts (docs/PRODUCT.md §26) as the owner sees them: every post,
// drafts and schedules included. One query key per request, shared by every
// screen that shows them, so a write anywhere refreshes them everywhere.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Post } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { contentKeys } from '@/lib/queries/keys'
import { ownerPostsQueryOptions } from '@/lib/queries/posts'

export const postKeys = {
  detail: (id: string) => contentKeys.detail('posts', id),
}

/** One post and its version, which the edit form sends back when it saves (If-Match). */
export const getPost = (id: string, signal?: AbortSignal) =>
  api.getVersioned<Post>(`/posts/${encodeURIComponent(id)}`, { signal })

export const postQueryOptions = (id: string) =>
  queryOptions({ queryKey: postKeys.detail(id), queryFn: ({ signal }) => getPost(id, signal) })

// The hooks the screens read with.
export const usePosts = () => useQuery(ownerPostsQueryOptions())
export const usePost = (id: string) => useQuery(postQueryOptions(id))
