import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ProjectPayload } from '@shared/schemas.ts'
import type { Project } from '@shared/types.ts'
import { api } from '@/lib/api-client'
import { projectsQueryOptions } from './get-projects'

export const updateProject = ({ id, payload }: { id: string; payload: ProjectPayload }) =>
  api.patch<Project>(`/projects/${encodeURIComponent(id)}`, payload)

export function useUpdateProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProject,
    // ['projects'] is a prefix of ['projects', id]: the list and the record both refetch.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsQueryOptions().queryKey }),
  })
}
