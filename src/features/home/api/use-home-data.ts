import { useQueries, type QueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useMessages } from '@/lib/i18n/messages-context'
import { apiLanguage, type TextPage } from '@/lib/i18n/localize'
import { languagesQueryOptions, usePageLanguage } from '@/lib/i18n/page-language'
import { hasPreloadedReads } from '@/lib/preloaded-reads'
import { latestPostsQueryOptions } from '@/lib/queries/posts'
import { localSiteConfig } from '../lib/local-site-config'
import { siteTextDefaults } from '../lib/site-config'
import { publicCertificationsQueryOptions } from './get-public-certifications'
import {
  publicFeaturedProjectsQueryOptions,
  publicProjectsPageQueryOptions,
} from './get-public-projects'
import { publicEducationQueryOptions, publicExperiencesQueryOptions } from './get-public-story'
import { publicTechnologiesQueryOptions } from './get-public-technologies'
import { appearanceQueryOptions } from '@/lib/queries/appearance'
import { siteConfigQueryOptions } from './get-site-config'

/**
 * The calls of the public page, in parallel (docs/PRODUCT.md §1): the first
 * page of projects (the portfolio section reads it from the cache and asks for
 * more), technologies, certifications, the configuration, and the experience
 * and education (§18). On a page in another language than the default the
 * content's reads carry `?lang=` (technology names are not translated; their
 * posts' titles are).
 */
export const homeQueries = (page?: TextPage) => {
  const lang = page ? apiLanguage(page) : null
  return [
    publicProjectsPageQueryOptions(null, null, lang),
    publicTechnologiesQueryOptions(lang),
    publicCertificationsQueryOptions(lang),
    siteConfigQueryOptions(page),
    publicExperiencesQueryOptions(lang),
    publicEducationQueryOptions(lang),
    // Which page languages there are: the switcher and every page's prefix read it.
    languagesQueryOptions(),
    // The Featured row (docs/PRODUCT.md §15); the page shows without it if it fails.
    publicFeaturedProjectsQueryOptions(lang),
  ] as const
}

export function useHomeData() {
  const page = usePageLanguage()
  const all = useQueries({ queries: homeQueries(page) })
  const [projects, technologies, certifications, configs, experiences, education, , featured] = all
  // The owner's texts, in the page's language where translated, over the
  // defaults of the page's catalogue (docs/PRODUCT.md §23).
  const { catalogue } = useMessages()
  const { lang, site } = page
  const config = useMemo(
    () =>
      configs.data && localSiteConfig(configs.data, { lang, site }, siteTextDefaults(catalogue)),
    [configs.data, lang, site, catalogue],
  )
  return {
    isPending: all.some((query) => query.isPending),
    isError: all.some((query) => query.isError),
    data:
      projects.data &&
      technologies.data &&
      certifications.data &&
      config &&
      experiences.data &&
      education.data
        ? {
            technologies: technologies.data,
            certifications: certifications.data,
            config,
            experiences: experiences.data,
            education: education.data,
            featured: featured.data ?? [],
          }
        : undefined,
    retry: () => {
      for (const query of all) if (query.isError) void query.refetch()
    },
  }
}

/**
 * When index.html has already started the four reads (docs/decisions/018), put
 * their parsed answers in the cache before the app's first render, so that
 * render is the page itself, hero included, and not a spinner followed by the
 * page. Meanwhile index.html's own spinner is on screen. Waits at most
 * `maxWaitMs`: a slow or failing API gets the app's spinner and error states
 * as before. Settles without throwing, whatever the answers.
 */
export async function primeHomeData(client: QueryClient, maxWaitMs = 3000): Promise<void> {
  if (!hasPreloadedReads()) return
  // No retries here: a failed read is left to the page's own query, which retries with its spinner.
  // The Writing section's posts and the sections' order too: the page asks for them beside its own reads.
  const reads = Promise.allSettled(
    [...homeQueries(), latestPostsQueryOptions(), appearanceQueryOptions()].map((query) =>
      client.prefetchQuery({
        ...(query as Parameters<typeof client.prefetchQuery>[0]),
        retry: false,
      }),
    ),
  )
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([reads, new Promise((resolve) => (timer = setTimeout(resolve, maxWaitMs)))])
  clearTimeout(timer)
}
