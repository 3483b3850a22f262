import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Certification } from '@shared/types.ts'
import { api } from '@/lib/api-client'
import { getSession } from '@/lib/session'
import { certificationsQueryOptions } from '@/lib/queries/certifications'

export interface CertificationPayload {
  name: string
  icon: string
  /** YYYY-MM-DD */
  obtainedDate: string
  isActive: boolean
}

// docs/PRODUCT.md §7: certification writes pass the token explicitly.
export const createCertification = (payload: CertificationPayload) =>
  api.post<Certification>('/certifications', payload, { token: getSession()?.token })

export function useCreateCertification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCertification,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: certificationsQueryOptions().queryKey }),
  })
}
