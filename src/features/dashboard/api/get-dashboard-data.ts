import { useQuery } from '@tanstack/react-query'
import { projectsQueryOptions } from '@/lib/queries/projects'
import { technologiesQueryOptions } from '@/lib/queries/technologies'
import { usersQueryOptions } from '@/lib/queries/users'

// The dashboard reads the users, projects and technologies lists (docs/PRODUCT.md §7)
// through the shared queries, so the list screens' caches are the same entries.
export const useDashboardProjects = () => useQuery(projectsQueryOptions())
export const useDashboardTechnologies = () => useQuery(technologiesQueryOptions())
export const useDashboardUsers = () => useQuery(usersQueryOptions())
