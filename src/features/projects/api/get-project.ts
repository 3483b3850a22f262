import { useQuery } from '@tanstack/react-query'
import { projectQueryOptions } from '@/lib/queries/projects'

export const useProject = (id: string) => useQuery(projectQueryOptions(id))
