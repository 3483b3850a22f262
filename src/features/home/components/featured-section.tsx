import type { Project } from '@shared/contract/types.ts'
import { useMessages } from '@/lib/i18n/messages-context'
import { PageSection } from './page-section'
import { ProjectCard } from './project-card'

/**
 * The featured projects first, in a row of their own in the owner's order
 * (docs/PRODUCT.md §15); the portfolio below keeps the spec's order. Nothing
 * when no project is featured.
 */
export function FeaturedSection({ projects }: { projects: Project[] }) {
  const { t } = useMessages()
  if (!projects.length) return null
  return (
    <PageSection id="featured" title={t('featured.title')}>
      <ul aria-labelledby="featured-title" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {projects.map((project) => (
          <ProjectCard key={project.id} project={project} />
        ))}
      </ul>
    </PageSection>
  )
}
