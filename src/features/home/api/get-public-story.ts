import { queryOptions } from '@tanstack/react-query'
import type { Education, Experience } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'

// The public page's reads of the developer's story (docs/PRODUCT.md §18), as a visitor.
export const publicExperiencesQueryOptions = () =>
  queryOptions({
    queryKey: ['public', 'experiences'],
    queryFn: () => api.get<Experience[]>('/experiences', { token: null }),
  })

export const publicEducationQueryOptions = () =>
  queryOptions({
    queryKey: ['public', 'education'],
    queryFn: () => api.get<Education[]>('/education', { token: null }),
  })
