// Document metadata for search engines and link previews, from the site
// configuration. index.html carries static defaults; these update them.
import { safeHref } from '@/lib/safe-url'
import { pageDescription, pageTitle, titleCase, type SiteConfig } from './site-config'

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`)
  if (!element) {
    element = document.createElement('meta')
    element.setAttribute(attribute, key)
    document.head.append(element)
  }
  element.content = content
}

export function applyPageMeta(config: SiteConfig) {
  const title = pageTitle(config)
  const description = pageDescription(config)
  document.title = title
  setMeta('name', 'description', description)
  setMeta('property', 'og:title', title)
  setMeta('property', 'og:description', description)
  setMeta('property', 'og:url', window.location.origin + window.location.pathname)
}

/** schema.org Person as JSON-LD; '<' is escaped so no value can close the script element. */
export function personJsonLd(config: SiteConfig, url: string): string {
  const sameAs = [safeHref(config.linkedinUrl), safeHref(config.githubUrl)].filter(
    (link): link is string => !!link && /^https?:/i.test(link),
  )
  const person = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: config.ownerName || pageTitle(config),
    jobTitle: titleCase(`${config.heroTitle1} ${config.heroTitle2}`),
    url,
    ...(sameAs.length > 0 ? { sameAs } : {}),
  }
  return JSON.stringify(person).replace(/</g, '\\u003c')
}
