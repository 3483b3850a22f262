// Writes of the portfolio's content, one shape for every resource (projects,
// technologies, certifications, configs, experiences, education): create,
// change with the version the form loaded (a newer one on the server answers
// 412: docs/decisions/009-optimistic-concurrency.md), and delete. Every write
// marks all content stale (keys.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { contentKeys, invalidateContent, type ContentResource } from './keys'

type Writable = Exclude<ContentResource, 'resume'>

export interface ContentChange<P> {
  id: number | string
  payload: P
  /** The version the form loaded (ETag), sent as If-Match. */
  version?: string | null
}

export function useCreateContent<T, P>(resource: Writable) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (payload: P) => api.post<T>(`/${resource}`, payload),
    onSuccess: () => invalidateContent(queryClient),
  })
}

export function useUpdateContent<T, P>(resource: Writable) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, payload, version }: ContentChange<P>) =>
      api.patch<T>(`/${resource}/${encodeURIComponent(String(id))}`, payload, {
        ifMatch: version,
      }),
    onSuccess: () => invalidateContent(queryClient),
  })
}

/**
 * Deletes by id. On success the row leaves the owner's list at once, without a
 * refetch (docs/PRODUCT.md §2), and the rest of the content is marked stale; a
 * failure is only logged (docs/PRODUCT.md §8), as `Failed to delete <one>`.
 */
export function useDeleteContent(resource: Writable, one: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/${resource}/${id}`),
    onSuccess: (_data, id) => {
      queryClient.setQueryData(
        contentKeys.list(resource, 'owner'),
        (rows: { id: number }[] | undefined) => rows?.filter((row) => row.id !== id),
      )
      queryClient.removeQueries({ queryKey: contentKeys.detail(resource, id), exact: true })
      void invalidateContent(queryClient, { refetch: false })
    },
    onError: (error) => console.error(`Failed to delete ${one}`, error),
  })
}
