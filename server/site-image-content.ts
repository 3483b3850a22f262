// What a generated link-preview image shows (docs/decisions/023, "The site
// image"), from the site's configuration and, on a project's page, the
// project: the same words whether the server draws it on request
// (server/ssr.ts) or the static build writes it (build/prerender.ts). A page
// in another language has its image in that language's words (docs/PRODUCT.md
// §23), read as the page reads them: `?lang=`, the page's catalogue for what
// the owner left unset, and the default language where nothing is translated
// (the page renderer's imageTexts, src/entry-server.tsx).
import { textDirection } from '../supabase/functions/_shared/contract/page-languages.ts'
import type {
  Languages,
  PostCard,
  Project,
} from '../supabase/functions/_shared/contract/responses.ts'
import type { ConfigsObject } from '../supabase/functions/_shared/contract/types.ts'
import { pageTitle, type SiteConfig } from '../src/features/home/lib/site-config.ts'
import { formatYears } from '../src/lib/format.ts'
import type { SiteImageTarget } from '../src/ssr/site-image.ts'
import type { SiteImageContent } from './og-image.ts'

export function siteImageContent(
  config: SiteConfig,
  project: Pick<Project, 'name' | 'startYear' | 'endYear'> | null,
  siteUrl: string,
  dir: 'ltr' | 'rtl' = 'ltr',
): SiteImageContent {
  return {
    owner: config.ownerName || pageTitle(config),
    heroTitle: `${config.heroTitle1} ${config.heroTitle2}`,
    project: project
      ? { name: project.name, years: formatYears(project.startYear, project.endYear) }
      : null,
    host: new URL(siteUrl).host,
    dir,
  }
}

/**
 * The page renderer's imageTexts (src/entry-server.tsx): the site's texts and
 * a project in language `lang`, as its pages show them.
 */
export type ImageTexts = (
  configs: ConfigsObject,
  project: Project | null,
  lang: string,
  site: Languages,
) => Promise<{ config: SiteConfig; project: Project | null }>

/** A public read of the API, by its path under the API (`/projects/1?lang=fr`). */
export type PublicRead = (apiPath: string) => Response | Promise<Response>

/**
 * What the image `target` shows, read through the public API as a visitor:
 * 'not found' for a language the site does not have (or its default's own
 * tag) and for a project a visitor cannot see. A failed read throws.
 */
export async function readSiteImageContent(
  read: PublicRead,
  render: { imageTexts: ImageTexts },
  target: SiteImageTarget,
  site: Languages,
  siteUrl: string,
): Promise<SiteImageContent | 'not found'> {
  const { lang } = target
  if (lang !== null && (lang === site.default || !site.languages.includes(lang))) return 'not found'
  const query = lang ? `?lang=${encodeURIComponent(lang)}` : ''
  const [configs, project] = await Promise.all([
    read(`/configs/all-as-object${query}`),
    // A visitor's read: a draft or scheduled post is not found, so it has no image.
    target.kind === 'project'
      ? read(`/projects/${target.id}${query}`)
      : target.kind === 'post'
        ? read(`/posts/slug/${target.slug}${query}`)
        : null,
  ])
  if (project && [400, 404].includes(project.status)) return 'not found'
  if (!configs.ok || (project && !project.ok))
    throw new Error(
      `a read for the image answered ${configs.ok ? project!.status : configs.status}`,
    )
  const shownIn = lang ?? site.default
  const item = project ? await project.json() : null
  const texts = await render.imageTexts(
    (await configs.json()) as ConfigsObject,
    target.kind === 'project' ? (item as Project) : null,
    shownIn,
    site,
  )
  if (target.kind === 'post')
    return postImageContent(texts.config, item as PostCard, siteUrl, shownIn)
  return siteImageContent(texts.config, texts.project, siteUrl, textDirection(shownIn))
}

/**
 * A post's image: its title where a project's name goes, and the day it was
 * published, in `lang` (its title there where it has one, else the default's).
 */
export function postImageContent(
  config: SiteConfig,
  post: Pick<PostCard, 'title' | 'publishedAt' | 'translations'>,
  siteUrl: string,
  lang = 'en',
): SiteImageContent {
  const day = post.publishedAt
    ? new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(post.publishedAt),
      )
    : ''
  const name = post.translations?.[lang]?.title?.trim() || post.title
  return {
    ...siteImageContent(config, null, siteUrl, textDirection(lang)),
    project: { name, years: day },
  }
}
