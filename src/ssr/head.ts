// The <head> of a server-rendered page (docs/decisions/023): title, description,
// canonical address, Open Graph and Twitter tags for link previews, and
// JSON-LD for search engines, all from the content. Absolute addresses start
// from SITE_URL, never from a request header, so a kept page cannot be
// poisoned by a forged Host. Every value is escaped for its place.
import type { Project } from '@shared/contract/types.ts'
import { isWebUrl } from '@shared/contract/links.ts'
import { projectPath, publicPages } from '@shared/contract/public-routes.ts'
import { metaDescription } from '@/features/project-view/lib/project-page'
import {
  pageDescription,
  pageTitle,
  titleCase,
  type SiteConfig,
} from '@/features/home/lib/site-config'
import { formatMessage } from '@/lib/i18n/message-format'
import { en, type Catalogue } from '@/lib/i18n/messages/en'
import { SITE_IMAGE_HEIGHT, SITE_IMAGE_WIDTH, siteImagePaths } from './site-image'
import { scriptSafeJson } from './state'

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

const meta = (key: 'name' | 'property', name: string, content: string | number) =>
  `<meta ${key}="${name}" content="${escapeHtml(String(content))}" />`

/** An address visitors can follow: a path on the site made absolute, or an http(s) URL; anything else is dropped. */
export function absoluteUrl(siteUrl: string, value: string | null | undefined): string | null {
  if (!value) return null
  if (value.startsWith('/') && !value.startsWith('//')) return new URL(value, siteUrl).toString()
  return isWebUrl(value) ? value : null
}

interface Head {
  title: string
  description: string
  canonical: string | null
  siteName: string
  type: 'website' | 'article'
  image: { url: string; width: number | null; height: number | null; alt: string } | null
  jsonLd: Record<string, unknown> | null
  noindex?: boolean
}

function tags(head: Head): string {
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonical ? meta('property', 'og:url', head.canonical) : '',
    ...(head.image
      ? [
          meta('property', 'og:image', head.image.url),
          head.image.width ? meta('property', 'og:image:width', head.image.width) : '',
          head.image.height ? meta('property', 'og:image:height', head.image.height) : '',
          meta('property', 'og:image:alt', head.image.alt),
        ]
      : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    head.image ? meta('name', 'twitter:image', head.image.url) : '',
    head.jsonLd ? `<script type="application/ld+json">${scriptSafeJson(head.jsonLd)}</script>` : '',
  ]
  return lines.filter(Boolean).join('\n    ')
}

/** The 1200×630 image the server draws from the content (server/og-image.ts), for pages without a picture of their own. */
export function generatedImage(
  siteUrl: string,
  path: string,
  alt: string,
): NonNullable<Head['image']> {
  return {
    url: new URL(path, siteUrl).toString(),
    width: SITE_IMAGE_WIDTH,
    height: SITE_IMAGE_HEIGHT,
    alt,
  }
}

/** The home page's preview image: the generated one. */
export const homeImage = (config: SiteConfig, siteUrl: string) =>
  generatedImage(siteUrl, siteImagePaths.home, pageTitle(config))

const siteNameOf = (config: SiteConfig) => config.ownerName || pageTitle(config)

function person(config: SiteConfig, siteUrl: string) {
  const sameAs = [config.linkedinUrl, config.githubUrl].filter((url) => isWebUrl(url))
  return {
    '@type': 'Person',
    name: config.ownerName || pageTitle(config),
    jobTitle: titleCase(`${config.heroTitle1} ${config.heroTitle2}`),
    url: new URL('/', siteUrl).toString(),
    ...(sameAs.length ? { sameAs } : {}),
  }
}

export function homeHead(config: SiteConfig, siteUrl: string, image: Head['image']): string {
  return tags({
    title: pageTitle(config),
    description: pageDescription(config),
    canonical: new URL(publicPages.home.pattern, siteUrl).toString(),
    siteName: siteNameOf(config),
    type: 'website',
    image,
    jsonLd: {
      '@context': 'https://schema.org',
      ...person(config, siteUrl),
      description: pageDescription(config),
    },
  })
}

export function projectHead(
  project: Project,
  config: SiteConfig,
  siteUrl: string,
  { lang, catalogue }: { lang: string; catalogue: Catalogue } = { lang: 'en', catalogue: en },
): string {
  const canonical = new URL(projectPath(project.id, project.name), siteUrl).toString()
  const cover = project.imageDetails?.[0]
  const imageUrl = absoluteUrl(siteUrl, cover?.url ?? project.thumbnail)
  const image = imageUrl
    ? {
        url: imageUrl,
        width: cover?.width ?? null,
        height: cover?.height ?? null,
        alt: cover?.alt || project.name,
      }
    : null
  // Without a screenshot, the link preview shows the image drawn for this project instead.
  const preview = image ?? generatedImage(siteUrl, siteImagePaths.project(project.id), project.name)
  const repository = isWebUrl(project.githubUrl ?? '') ? project.githubUrl : null
  const live = isWebUrl(project.liveUrl ?? '') ? project.liveUrl : null
  return tags({
    title: formatMessage(lang, catalogue['project.documentTitle'], { name: project.name }),
    description: metaDescription(project) || pageDescription(config),
    canonical,
    siteName: siteNameOf(config),
    type: 'article',
    image: preview,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': repository ? 'SoftwareSourceCode' : 'CreativeWork',
      name: project.name,
      description: metaDescription(project),
      url: canonical,
      ...(repository ? { codeRepository: repository } : {}),
      ...(live ? { sameAs: live } : {}),
      ...(image ? { image: image.url } : {}),
      ...(project.technologies.length
        ? { keywords: project.technologies.map((t) => t.name).join(', ') }
        : {}),
      dateCreated: project.createdAt,
      dateModified: project.updatedAt,
      author: person(config, siteUrl),
    },
  })
}

export function notFoundHead(config: SiteConfig | null, catalogue: Catalogue = en): string {
  return tags({
    title: catalogue['notFound.title'],
    description: catalogue['notFound.text'],
    canonical: null,
    siteName: config ? siteNameOf(config) : catalogue['nav.brand'],
    type: 'website',
    image: null,
    jsonLd: null,
    noindex: publicPages.notFound.head === 'noindex',
  })
}
