import type { LangAttributes } from '@/lib/i18n/localize'
import { footerLine } from '../lib/site-config'

export function SiteFooter({ text, textAttrs }: { text: string; textAttrs?: LangAttributes }) {
  return (
    <footer className="border-t py-8">
      <p
        {...textAttrs}
        className="mx-auto max-w-6xl px-4 text-center text-sm text-muted-foreground sm:px-6"
      >
        {footerLine(text, new Date().getFullYear())}
      </p>
    </footer>
  )
}
