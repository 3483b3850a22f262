import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Certification } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'
import type { CertificationPayload } from './create-certification'

interface UpdateCertificationInput {
  id: string
  payload: CertificationPayload
  /** The version the form loaded: a newer one on the server makes the save fail with 412. */
  version?: string | null
}

export const updateCertification = ({ id, payload, version }: UpdateCertificationInput) =>
  api.patch<Certification>(`/certifications/${encodeURIComponent(id)}`, payload, {
    ifMatch: version,
  })

export function useUpdateCertification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateCertification,
    // ['certifications'] is a prefix of ['certifications', id]: list and record both refetch.
    onSuccess: () => invalidateContent(queryClient),
  })
}
