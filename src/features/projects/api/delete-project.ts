import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { projectsQueryOptions } from '@/lib/queries/projects'

export const deleteProject = (id: number) => api.delete(`/projects/${id}`)

export function useDeleteProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteProject,
    // Not awaited: the dialog closes as soon as the server said yes; the row goes with the refetch.
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: projectsQueryOptions().queryKey }),
    // docs/PRODUCT.md §8: a failed delete is only logged (the api client logs it too).
    onError: (error) => console.error('Failed to delete project', error),
  })
}
