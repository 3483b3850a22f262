// The language switch of an edit screen (docs/PRODUCT.md §23): one tab per
// language of the site, the default first as the owner ordered them, and the
// panel of the chosen one. The WAI-ARIA tabs pattern (arrow keys, Home, End,
// automatic activation; the keys are ui/tabs.tsx's), written here because no
// tabs primitive is among the project's packages and the pattern is these few lines.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import type { Languages } from '@shared/contract/types.ts'
import { tabKeyTarget } from '@/components/ui/tabs'
import { cn } from '@/lib/utils'
import { languageName } from '@/lib/translations'

interface LanguageTabsProps {
  site: Languages
  /** The language shown. */
  value: string
  onValueChange: (tag: string) => void
  /** How many texts a language misses, shown on its tab. */
  missing?: (tag: string) => number
  className?: string
  children: ReactNode
}

/** Tabs when the site has several languages; on a site of one, the panel's content alone. */
export function LanguageTabs({
  site,
  value,
  onValueChange,
  missing,
  className,
  children,
}: LanguageTabsProps) {
  const id = useId()
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  if (site.languages.length < 2) return <>{children}</>
  const tabId = (tag: string) => `${id}-tab-${tag}`
  const panelId = `${id}-panel`

  function onKeyDown(event: KeyboardEvent, index: number) {
    const next = tabKeyTarget(event.key, index, site.languages.length)
    if (next === null) return
    event.preventDefault()
    onValueChange(site.languages[next]!)
    tabs.current[next]?.focus()
  }

  return (
    <div className={cn('grid gap-6', className)}>
      <div
        role="tablist"
        aria-label="Language"
        className="flex flex-wrap gap-1 border-b border-border"
      >
        {site.languages.map((tag, index) => {
          const selected = tag === value
          const count = tag === site.default ? 0 : (missing?.(tag) ?? 0)
          return (
            <button
              key={tag}
              ref={(element) => {
                tabs.current[index] = element
              }}
              type="button"
              role="tab"
              id={tabId(tag)}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(tag)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                '-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring',
                selected
                  ? 'border-primary text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {tag === site.default ? `${languageName(tag)} (default)` : languageName(tag)}
              {count ? (
                <span className="rounded-full bg-muted px-2 text-xs text-foreground">
                  {' '}
                  {count} missing
                </span>
              ) : null}
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} className="grid gap-6">
        {children}
      </div>
    </div>
  )
}
