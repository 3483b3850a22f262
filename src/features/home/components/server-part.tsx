// A part of a public page only the server draws (docs/decisions/071): its
// markup comes in the HTML and the browser keeps it as it is, so the code that
// draws it (icons, per-kind links, its own texts) never ships to a visitor.
// Reached by a link inside the app instead of a page load, the part is the
// one drawn last, else the page's HTML is fetched for it.
import { createContext, useContext, useEffect, useState } from 'react'
import { STATE_ELEMENT_ID } from '@/ssr/state'
import type { LocalSiteConfig } from '../lib/local-site-config'

export type ServerPartName = 'hero-profile' | 'contact-links' | 'open-source'
export type DrawPart = (name: ServerPartName, config: LocalSiteConfig) => React.ReactNode

/** Given by the server's renderer (src/entry-server.tsx) only. */
export const ServerParts = createContext<DrawPart | null>(null)

const kept: Partial<Record<ServerPartName, string>> = {}

export function ServerPart({ name, config }: { name: ServerPartName; config: LocalSiteConfig }) {
  const draw = useContext(ServerParts)
  // undefined: not drawn yet; '' is a part the server drew empty (no contributions).
  const [html, setHtml] = useState(() => {
    const drawn = draw ? undefined : document.getElementById(name)?.innerHTML
    return drawn !== undefined ? (kept[name] = drawn) : kept[name]
  })
  useEffect(() => {
    // Only an app that started from a server's page has one to ask (not a component test).
    if (draw || html !== undefined || !document.getElementById(STATE_ELEMENT_ID)) return
    fetch(location.href)
      .then((answer) => answer.text())
      .then((page) => {
        const part = new DOMParser().parseFromString(page, 'text/html').getElementById(name)
        if (part) setHtml((kept[name] = part.innerHTML))
      })
      .catch(() => {})
  }, [draw, html, name])
  return draw ? (
    <div id={name}>{draw(name, config)}</div>
  ) : (
    <div id={name} dangerouslySetInnerHTML={{ __html: html ?? '' }} suppressHydrationWarning />
  )
}
