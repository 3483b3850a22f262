// Reads of /certifications: one query key per request, shared by every screen that
// shows them, so a write anywhere refreshes them everywhere (docs/ARCHITECTURE.md,
// "Where code lives").
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TranslationsPayload } from '@shared/contract/schemas.ts'
import type { Certification } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { contentKeys } from './keys'

/** What a certification form sends. */
export interface CertificationPayload {
  name: string
  icon: string
  /** YYYY-MM-DD */
  obtainedDate: string
  isActive: boolean
  /** The technologies it certifies (docs/PRODUCT.md §19). */
  technologiesIds?: number[]
  /** Its name in the site's other languages (docs/PRODUCT.md §23). */
  translations?: TranslationsPayload
}

export const certificationKeys = {
  list: contentKeys.list('certifications', 'owner'),
  detail: (id: string) => contentKeys.detail('certifications', id),
}

export const getCertifications = async (signal?: AbortSignal) => {
  try {
    return await api.get<Certification[]>('/certifications', { signal })
  } catch (error) {
    // docs/PRODUCT.md §8: a list load failure is only logged (a cancelled load is no failure).
    if (!signal?.aborted) console.error('Failed to load certifications', error)
    throw error
  }
}

export const certificationsQueryOptions = () =>
  queryOptions({
    queryKey: certificationKeys.list,
    queryFn: ({ signal }) => getCertifications(signal),
  })

/** One certification and its version, which an edit form sends back when it saves (If-Match). */
export const getCertification = (id: string, signal?: AbortSignal) =>
  api.getVersioned<Certification>(`/certifications/${encodeURIComponent(id)}`, { signal })

export const certificationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: certificationKeys.detail(id),
    queryFn: ({ signal }) => getCertification(id, signal),
  })

// The hooks the screens read with.
export const useCertification = (id: string) => useQuery(certificationQueryOptions(id))
export const useCertifications = () => useQuery(certificationsQueryOptions())
