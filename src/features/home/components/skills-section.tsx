import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { TechnologySummary } from '@shared/contract/types.ts'
import { paths } from '@/config/paths'
import { useMessages, type Translate } from '@/lib/i18n/messages-context'
import { formatNumber } from '@/lib/i18n/message-format'
import { localText, type LangAttributes } from '@/lib/i18n/localize'
import { usePageLanguage } from '@/lib/i18n/page-language'
import { PageSection } from './page-section'
import { TechIcon } from './tech-icon'

/** What backs a skill, as text: '5 projects · 2 roles · 2 posts · 2019–2025 · certified' (docs/PRODUCT.md §19). */
const evidenceText = (
  {
    projectCount,
    experienceCount,
    firstYear,
    lastYear,
    certificationCount,
    postCount = 0,
  }: TechnologySummary['evidence'],
  t: Translate,
  lang: string,
) => {
  const [a, b] = [firstYear, lastYear].map((year) => year && formatNumber(lang, year))
  return [
    projectCount > 0 && t('skills.projects', { count: projectCount }),
    experienceCount > 0 && t('skills.roles', { count: experienceCount }),
    postCount > 0 && t('skills.posts', { count: postCount }),
    a && (a === b ? a : `${a}–${b}`),
    certificationCount > 0 && t('skills.certified'),
  ]
    .filter(Boolean)
    .join(' · ')
}

/** A titled list of links (each with its `lang` where it needs one), then the link to all of them. */
function Links({
  title,
  items,
  children,
}: {
  title: string
  items: [key: string | number, to: string, text: string, attrs?: LangAttributes][]
  children: ReactNode
}) {
  if (!items.length) return null
  return (
    <>
      <h4 className="mt-3 font-semibold">{title}</h4>
      <ul className="list-disc pl-5">
        {items.map(([key, to, text, attrs]) => (
          <li key={key} {...attrs}>
            <Link to={to} className="hover:underline">
              {text}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-sm font-semibold text-primary hover:[&_a]:underline">{children}</p>
    </>
  )
}

/**
 * What a skill's chip opens (docs/PRODUCT.md §26, docs/decisions/060): the
 * projects and posts naming it, the portfolio filtered by it and its posts'
 * page. A native popover, in the server's HTML: it opens without the app's
 * JavaScript, from the keyboard, and Escape or a click elsewhere closes it.
 */
function Behind({
  technology: { id, name, evidence },
  onShowProjects,
}: {
  technology: TechnologySummary
  onShowProjects?: (id: number) => void
}) {
  const { t } = useMessages()
  const page = usePageLanguage()
  // Names and titles in the page's language where translated, else marked as the default's.
  return (
    <div
      id={`skill-${id}`}
      popover="auto"
      className="m-auto w-80 max-w-[90vw] rounded-2xl border bg-card p-5 text-foreground shadow-lg"
    >
      <h3 className="text-lg font-bold">{name}</h3>
      <Links
        title={t('post.projects')}
        items={evidence.projects.map((p) => {
          const name = localText(p, 'name', page)
          return [p.id, page.localPath(paths.project(p.id, p.name)), name.text, name.attrs]
        })}
      >
        {onShowProjects ? (
          <a
            href="#portfolio"
            onClick={(event) => {
              onShowProjects(id)
              event.currentTarget.closest('div')?.hidePopover?.()
            }}
          >
            {t('portfolio.filterLabel')} {name}
          </a>
        ) : null}
      </Links>
      <Links
        title={t('nav.writing')}
        items={evidence.posts.map((p) => {
          const title = localText(p, 'title', page)
          return [p.slug, page.localPath(paths.post(p.slug)), title.text, title.attrs]
        })}
      >
        <Link to={`${page.localPath(paths.writing)}?technology=${id}`}>
          {t('writing.about', { name })}
        </Link>
      </Links>
    </div>
  )
}

export function SkillsSection({
  title,
  titleAttrs,
  technologies,
  onShowProjects,
}: {
  title: string
  titleAttrs?: LangAttributes
  technologies: TechnologySummary[]
  /** Filters the portfolio by the technology (its chip's "Filter by technology"); none while the portfolio is hidden. */
  onShowProjects?: (id: number) => void
}) {
  const { t, lang } = useMessages()
  return (
    <PageSection id="skills" title={title} titleAttrs={titleAttrs} className="bg-muted/50">
      {technologies.length === 0 ? (
        <p className="text-center text-muted-foreground">{t('skills.empty')}</p>
      ) : (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 sm:gap-4 lg:grid-cols-6">
          {technologies.map((technology) => {
            const { projects, posts } = technology.evidence
            const opens = projects.length + posts.length > 0
            const evidence = evidenceText(technology.evidence, t, lang)
            const Chip = opens ? 'button' : 'div'
            return (
              <li key={technology.id} className="flex">
                <Chip
                  {...(opens && { type: 'button', popoverTarget: `skill-${technology.id}` })}
                  className="flex w-full flex-col items-center gap-3 rounded-2xl border bg-card px-2 py-4 text-center sm:p-5 shadow-sm transition-transform hover:-translate-y-0.5 hover:shadow-md motion-reduce:hover:translate-y-0 enabled:cursor-pointer"
                >
                  <TechIcon technology={technology} size={48} />
                  <span className="text-sm font-semibold">{technology.name}</span>{' '}
                  {evidence && <small className="text-xs text-muted-foreground">{evidence}</small>}
                </Chip>
                {opens && <Behind technology={technology} onShowProjects={onShowProjects} />}
              </li>
            )
          })}
        </ul>
      )}
    </PageSection>
  )
}
