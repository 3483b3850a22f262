import { ArrowDown, ArrowUp, X } from 'lucide-react'
import type { ComponentProps } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { languageName } from '@/lib/translations'

/** An icon button named by its label. */
function Action({
  label,
  children,
  ...props
}: { label: string } & Omit<ComponentProps<typeof Button>, 'aria-label'>) {
  return (
    <Button type="button" variant="ghost" size="icon" aria-label={label} {...props}>
      {children}
    </Button>
  )
}

interface LanguageListProps {
  languages: string[]
  defaultLanguage: string
  onMove: (index: number, by: -1 | 1) => void
  onRemove: (tag: string) => void
}

/** The site's languages in the owner's order, each movable and removable (the default is not). */
export function LanguageList({ languages, defaultLanguage, onMove, onRemove }: LanguageListProps) {
  return (
    <ol aria-label="Site languages" className="grid gap-2">
      {languages.map((tag, index) => {
        const name = languageName(tag)
        return (
          <li
            key={tag}
            className="flex flex-wrap items-center gap-3 rounded-md border border-border px-3 py-2"
          >
            <span className="font-medium">{name}</span>
            <code className="text-sm text-muted-foreground">{tag}</code>
            {tag === defaultLanguage ? <Badge variant="secondary">Default</Badge> : null}
            <span className="ml-auto flex gap-1">
              <Action
                label={`Move ${name} up`}
                disabled={index === 0}
                onClick={() => onMove(index, -1)}
              >
                <ArrowUp aria-hidden="true" />
              </Action>
              <Action
                label={`Move ${name} down`}
                disabled={index === languages.length - 1}
                onClick={() => onMove(index, 1)}
              >
                <ArrowDown aria-hidden="true" />
              </Action>
              <Action
                label={`Remove ${name}`}
                title={tag === defaultLanguage ? 'Choose another default first' : undefined}
                disabled={tag === defaultLanguage}
                onClick={() => onRemove(tag)}
              >
                <X aria-hidden="true" />
              </Action>
            </span>
          </li>
        )
      })}
    </ol>
  )
}
