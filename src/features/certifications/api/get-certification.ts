import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Certification } from '@shared/types.ts'
import { api } from '@/lib/api-client'

/** One certification and its version, which the edit form sends back when it saves. */
export const getCertification = (id: string, signal?: AbortSignal) =>
  api.getVersioned<Certification>(`/certifications/${encodeURIComponent(id)}`, { signal })

export const certificationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['certifications', id],
    queryFn: ({ signal }) => getCertification(id, signal),
  })

export const useCertification = (id: string) => useQuery(certificationQueryOptions(id))
