import { queryOptions } from '@tanstack/react-query'
import type { TechnologySummary } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { contentKeys } from '@/lib/queries/keys'

export const getPublicTechnologies = () =>
  api.get<TechnologySummary[]>('/technologies?projects=false', { token: null })

export const publicTechnologiesQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.list('technologies', 'public'),
    queryFn: getPublicTechnologies,
  })
