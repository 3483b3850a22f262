// The <head> of a server-rendered page (docs/decisions/023): title, description,
// canonical address, Open Graph and Twitter tags for link previews, and
// JSON-LD for search engines, all from the content. Absolute addresses start
// from SITE_URL, never from a request header, so a kept page cannot be
// poisoned by a forged Host. Every value is escaped for its place.
import type { Project, SharedPage } from '@shared/contract/types.ts'
import { isAbsoluteWebUrl, isWebUrl } from '@shared/contract/links.ts'
import { readProfile } from '@shared/contract/profile-links.ts'
import { ONLY_ENGLISH, pathInLanguage } from '@shared/contract/page-languages.ts'
import {
  markdownPathOf,
  projectPath,
  publicFiles,
  publicPages,
} from '@shared/contract/public-routes.ts'
import { localItem, textFields, type TextPage } from '@/lib/i18n/localize'
import { metaDescription } from '@/features/project-view/lib/project-page'
import {
  mergeSiteConfig,
  pageDescription,
  pageTitle,
  siteTextDefaults,
  titleCase,
  type SiteConfig,
} from '@/features/home/lib/site-config'
import { firstLine, goneKind } from '@/features/shared-page/lib/shared-texts'
import { sharedText } from '@/features/shared-page/lib/shared-messages'
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

/** The default language's page, for the pages read before the site's languages were known. */
const IN_ENGLISH: TextPage = { lang: ONLY_ENGLISH.default, site: ONLY_ENGLISH }

/**
 * `og:locale` wants language_TERRITORY (`fr_FR`): a tag without a region
 * takes its likeliest one (`fr` -> `fr_FR`, `ar` -> `ar_EG`), as CLDR has it.
 */
export function ogLocale(tag: string): string {
  try {
    const locale = new Intl.Locale(tag).maximize()
    return locale.region ? `${locale.language}_${locale.region}` : locale.language
  } catch {
    return tag.replace('-', '_')
  }
}

/** The same page in each of the site's languages, and x-default (the default language's). */
interface InLanguages {
  /** The page's own language and the site's. */
  page: TextPage
  /** The page's path without a language prefix. */
  path: string
}

export interface Head {
  title: string
  description: string
  canonical: string | null
  siteName: string
  type: 'website' | 'article' | 'profile'
  image: { url: string; width: number | null; height: number | null; alt: string } | null
  jsonLd: Record<string, unknown> | null
  noindex?: boolean
  /** What robots are told instead of `noindex` alone (a share link's page: 'noindex, nofollow'). */
  robots?: string
  /** The page's address (a share link's token) is never sent on as a referrer. */
  noReferrer?: boolean
  /** The page in every language: its canonical, hreflang alternates and og:locale. */
  languages?: InLanguages
  /** Open Graph's article tags (a post): when it was published and changed, its topics. */
  article?: { publishedTime: string | null; modifiedTime: string; tags: string[] }
}

/** hreflang alternates of every language and x-default, og:locale and its alternates (docs/PRODUCT.md §23). */
function languageTags(siteUrl: string, { page, path }: InLanguages): string[] {
  const { site } = page
  const link = (hreflang: string, lang: string) =>
    `<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(
      new URL(pathInLanguage(path, lang, site), siteUrl).toString(),
    )}" />`
  return [
    ...(site.languages.length > 1
      ? [...site.languages.map((lang) => link(lang, lang)), link('x-default', site.default)]
      : []),
    meta('property', 'og:locale', ogLocale(page.lang)),
    ...site.languages
      .filter((lang) => lang !== page.lang)
      .map((lang) => meta('property', 'og:locale:alternate', ogLocale(lang))),
  ]
}

/**
 * The page's Markdown version, and on the home page llms.txt, in the page's
 * language (docs/PRODUCT.md §25): what an assistant reads instead of the HTML.
 */
function assistantTags(siteUrl: string, { page, path }: InLanguages): string[] {
  const href = (file: string) =>
    escapeHtml(new URL(pathInLanguage(file, page.lang, page.site), siteUrl).toString())
  return [
    `<link rel="alternate" type="text/markdown" href="${href(markdownPathOf(path))}" />`,
    path === publicPages.home.pattern
      ? `<link rel="alternate" type="text/plain" title="llms.txt" href="${href(publicFiles.llms)}" />`
      : '',
  ]
}

/** The feeds of the owner's writing (docs/PRODUCT.md §26), for a reader to find from any page. */
function feedTags(siteUrl: string, siteName: string): string[] {
  const link = (type: string, file: string) =>
    `<link rel="alternate" type="${type}" title="${escapeHtml(siteName)}" href="${escapeHtml(
      new URL(file, siteUrl).toString(),
    )}" />`
  return [
    link('application/atom+xml', publicFiles.atom),
    link('application/rss+xml', publicFiles.rss),
  ]
}

/** The canonical address of `path` in the page's language. */
export const canonicalOf = (siteUrl: string, { page, path }: InLanguages) =>
  new URL(pathInLanguage(path, page.lang, page.site), siteUrl).toString()

