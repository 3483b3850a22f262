import type { TechnologyRef } from '@shared/contract/types.ts'
import { Badge } from '@/components/ui/badge'
import { useMessages } from '@/lib/i18n/messages-context'

/** A project's technologies as a list of small badges, named for screen readers; nothing when there are none. */
export function TechnologyBadges({ technologies }: { technologies: TechnologyRef[] }) {
  const { t } = useMessages()
  if (technologies.length === 0) return null
  return (
    <ul aria-label={t('project.technologies')} className="flex flex-wrap gap-1.5">
      {technologies.map((technology) => (
        <li key={technology.id}>
          <Badge variant="muted">{technology.name}</Badge>
        </li>
      ))}
    </ul>
  )
}
