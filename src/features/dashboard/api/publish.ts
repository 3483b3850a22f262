// GET /publish and POST /publish (docs/PRODUCT.md §7): when the static site was
// last built from the content, and "Publish now" (docs/decisions/024).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const publishQueryOptions = () =>
  queryOptions({
    queryKey: ['publish'],
    queryFn: ({ signal }) => api.get('/publish', { signal }),
    staleTime: 0,
    // While changes wait for their build, look again now and then: the server
    // publishes on its own once the content has been quiet for a while.
    refetchInterval: (query) =>
      query.state.data?.configured && !query.state.data.upToDate ? 10_000 : false,
  })

export const usePublishStatus = () => useQuery(publishQueryOptions())

export function usePublishNow() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('/publish'),
    onSuccess: (status) => queryClient.setQueryData(publishQueryOptions().queryKey, status),
    // A failed call was recorded by the server too: show its last error.
    onError: () => void queryClient.invalidateQueries({ queryKey: publishQueryOptions().queryKey }),
  })
}
