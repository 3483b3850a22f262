import { useQuery } from '@tanstack/react-query'
import { projectsQueryOptions } from '@/lib/queries/projects'

export const useProjects = () => useQuery(projectsQueryOptions())
