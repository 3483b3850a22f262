import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ProjectPayload } from '@shared/contract/schemas.ts'
import type { Project } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'

export type { ProjectPayload }

export const createProject = (payload: ProjectPayload) => api.post<Project>('/projects', payload)

export function useCreateProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => invalidateContent(queryClient),
  })
}
