// The heads of the writing pages (docs/PRODUCT.md §26): a post's is a
// BlogPosting with Open Graph's article tags; a preview link's page is not
// indexed and names no canonical address (it is the caller's alone).
import type { Post } from '@shared/contract/types.ts'
import { postPath, projectPath, publicPages } from '@shared/contract/public-routes.ts'
import { apiLanguage, localItem, localText, type TextPage } from '@/lib/i18n/localize'
import { formatMessage } from '@/lib/i18n/message-format'
import { en, type Catalogue } from '@/lib/i18n/messages/en'
import { pageTitle, type SiteConfig } from '@/features/home/lib/site-config'
import {
  absoluteUrl,
  canonicalOf,
  generatedImage,
  homeImage,
  person,
  siteNameOf,
  tags,
} from './head'
import { siteImagePaths } from './site-image'
import { ONLY_ENGLISH } from '@shared/contract/page-languages.ts'

const IN_ENGLISH: TextPage = { lang: ONLY_ENGLISH.default, site: ONLY_ENGLISH }

/** The writing list's head; a technology's list names /writing as its canonical address. */
export function writingHead(
  config: SiteConfig,
  siteUrl: string,
  page: TextPage = IN_ENGLISH,
  catalogue: Catalogue = en,
): string {
  const languages = { page, path: publicPages.writing.pattern }
  const name = config.ownerName || pageTitle(config)
  const canonical = canonicalOf(siteUrl, languages)
  const description = formatMessage(page.lang, catalogue['writing.description'], { name })
  return tags(
    {
      title: formatMessage(page.lang, catalogue['writing.documentTitle'], { name }),
      description,
      canonical,
      siteName: siteNameOf(config),
      type: 'website',
      image: homeImage(config, siteUrl, page),
      languages,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Blog',
        name: formatMessage(page.lang, catalogue['writing.title'], {}),
        description,
        url: canonical,
        inLanguage: page.lang,
        author: person(config, siteUrl, page),
      },
    },
    siteUrl,
  )
}

/** A post's head; `preview`: read through a preview link, so not indexed and without canonical. */
export function postHead(
  shown: Post,
  config: SiteConfig,
  siteUrl: string,
  page: TextPage = IN_ENGLISH,
  catalogue: Catalogue = en,
  preview = false,
): string {
  const languages = { page, path: postPath(shown.slug) }
  const post = localItem(shown, ['title', 'summary'], page)
  const canonical = canonicalOf(siteUrl, languages)
  const cover = absoluteUrl(siteUrl, post.coverImage)
  // Without a cover, the image drawn for this post (none for a draft: only a public post has one).
  const image = cover
    ? { url: cover, width: null, height: null, alt: post.title }
    : post.status === 'published'
      ? generatedImage(siteUrl, siteImagePaths.post(post.slug, apiLanguage(page)), post.title)
      : homeImage(config, siteUrl, page)
  const published = post.status === 'published' ? post.publishedAt : null
  const keywords = post.technologies.map((t) => t.name)
  return tags(
    {
      title: formatMessage(page.lang, catalogue['post.documentTitle'], { title: post.title }),
      description: post.summary || pageTitle(config),
      canonical: preview ? null : canonical,
      siteName: siteNameOf(config),
      type: 'article',
      image,
      languages: preview ? undefined : languages,
      noindex: preview || post.status !== 'published',
      article: { publishedTime: published, modifiedTime: post.updatedAt, tags: keywords },
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        ...(post.summary ? { description: post.summary } : {}),
        url: canonical,
        mainEntityOfPage: canonical,
        ...(cover ? { image: cover } : {}),
        ...(published ? { datePublished: published } : {}),
        dateModified: post.updatedAt,
        ...(keywords.length ? { keywords: keywords.join(', ') } : {}),
        // The body's language: the page's where it is translated, else the default's.
        inLanguage: localText(shown, 'body', page).lang,
        timeRequired: `PT${post.readingMinutes}M`,
        author: person(config, siteUrl, page),
        ...(post.projects.length
          ? {
              about: post.projects.map((p) => ({
                '@type': 'CreativeWork',
                name: p.name,
                url: new URL(projectPath(p.id, p.name), siteUrl).href,
              })),
            }
          : {}),
      },
    },
    siteUrl,
  )
}
