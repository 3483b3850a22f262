import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'

export const deleteProject = (id: number) => api.delete(`/projects/${id}`)

export function useDeleteProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteProject,
    // Not awaited: the dialog closes as soon as the server said yes; the row goes with the refetch.
    onSuccess: () => void invalidateContent(queryClient),
    // docs/PRODUCT.md §8: a failed delete is only logged (the api client logs it too).
    onError: (error) => console.error('Failed to delete project', error),
  })
}
