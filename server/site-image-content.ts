// What a generated link-preview image shows (docs/decisions/023, "The site
// image"), from the site's configuration and, on a project's page, the
// project: the same words whether the server draws it on request
// (server/ssr.ts) or the static build writes it (build/prerender.ts).
import { pageTitle, type SiteConfig } from '../src/features/home/lib/site-config.ts'
import { formatYears } from '../src/lib/format.ts'
import type { Project } from '../supabase/functions/_shared/contract/responses.ts'
import type { SiteImageContent } from './og-image.ts'

export function siteImageContent(
  config: SiteConfig,
  project: Pick<Project, 'name' | 'startYear' | 'endYear'> | null,
  siteUrl: string,
): SiteImageContent {
  return {
    owner: config.ownerName || pageTitle(config),
    heroTitle: `${config.heroTitle1} ${config.heroTitle2}`,
    project: project
      ? { name: project.name, years: formatYears(project.startYear, project.endYear) }
      : null,
    host: new URL(siteUrl).host,
  }
}

/** A post's image: its title where a project's name goes, and the day it was published. */
export function postImageContent(
  config: SiteConfig,
  post: { title: string; publishedAt: string | null },
  siteUrl: string,
): SiteImageContent {
  const day = post.publishedAt
    ? new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(post.publishedAt),
      )
    : ''
  return { ...siteImageContent(config, null, siteUrl), project: { name: post.title, years: day } }
}
