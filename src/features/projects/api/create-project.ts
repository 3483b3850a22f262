import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ProjectPayload } from '@shared/contract/schemas.ts'
import type { Project } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { projectsQueryOptions } from '@/lib/queries/projects'

export type { ProjectPayload }

export const createProject = (payload: ProjectPayload) => api.post<Project>('/projects', payload)

export function useCreateProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsQueryOptions().queryKey }),
  })
}
