import { footerLine } from '../lib/site-config'

export function SiteFooter({ text }: { text: string }) {
  return (
    <footer className="border-t py-8">
      <p className="mx-auto max-w-6xl px-4 text-center text-sm text-muted-foreground sm:px-6">
        {footerLine(text, new Date().getFullYear())}
      </p>
    </footer>
  )
}
