import type { TechnologyRef } from '@shared/contract/types.ts'
import { useMessages } from '@/lib/i18n/messages-context'
import { cn } from '@/lib/utils'

interface TechnologyFilterProps {
  technologies: TechnologyRef[]
  selectedId: number | null
  onChange: (id: number | null) => void
}

/** Toggle chips: a click selects a technology, a second click on it clears the filter (docs/PRODUCT.md §2). */
export function TechnologyFilter({ technologies, selectedId, onChange }: TechnologyFilterProps) {
  const { t } = useMessages()
  if (technologies.length === 0) return null
  return (
    <div
      role="group"
      aria-labelledby="technology-filter-label"
      className="mb-10 flex flex-wrap items-center justify-center gap-2"
    >
      <span
        id="technology-filter-label"
        className="mr-1 text-sm font-semibold text-muted-foreground"
      >
        {t('portfolio.filterLabel')}
      </span>
      {technologies.map((technology) => {
        const selected = technology.id === selectedId
        return (
          <button
            key={technology.id}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(selected ? null : technology.id)}
            className={cn(
              'cursor-pointer rounded-full border px-4 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              selected
                ? 'border-primary bg-primary text-primary-foreground shadow-sm'
                : 'bg-card text-foreground hover:border-primary/60 hover:bg-accent',
            )}
          >
            {technology.name}
          </button>
        )
      })}
    </div>
  )
}
