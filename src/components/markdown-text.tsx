// A long text the owner writes in Markdown (a project's description, an
// experience's), shown as the HTML the server rendered from it
// (docs/PRODUCT.md §26, supabase/functions/_shared/markdown/render.ts): no
// renderer reaches the browser, and the server-rendered page and the app that
// takes it over show the same markup, both from the API's answer. Without
// HTML (an answer from before it was given) the text shows as it always did:
// paragraphs at blank lines, lines kept.
import type { LangAttributes } from '@/lib/i18n/localize'
import { cn } from '@/lib/utils'

/** Paragraphs, lists, links, quotes, code and tables, in the page's type, without a typography plugin. */
const FLOW =
  'grid content-start gap-3 [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 ' +
  '[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:ps-6 [&_ol]:ps-6 [&_li]:mt-1 ' +
  '[&_blockquote]:border-s-4 [&_blockquote]:border-border [&_blockquote]:ps-4 [&_blockquote]:italic ' +
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em] ' +
  '[&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:p-0 ' +
  '[&_h1]:text-xl [&_h2]:text-lg [&_h3]:text-base [&_h1,&_h2,&_h3,&_h4]:font-bold ' +
  '[&_.heading-anchor]:hidden [&_img]:max-w-full [&_img]:rounded-md ' +
  '[&_table]:border-collapse [&_td]:border [&_th]:border [&_td]:px-2 [&_th]:px-2'

/** The text's paragraphs: split at blank lines, lines inside a paragraph kept. */
export function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
}

export function MarkdownText({
  html,
  text,
  className,
  attrs,
}: {
  /** The server's HTML, or null to show `text` as plain paragraphs. */
  html: string | null
  text: string
  className?: string
  attrs?: LangAttributes
}) {
  if (html !== null)
    return (
      <div {...attrs} className={cn(FLOW, className)} dangerouslySetInnerHTML={{ __html: html }} />
    )
  return (
    <div {...attrs} className={cn('grid content-start gap-3', className)}>
      {paragraphs(text).map((paragraph, i) => (
        <p key={i} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  )
}
