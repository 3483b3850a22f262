import { queryOptions } from '@tanstack/react-query'
import type { Education, Experience } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { contentKeys } from '@/lib/queries/keys'

// The public page's reads of the developer's story (docs/PRODUCT.md §18), as a visitor.
export const publicExperiencesQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.list('experiences', 'public'),
    queryFn: () => api.get<Experience[]>('/experiences', { token: null }),
  })

export const publicEducationQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.list('education', 'public'),
    queryFn: () => api.get<Education[]>('/education', { token: null }),
  })
