import { useEffect } from 'react'
import { applyPageMeta, personJsonLd } from '../lib/page-meta'
import type { SiteConfig } from '../lib/site-config'

/** Sets the title, description and Open Graph tags, and renders the JSON-LD Person. */
export function PageMeta({ config }: { config: SiteConfig }) {
  useEffect(() => applyPageMeta(config), [config])
  const url = typeof window === 'undefined' ? '' : window.location.origin + '/'
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: personJsonLd(config, url) }}
    />
  )
}
