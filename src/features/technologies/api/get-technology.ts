import { useQuery } from '@tanstack/react-query'
import { technologyQueryOptions } from '@/lib/queries/technologies'

export const useTechnology = (id: string) => useQuery(technologyQueryOptions(id))
