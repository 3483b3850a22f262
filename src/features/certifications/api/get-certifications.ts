import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Certification } from '@shared/types.ts'
import { api } from '@/lib/api-client'

export const getCertifications = async (signal?: AbortSignal) => {
  try {
    return await api.get<Certification[]>('/certifications', { signal })
  } catch (error) {
    // Spec section 8: a list load failure is only logged (a cancelled load is no failure).
    if (!signal?.aborted) console.error('Failed to load certifications', error)
    throw error
  }
}

export const certificationsQueryOptions = () =>
  queryOptions({ queryKey: ['certifications'], queryFn: ({ signal }) => getCertifications(signal) })

export const useCertifications = () => useQuery(certificationsQueryOptions())
