// GET /demo and DELETE /demo (docs/PRODUCT.md §28): how much of the demo
// content is left, and its removal, which keeps a backup first.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const demoQueryOptions = () =>
  queryOptions({
    queryKey: ['demo'],
    queryFn: ({ signal }) => api.get('/demo', { signal }),
  })

/** Asked only of admins: a read-only account gets 403 and could not remove it anyway. */
export const useDemoContent = (enabled: boolean) => useQuery({ ...demoQueryOptions(), enabled })

export function useRemoveDemo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.delete('/demo'),
    // Content, the dashboard's counts, activity and health, and this card's read.
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
