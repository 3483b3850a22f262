// A long text the owner writes in Markdown (a project's description, an
// experience's), shown as the HTML the server rendered from it
// (docs/PRODUCT.md §26, supabase/functions/_shared/markdown/render.ts): no
// renderer reaches the browser, and the server-rendered page and the app that
// takes it over show the same markup, both from the API's answer. Without
// HTML (an answer from before it was given) the text shows as it always did:
// paragraphs at blank lines, lines kept. Its look is the posts' (.markdown,
// src/markdown.css), in the stylesheet rather than in this component's classes.
import type { LangAttributes } from '@/lib/i18n/localize'
import { cn } from '@/lib/utils'

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
      <div
        {...attrs}
        className={cn('markdown', className)}
        dangerouslySetInnerHTML={{ __html: html }}
      />
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
