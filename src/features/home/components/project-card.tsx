import { ExternalLinkIcon } from 'lucide-react'
import { memo, useEffect, useRef } from 'react'
import { Link } from 'react-router-dom'
import type { Project } from '@shared/contract/types.ts'
import { FeaturedMark } from '@/components/featured-mark'
import { TechnologyBadges } from '@/components/technology-badges'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { takeCardFocus } from '@/lib/card-focus'
import { safeHref } from '@/lib/safe-url'
import { formatYears } from '@/lib/format'
import { useMessages } from '@/lib/i18n/messages-context'
import { localHtml, localText } from '@/lib/i18n/localize'
import { usePageLanguage } from '@/lib/i18n/page-language'
import { GithubIcon } from './brand-icons'
import { prefetchRoute } from '@/lib/route-prefetch'
import { visitTarget } from '@/lib/visit-target'
import { MarkdownText } from '@/components/markdown-text'

const external = { target: '_blank', rel: 'noopener noreferrer' } as const

export const ProjectCard = memo(function ProjectCard({ project }: { project: Project }) {
  const { t, dates } = useMessages()
  const page = usePageLanguage()
  const name = localText(project, 'name', page)
  const description = localText(project, 'description', page)
  const thumbnail = safeHref(project.thumbnail)
  // Its alternative text, size and 640 px copy (docs/PRODUCT.md §15); absent from older answers.
  const details = project.imageDetails?.find((d) => d.url === project.thumbnail)
  const card = safeHref(details?.cardUrl)
  const link = useRef<HTMLAnchorElement>(null)
  // Back from the project's page: focus returns to the card that opened it.
  useEffect(() => {
    if (takeCardFocus(project.id)) link.current?.focus()
  }, [project.id])
  const live = safeHref(project.liveUrl)
  const github = safeHref(project.githubUrl)
  const years = formatYears(project.startYear, project.endYear, dates)
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-2xl border bg-card shadow-sm transition-shadow hover:shadow-lg">
      <div className="aspect-video overflow-hidden bg-muted">
        {thumbnail && (
          <img
            src={thumbnail}
            srcSet={card ? `${card} 640w, ${thumbnail} ${details?.width ?? 1280}w` : undefined}
            alt={details?.alt ?? t('project.screenshotOf', { name: name.text })}
            width={details?.width ?? 640}
            height={details?.height ?? 360}
            loading="lazy"
            decoding="async"
            sizes="(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw"
            className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-6">
        <div>
          {project.featured ? <FeaturedMark /> : null}
          <h3 {...name.attrs} className="text-lg font-bold leading-snug">
            {/* The whole card opens the project; its own links sit above this one's area. */}
            <Link
              ref={link}
              to={page.localPath(paths.project(project.id, project.name))}
              state={{ fromCard: true }}
              onPointerEnter={() => prefetchRoute('project')}
              onFocus={() => prefetchRoute('project')}
              className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:underline focus-visible:after:outline-2 focus-visible:after:outline-ring"
            >
              {name.text}
            </Link>
          </h3>
          {years && <p className="mt-1 text-sm font-medium text-muted-foreground">{years}</p>}
        </div>
        {/* Its links sit above the card's own, like the live and source links. */}
        <MarkdownText
          html={localHtml(project, 'description', description, page)}
          text={description.text}
          attrs={description.attrs}
          className="gap-2 text-sm leading-relaxed text-muted-foreground [&_a]:relative [&_a]:z-10"
        />
        <TechnologyBadges technologies={project.technologies} />
        {(live || github) && (
          <div className="relative z-10 mt-auto flex flex-wrap gap-2 pt-3">
            {live && (
              <Button asChild size="sm">
                <a
                  href={live}
                  {...external}
                  {...visitTarget('live', project.id)}
                  aria-label={t('project.liveDemoOf', { name: name.text })}
                >
                  <ExternalLinkIcon aria-hidden="true" />
                  {t('project.liveDemo')}
                </a>
              </Button>
            )}
            {github && (
              <Button asChild size="sm" variant="outline">
                <a
                  href={github}
                  {...external}
                  {...visitTarget('source', project.id)}
                  aria-label={t('project.sourceOnGithub', { name: name.text })}
                >
                  <GithubIcon />
                  GitHub
                </a>
              </Button>
            )}
          </div>
        )}
      </div>
    </li>
  )
})
