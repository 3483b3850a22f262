// Document metadata for search engines and link previews, from the site
// configuration. index.html carries static defaults; these update them.
import { pageDescription, pageTitle, type SiteConfig } from './site-config'

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
