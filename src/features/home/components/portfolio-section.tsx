import { useEffect, useMemo, useRef } from 'react'
import type { LangAttributes } from '@/lib/i18n/localize'
import type { TechnologyRef, TechnologySummary } from '@shared/contract/types.ts'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useMessages } from '@/lib/i18n/messages-context'
import type { PublicProjects } from '../api/use-public-projects'
import { PageSection } from './page-section'
import { ProjectCard } from './project-card'
import { TechnologyFilter } from './technology-filter'

/**
 * The chips: technologies at least one active project uses, by name. Each
 * technology's evidence counts its active projects, so the chips cover every
 * project, not only the pages loaded (docs/decisions/018).
 */
function usedTechnologies(technologies: TechnologySummary[]): TechnologyRef[] {
  return technologies
    .filter((technology) => technology.evidence.projectCount > 0)
    .map(({ id, name, icon }) => ({ id, name, icon }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/**
 * The projects twelve at a time from the server, in the spec's order; 'Show
 * more projects' asks for the next page and moves focus to its first card; a
 * chip asks the server for that technology's projects (docs/decisions/003, 010).
 */
export function PortfolioSection({
  title,
  titleAttrs,
  technologies,
  projects: list,
}: {
  title: string
  titleAttrs?: LangAttributes
  technologies: TechnologySummary[]
  /** From usePublicProjects, kept by the route. */
  projects: PublicProjects
}) {
  const { t } = useMessages()
  const chips = useMemo(() => usedTechnologies(technologies), [technologies])
  const selectedId = list.technologyId
  const listRef = useRef<HTMLUListElement>(null)
  // The index of the first card of the page being asked for, until it shows.
  const focusFrom = useRef<number | null>(null)

  useEffect(() => {
    const index = focusFrom.current
    if (index === null || list.projects.length <= index) return
    focusFrom.current = null
    const card = listRef.current?.children[index]
    if (!(card instanceof HTMLElement)) return
    card.tabIndex = -1
    card.focus()
  }, [list.projects])

  const select = (id: number | null) => {
    focusFrom.current = null
    list.select(id)
  }
  const showMore = () => {
    // Stays focusable while the page loads (a disabled button would drop the focus).
    if (list.isLoadingMore) return
    focusFrom.current = list.projects.length
    list.loadMore()
  }

  let body
  if (list.isPending) body = <Spinner label={t('portfolio.loading')} />
  else if (list.isError)
    body = (
      <div className="flex flex-col items-center gap-4">
        <Alert variant="destructive">{t('load.failed')}</Alert>
        <Button variant="outline" onClick={list.retry}>
          {t('load.retry')}
        </Button>
      </div>
    )
  else if (list.projects.length === 0)
    body = (
      <p role="status" className="py-10 text-center text-muted-foreground">
        {t(selectedId === null ? 'portfolio.empty' : 'portfolio.emptyFiltered')}
      </p>
    )
  else
    body = (
      <>
        <ul
          ref={listRef}
          aria-label={t('portfolio.listLabel')}
          className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        >
          {list.projects.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </ul>
        {(list.hasMore || list.isMoreError) && (
          <div className="mt-10 flex flex-col items-center gap-3">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t('portfolio.showing', { shown: list.projects.length, total: list.total })}
            </p>
            {list.isMoreError && <Alert variant="destructive">{t('load.failed')}</Alert>}
            <Button
              variant="outline"
              size="lg"
              className="rounded-full"
              aria-disabled={list.isLoadingMore}
              onClick={showMore}
            >
              {t(list.isMoreError ? 'load.retry' : 'portfolio.showMore')}
            </Button>
          </div>
        )}
      </>
    )

  return (
    <PageSection id="portfolio" title={title} titleAttrs={titleAttrs}>
      <TechnologyFilter technologies={chips} selectedId={selectedId} onChange={select} />
      {body}
    </PageSection>
  )
}
