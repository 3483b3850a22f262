// The public page's catalogue for its language, around every public route
// (src/app/router.tsx). Apart from messages-context.tsx so that the
// components reading texts do not import the site's languages query.
import { useEffect, useState, type ReactNode } from 'react'
import { loadCatalogue, loadedCatalogue } from './catalogues'
import { MessagesProvider } from './messages-context'
import { en, type Catalogue } from './messages/en'
import { usePageLanguage } from './page-language'

/**
 * The public page's catalogue, for its language (`usePageLanguage`). It was
 * loaded before the page rendered or hydrated; after a visitor moves to a page
 * in another language, the page speaks English for the moment that language's
 * chunk takes to arrive. (Not `use()` and Suspense: with React 19.3 a lazy
 * route below such a component stayed on its fallback for good in jsdom.)
 */
export function PageMessages({ children }: { children: ReactNode }) {
  const { lang } = usePageLanguage()
  const catalogue = loadedCatalogue(lang)
  const [, arrived] = useState<Catalogue>()
  useEffect(() => {
    if (catalogue) return
    let current = true
    void loadCatalogue(lang).then((loaded) => current && arrived(loaded))
    return () => {
      current = false
    }
  }, [lang, catalogue])
  return (
    <MessagesProvider lang={catalogue ? lang : 'en'} catalogue={catalogue ?? en}>
      {children}
    </MessagesProvider>
  )
}
