import { queryOptions } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { contentKeys } from '@/lib/queries/keys'

/** `lang`: a page in another language than the default (each item then carries its texts in it). */
export const getPublicCertifications = (lang: string | null = null) =>
  api.get('/certifications', { query: { lang }, token: null })

export const publicCertificationsQueryOptions = (lang: string | null = null) =>
  queryOptions({
    queryKey: contentKeys.list('certifications', 'public', lang ? { lang } : {}),
    queryFn: () => getPublicCertifications(lang),
  })
