import { useQueries } from '@tanstack/react-query'
import { publicCertificationsQueryOptions } from './get-public-certifications'
import { publicProjectsQueryOptions } from './get-public-projects'
import { publicTechnologiesQueryOptions } from './get-public-technologies'
import { siteConfigQueryOptions } from './get-site-config'

/** The four calls of the public page, in parallel (spec section 1). */
export function useHomeData() {
  return useQueries({
    queries: [
      publicProjectsQueryOptions(),
      publicTechnologiesQueryOptions(),
      publicCertificationsQueryOptions(),
      siteConfigQueryOptions(),
    ],
    combine: ([projects, technologies, certifications, config]) => ({
      isPending:
        projects.isPending ||
        technologies.isPending ||
        certifications.isPending ||
        config.isPending,
      isError: projects.isError || technologies.isError || certifications.isError || config.isError,
      data:
        projects.data && technologies.data && certifications.data && config.data
          ? {
              projects: projects.data,
              technologies: technologies.data,
              certifications: certifications.data,
              config: config.data,
            }
          : undefined,
      retry: () => {
        for (const query of [projects, technologies, certifications, config])
          if (query.isError) void query.refetch()
      },
    }),
  })
}
