import { useQueries } from '@tanstack/react-query'
import { publicCertificationsQueryOptions } from './get-public-certifications'
import { publicProjectsPageQueryOptions } from './get-public-projects'
import { publicTechnologiesQueryOptions } from './get-public-technologies'
import { siteConfigQueryOptions } from './get-site-config'

/**
 * The four calls of the public page, in parallel (docs/PRODUCT.md §1): the first
 * page of projects (the portfolio section reads it from the cache and asks for
 * more), technologies, certifications and the configuration.
 */
export function useHomeData() {
  const all = useQueries({
    queries: [
      publicProjectsPageQueryOptions(),
      publicTechnologiesQueryOptions(),
      publicCertificationsQueryOptions(),
      siteConfigQueryOptions(),
    ],
  })
  const [projects, technologies, certifications, config] = all
  return {
    isPending: all.some((query) => query.isPending),
    isError: all.some((query) => query.isError),
    data:
      projects.data && technologies.data && certifications.data && config.data
        ? {
            technologies: technologies.data,
            certifications: certifications.data,
            config: config.data,
          }
        : undefined,
    retry: () => {
      for (const query of all) if (query.isError) void query.refetch()
    },
  }
}