export function tags(head: Head, siteUrl = ''): string {
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.robots
      ? meta('name', 'robots', head.robots)
      : head.noindex
        ? meta('name', 'robots', 'noindex')
        : '',
    head.noReferrer ? meta('name', 'referrer', 'no-referrer') : '',
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    ...(head.languages && head.canonical ? languageTags(siteUrl, head.languages) : []),
    ...(head.languages && head.canonical ? assistantTags(siteUrl, head.languages) : []),
    ...(head.canonical && siteUrl ? feedTags(siteUrl, head.siteName) : []),
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
    ...(head.article
      ? [
          head.article.publishedTime
            ? meta('property', 'article:published_time', head.article.publishedTime)
            : '',
          meta('property', 'article:modified_time', head.article.modifiedTime),
          ...head.article.tags.map((tag) => meta('property', 'article:tag', tag)),
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

/** The language a page's generated image is drawn in: null for the default language's. */
const imageLanguage = (page: TextPage) => (page.lang === page.site.default ? null : page.lang)

/** The home page's preview image: the generated one, in the page's language. */
export const homeImage = (config: SiteConfig, siteUrl: string, page: TextPage = IN_ENGLISH) =>
  generatedImage(siteUrl, siteImagePaths.home(imageLanguage(page)), pageTitle(config))

export const siteNameOf = (config: SiteConfig) => config.ownerName || pageTitle(config)

/** The owner as schema.org's Person: the profile's name, headline, photo, place and links (docs/PRODUCT.md §3). */
export function person(config: SiteConfig, siteUrl: string, page: TextPage) {
  const profile = readProfile(config)
  const sameAs = profile.links.map((link) => link.url).filter((url) => isAbsoluteWebUrl(url))
  const image = absoluteUrl(siteUrl, profile.photo)
  return {
    '@type': 'Person',
    name: profile.name || pageTitle(config),
    jobTitle: profile.headline || titleCase(`${config.heroTitle1} ${config.heroTitle2}`),
    url: new URL(pathInLanguage('/', page.lang, page.site), siteUrl).toString(),
    ...(image ? { image } : {}),
    ...(profile.location
      ? { address: { '@type': 'PostalAddress', addressLocality: profile.location } }
      : {}),
    ...(sameAs.length ? { sameAs } : {}),
  }
}

/** The home page's head; `config` is in the page's language (features/home/lib/local-site-config.ts). */
export function homeHead(
  config: SiteConfig,
  siteUrl: string,
  image: Head['image'],
  page: TextPage = IN_ENGLISH,
): string {
  const languages = { page, path: publicPages.home.pattern }
  return tags(
    {
      title: pageTitle(config),
      description: pageDescription(config),
      canonical: canonicalOf(siteUrl, languages),
      siteName: siteNameOf(config),
      type: 'website',
      image,
      languages,
      jsonLd: {
        '@context': 'https://schema.org',
        ...person(config, siteUrl, page),
        description: pageDescription(config),
        inLanguage: page.lang,
      },
    },
    siteUrl,
  )
}

/**
 * A project's page's head, its texts in the page's language. The address
 * keeps the slug of the default language's name in every language, so the
 * page's addresses differ by their prefix alone (docs/decisions/048).
 */
export function projectHead(
  shown: Project,
  config: SiteConfig,
  siteUrl: string,
  page: TextPage = IN_ENGLISH,
  catalogue: Catalogue = en,
): string {
  const languages = { page, path: projectPath(shown.id, shown.name) }
  const project = localItem(shown, textFields.project, page)
  const canonical = canonicalOf(siteUrl, languages)
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
  const preview =
    image ??
    generatedImage(siteUrl, siteImagePaths.project(project.id, imageLanguage(page)), project.name)
  const repository = isWebUrl(project.githubUrl ?? '') ? project.githubUrl : null
  const live = isWebUrl(project.liveUrl ?? '') ? project.liveUrl : null
  return tags(
    {
      title: formatMessage(page.lang, catalogue['project.documentTitle'], { name: project.name }),
      description: metaDescription(project) || pageDescription(config),
      canonical,
      siteName: siteNameOf(config),
      type: 'article',
      image: preview,
      languages,
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
        inLanguage: page.lang,
        author: person(config, siteUrl, page),
      },
    },
    siteUrl,
  )
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

/**
 * A share link's page's head (docs/PRODUCT.md §24): never indexed, followed or
 * sent on as a referrer. Its link preview names the owner and the note's
 * first line, with the home page's image, never the link's label (which the
 * read does not even answer); without `shared` (a passphrase to give, a link
 * gone or unknown) it says only that, from the API's `message`.
 */
export function sharedHead(
  shared: SharedPage | null,
  message: string,
  siteUrl: string,
  catalogue: Catalogue = en,
  lang = 'en',
): string {
  const base = { canonical: null, type: 'website' as const, jsonLd: null, noReferrer: true }
  const robots = 'noindex, nofollow'
  if (!shared) {
    const title = /passphrase/i.test(message)
      ? sharedText(lang, 'privateTitle')
      : /revoked|expired/i.test(message)
        ? sharedText(lang, goneKind(message))
        : catalogue['notFound.title']
    return tags({
      ...base,
      title,
      description: title,
      siteName: catalogue['nav.brand'],
      image: null,
      robots,
    })
  }
  const config = mergeSiteConfig(shared.site, siteTextDefaults(catalogue))
  const owner = siteNameOf(config)
  const note = firstLine(shared.note)
  return tags({
    ...base,
    title: note ? `${owner} — ${note}` : owner,
    description: note || pageDescription(config),
    siteName: owner,
    image: homeImage(config, siteUrl),
    robots,
  })
}
