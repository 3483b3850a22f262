import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateAfterWrite } from '@/lib/queries/keys'

/** PUT /projects/featured-order: the home page's Featured row, first first (docs/PRODUCT.md §15). */
export function useSetFeaturedOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (projectIds: number[]) => api.put('/projects/featured-order', { projectIds }),
    onSuccess: () => invalidateAfterWrite(queryClient, 'projects'),
  })
}
