import { queryOptions } from '@tanstack/react-query'
import type { Technology } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'

export const getPublicTechnologies = () => api.get<Technology[]>('/technologies', { token: null })

export const publicTechnologiesQueryOptions = () =>
  queryOptions({ queryKey: ['public', 'technologies'], queryFn: getPublicTechnologies })
