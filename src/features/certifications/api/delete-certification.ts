import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Certification } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { invalidateContent } from '@/lib/queries/keys'
import { certificationQueryOptions, certificationsQueryOptions } from '@/lib/queries/certifications'

export const deleteCertification = (id: number) => api.delete(`/certifications/${id}`)

export function useDeleteCertification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteCertification,
    // docs/PRODUCT.md §2: on success the row is removed locally, without a refetch.
    onSuccess: (_data, id) => {
      queryClient.setQueryData(
        certificationsQueryOptions().queryKey,
        (rows: Certification[] | undefined) => rows?.filter((row) => row.id !== id),
      )
      queryClient.removeQueries({
        queryKey: certificationQueryOptions(String(id)).queryKey,
        exact: true,
      })
      // The rest of the content (the public page, the CV, counts) refetches when next shown.
      void invalidateContent(queryClient, { refetch: false })
    },
    // docs/PRODUCT.md §8: a failed delete is only logged (the api client logs it too).
    onError: (error) => console.error('Failed to delete certification', error),
  })
}
