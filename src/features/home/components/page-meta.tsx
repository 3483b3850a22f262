import { useEffect } from 'react'
import { applyPageMeta } from '../lib/page-meta'
import type { SiteConfig } from '../lib/site-config'

/**
 * Sets the title, description and Open Graph tags when the page is reached in
 * the browser. The server's <head> already holds them and the JSON-LD Person
 * (src/ssr/head.ts), with the site's own address.
 */
export function PageMeta({ config }: { config: SiteConfig }) {
  useEffect(() => applyPageMeta(config), [config])
  return null
}
