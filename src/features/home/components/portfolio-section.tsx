import { useMemo, useState } from 'react'
import type { Project, TechnologyRef } from '@shared/types.ts'
import { Button } from '@/components/ui/button'
import { sortProjects } from '../lib/sort-projects'
import { PageSection } from './page-section'
import { ProjectCard } from './project-card'
import { TechnologyFilter } from './technology-filter'

/** Cards rendered at first and added per 'Show more projects' (docs/decisions/003). */
export const PROJECTS_PAGE_SIZE = 12

/** Technologies used by at least one of the projects, by name. */
function usedTechnologies(projects: Project[]): TechnologyRef[] {
  const byId = new Map<number, TechnologyRef>()
  for (const project of projects)
    for (const technology of project.technologies) byId.set(technology.id, technology)
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name))
}

export function PortfolioSection({ title, projects }: { title: string; projects: Project[] }) {
  const sorted = useMemo(() => sortProjects(projects), [projects])
  const technologies = useMemo(() => usedTechnologies(sorted), [sorted])
  const [selectedId, setSelectedId] = useState<number | null>(null)
  const [limit, setLimit] = useState(PROJECTS_PAGE_SIZE)
  const shown = useMemo(
    () =>
      selectedId == null
        ? sorted
        : sorted.filter((p) => p.technologies.some((t) => t.id === selectedId)),
    [sorted, selectedId],
  )

  const select = (id: number | null) => {
    setSelectedId(id)
    setLimit(PROJECTS_PAGE_SIZE)
  }

  return (
    <PageSection id="portfolio" title={title}>
      <TechnologyFilter technologies={technologies} selectedId={selectedId} onChange={select} />
      {shown.length === 0 ? (
        <p role="status" className="py-10 text-center text-muted-foreground">
          {selectedId == null
            ? 'No projects found.'
            : 'No projects found with the selected technology.'}
        </p>
      ) : (
        <>
          <ul aria-label="Projects" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {shown.slice(0, limit).map((project) => (
              <ProjectCard key={project.id} project={project} />
            ))}
          </ul>
          {shown.length > limit && (
            <div className="mt-10 flex flex-col items-center gap-3">
              <p className="text-sm text-muted-foreground" aria-live="polite">
                Showing {limit} of {shown.length} projects
              </p>
              <Button
                variant="outline"
                size="lg"
                className="rounded-full"
                onClick={() => setLimit(limit + PROJECTS_PAGE_SIZE)}
              >
                Show more projects
              </Button>
            </div>
          )}
        </>
      )}
    </PageSection>
  )
}
