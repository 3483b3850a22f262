import { useQuery } from '@tanstack/react-query'
import { technologiesQueryOptions } from '@/lib/queries/technologies'

export const useTechnologies = () => useQuery(technologiesQueryOptions())
