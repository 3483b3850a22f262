import { queryOptions } from '@tanstack/react-query'
import type { Certification } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { contentKeys } from '@/lib/queries/keys'

export const getPublicCertifications = () =>
  api.get<Certification[]>('/certifications', { token: null })

export const publicCertificationsQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.list('certifications', 'public'),
    queryFn: getPublicCertifications,
  })
