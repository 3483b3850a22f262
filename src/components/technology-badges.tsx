import type { TechnologyRef } from '@shared/contract/types.ts'
import { Badge } from '@/components/ui/badge'

/** A project's technologies as a list of small badges, named for screen readers; nothing when there are none. */
export function TechnologyBadges({ technologies }: { technologies: TechnologyRef[] }) {
  if (technologies.length === 0) return null
  return (
    <ul aria-label="Technologies" className="flex flex-wrap gap-1.5">
      {technologies.map((technology) => (
        <li key={technology.id}>
          <Badge variant="muted">{technology.name}</Badge>
        </li>
      ))}
    </ul>
  )
}
