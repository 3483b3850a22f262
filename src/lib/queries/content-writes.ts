// Writes by id, one shape for every resource the back office writes (keys.ts):
// the portfolio's content (projects, technologies, certifications, configs,
// experiences, education), accounts and messages. Create, change with the
// version the form loaded (a newer one on the server answers 412:
// docs/decisions/009-optimistic-concurrency.md), and delete. Every write marks
// its root stale, all content for content, and the reads that show it (keys.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateAfterWrite, type WritableResource } from './keys'
import { ownerKeys } from './owner-reads'

export interface ContentChange<P> {
  id: number | string
  payload: P
  /** The version the form loaded (ETag), sent as If-Match. */
  version?: string | null
}

export interface DeleteTarget {
  id: number
  /** The signed-in admin's own password: deleting an account takes it (docs/decisions/042). */
  currentPassword?: string
}

export function useCreateContent<T, P>(resource: WritableResource) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (payload: P) => api.post<T>(`/${resource}`, payload),
    onSuccess: () => invalidateAfterWrite(queryClient, resource),
  })
}

export function useUpdateContent<T, P>(resource: WritableResource) {
  const queryClient = useQueryClient()
  // Accounts are changed with PUT, as the spec has it (docs/PRODUCT.md §7); the rest with PATCH.
  const write = resource === 'users' ? api.put : api.patch
  return useMutation({
    mutationFn: ({ id, payload, version }: ContentChange<P>) =>
      write<T>(`/${resource}/${encodeURIComponent(String(id))}`, payload, { ifMatch: version }),
    onSuccess: () => invalidateAfterWrite(queryClient, resource),
  })
}

/**
 * Deletes by id. On success the row leaves the owner's list at once, without a
 * refetch (docs/PRODUCT.md §2), and the rest is marked stale; a failure is
 * logged (docs/PRODUCT.md §8), as `Failed to delete <one>`.
 */
export function useDeleteContent(resource: WritableResource, one: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, currentPassword }: DeleteTarget) =>
      api.delete(
        `/${resource}/${id}`,
        currentPassword === undefined ? undefined : { currentPassword },
      ),
    onSuccess: (_data, { id }) => {
      const keys = ownerKeys(resource)
      queryClient.setQueryData(keys.list, (rows: { id: number }[] | undefined) =>
        rows?.filter((row) => row.id !== id),
      )
      queryClient.removeQueries({ queryKey: keys.detail(id), exact: true })
      void invalidateAfterWrite(queryClient, resource, { refetch: false })
    },
    onError: (error) => console.error(`Failed to delete ${one}`, error),
  })
}
