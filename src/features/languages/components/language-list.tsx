import { X } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { RowButton, SortableList } from '@/components/sortable-list'
import { languageName } from '@/lib/translations'

interface LanguageListProps {
  languages: string[]
  defaultLanguage: string
  onReorder: (languages: string[]) => void
  onRemove: (tag: string) => void
  /** Rows can be dragged (not while the list is read-only or saving). */
  draggable: boolean
}

/** The site's languages in the owner's order, each movable and removable (the default is not). */
export function LanguageList({
  languages,
  defaultLanguage,
  onRemove,
  ...props
}: LanguageListProps) {
  return (
    <SortableList
      {...props}
      items={languages}
      keyOf={(tag) => tag}
      nameOf={languageName}
      aria-label="Site languages"
      rowClassName="flex-wrap gap-3 px-3 py-2"
      actions={(tag) => (
        <RowButton
          label={`Remove ${languageName(tag)}`}
          icon={X}
          title={tag === defaultLanguage ? 'Choose another default first' : undefined}
          disabled={tag === defaultLanguage}
          onClick={() => onRemove(tag)}
        />
      )}
    >
      {(tag) => (
        <>
          <span className="font-medium">{languageName(tag)}</span>
          <code className="text-sm text-muted-foreground">{tag}</code>
          {tag === defaultLanguage ? <Badge variant="secondary">Default</Badge> : null}
        </>
      )}
    </SortableList>
  )
}
