// The page's catalogue for the components below it. Without a provider (the
// back office, a component test) the texts are English, the spec's words.
import { createContext, useContext, useMemo, type ReactNode } from 'react'
import type { DateWords } from '@/lib/format'
import { formatMessage, type MessageValues } from './message-format'
import { en, type Catalogue, type MessageKey } from './messages/en'

interface PageMessages {
  /** The page's language tag (`pt-BR`), for Intl; its catalogue may be its base language's. */
  lang: string
  catalogue: Catalogue
}

const MessagesContext = createContext<PageMessages>({ lang: 'en', catalogue: en })

export function MessagesProvider({
  lang,
  catalogue,
  children,
}: PageMessages & { children: ReactNode }) {
  const value = useMemo(() => ({ lang, catalogue }), [lang, catalogue])
  return <MessagesContext value={value}>{children}</MessagesContext>
}

export type Translate = (key: MessageKey, values?: MessageValues) => string

/**
 * `t(key, values)` in the page's language, with the language tag, its
 * catalogue, and `dates` to pass to the formatters of src/lib/format.ts.
 */
export function useMessages(): PageMessages & { t: Translate; dates: Required<DateWords> } {
  const { lang, catalogue } = useContext(MessagesContext)
  return useMemo(() => {
    const t: Translate = (key, values) => formatMessage(lang, catalogue[key], values)
    return { lang, catalogue, t, dates: { lang, present: t('date.present') } }
  }, [lang, catalogue])
}
