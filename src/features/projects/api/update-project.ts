import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ProjectPayload } from '@shared/contract/schemas.ts'
import type { Project } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'

interface UpdateProjectInput {
  id: string
  payload: ProjectPayload
  /** The version the form loaded: a newer one on the server makes the save fail with 412. */
  version?: string | null
}

export const updateProject = ({ id, payload, version }: UpdateProjectInput) =>
  api.patch<Project>(`/projects/${encodeURIComponent(id)}`, payload, { ifMatch: version })

export function useUpdateProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProject,
    onSuccess: () => invalidateContent(queryClient),
  })
}
