import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Certification } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'

export interface CertificationPayload {
  name: string
  icon: string
  /** YYYY-MM-DD */
  obtainedDate: string
  isActive: boolean
  /** The technologies it certifies (docs/PRODUCT.md §19). */
  technologiesIds?: number[]
}

// The client sends the stored token with every call, certification writes included (docs/PRODUCT.md §7).
export const createCertification = (payload: CertificationPayload) =>
  api.post<Certification>('/certifications', payload)

export function useCreateCertification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCertification,
    onSuccess: () => invalidateContent(queryClient),
  })
}
