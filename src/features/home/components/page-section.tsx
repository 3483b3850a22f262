import type { ReactNode } from 'react'
import type { LangAttributes } from '@/lib/i18n/localize'
import { cn } from '@/lib/utils'

interface PageSectionProps {
  id: string
  title: string
  children: ReactNode
  className?: string
  /** The title's `lang` (and `dir`) when it is not in the page's language (lib/i18n/localize.ts). */
  titleAttrs?: LangAttributes
}

/** A landmark section with its h2; focusable so in-page navigation can move focus to it. */
export function PageSection({ id, title, children, className, titleAttrs }: PageSectionProps) {
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className={cn('scroll-mt-20 py-20 outline-none sm:py-24', className)}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2
          {...titleAttrs}
          id={`${id}-title`}
          className="mb-12 text-center text-3xl font-extrabold tracking-tight sm:text-4xl"
        >
          {title}
          <span
            aria-hidden="true"
            className="mx-auto mt-4 block h-1 w-16 rounded-full bg-gradient-to-r from-primary to-secondary"
          />
        </h2>
        {children}
      </div>
    </section>
  )
}
