import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'

export const deleteTechnology = (id: number) => api.delete(`/technologies/${id}`)

export function useDeleteTechnology() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTechnology,
    // Not awaited: the dialog closes as soon as the server said yes; the row goes with the refetch.
    onSuccess: () => void invalidateContent(queryClient),
    // docs/PRODUCT.md §8: a failed delete is only logged (the api client logs it too).
    onError: (error) => console.error('Failed to delete technology', error),
  })
}
