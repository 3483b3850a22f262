import { useQuery } from '@tanstack/react-query'
import { technologiesQueryOptions } from '@/lib/queries/technologies'

/** The technologies the project form offers: the technologies list's own cache entry. */
export const useTechnologyOptions = () => useQuery(technologiesQueryOptions())
