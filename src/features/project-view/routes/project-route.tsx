// One project's page, /projects/<id>-<slug> (docs/PRODUCT.md §15). A lazy
// chunk: the public page's up-front JavaScript carries none of it.
import { FeaturedMark } from '@/components/featured-mark'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeftIcon, ExternalLinkIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom'
import { PageControls } from '@/components/page-controls'
import { TechnologyBadges } from '@/components/technology-badges'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { api, ApiError } from '@/lib/api-client'
import { appearanceQueryOptions } from '@/lib/queries/appearance'
import { contentKeys } from '@/lib/queries/keys'
import { useSession } from '@/lib/session'
import { returnFocusToCard } from '@/lib/card-focus'
import { formatYears } from '@/lib/format'
import { useMessages } from '@/lib/i18n/messages-context'
import { apiLanguage, localHtml, localItem, localText, textFields } from '@/lib/i18n/localize'
import { usePageLanguage } from '@/lib/i18n/page-language'
import { safeHref } from '@/lib/safe-url'
import { publicProjectQueryOptions } from '../api/get-public-project'
import { ProjectGallery } from '../components/project-gallery'
import { NotFoundPage } from '@/components/not-found-page'
import { NoticeBanner } from '@/components/notice-banner'
import { galleryOf, projectIdFromParam } from '../lib/project-page'
import { MarkdownText } from '@/components/markdown-text'
import { useProjectMeta } from '../lib/use-project-meta'
import { visitTarget } from '@/lib/visit-target'

const external = { target: '_blank', rel: 'noopener noreferrer' } as const

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))

export default function ProjectRoute() {
  const { t, dates } = useMessages()
  const id = projectIdFromParam(useParams().slug)
  const navigate = useNavigate()
  const location = useLocation()
  const fromCard = (location.state as { fromCard?: boolean } | null)?.fromCard === true
  const page = usePageLanguage()
  const query = useQuery(publicProjectQueryOptions(id, apiLanguage(page)))
  const missing =
    id === null || (query.error instanceof ApiError && [400, 404].includes(query.error.status))
  // The owner's preview: signed in, a project visitors cannot see (inactive)
  // shows with a banner; visitors, and the server's HTML, get the not-found page.
  const session = useSession()
  const preview = useQuery({
    queryKey: contentKeys.detail('projects', id),
    queryFn: ({ signal }) => api.get('/projects/{id}', { params: { id: id! }, signal }),
    enabled: missing && id !== null && session !== null,
    retry: false,
  })
  const project = query.data ?? preview.data
  // Back to the portfolio, or to the page's top while the owner hides it (docs/PRODUCT.md §27).
  const portfolioHidden = useQuery(appearanceQueryOptions()).data?.sections.some(
    (section) => section.id === 'portfolio' && !section.visible,
  )
  const shown = project && localItem(project, textFields.project, page)
  const gallery = shown
    ? galleryOf(shown, (index) =>
        index
          ? t('project.screenshotNumbered', { name: shown.name, index })
          : t('project.screenshot', { name: shown.name }),
      )
    : []
  const [index, setIndex] = useState(0)
  const home = page.localPath(paths.home)
  useProjectMeta(shown ?? undefined, t('project.documentTitle', { name: shown?.name ?? '' }))

  // However the visitor leaves (Escape, the back link, the browser's back button), its card takes focus.
  useEffect(() => {
    if (id !== null) return () => returnFocusToCard(id)
  }, [id])

  useEffect(() => {
    const close = () => (fromCard ? navigate(-1) : navigate(home))
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      if (event.key === 'Escape') close()
      else if (isEditable(event.target) || gallery.length < 2) return
      else if (event.key === 'ArrowRight') setIndex((i) => (i + 1) % gallery.length)
      else if (event.key === 'ArrowLeft') setIndex((i) => (i - 1 + gallery.length) % gallery.length)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [fromCard, navigate, gallery.length, home])

  if (missing && !preview.data) {
    if (preview.isFetching) return <Spinner label={t('project.loading')} className="min-h-dvh" />
    return <NotFoundPage />
  }

  const live = safeHref(project?.liveUrl)
  const github = safeHref(project?.githubUrl)
  const years = project ? formatYears(project.startYear, project.endYear, dates) : ''
  const name = project && localText(project, 'name', page)
  const description = project && localText(project, 'description', page)

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-3 px-4 py-4">
        <Button asChild variant="ghost">
          <Link
            to={portfolioHidden ? home : `${home}#portfolio`}
            onClick={(event) => {
              if (!fromCard) return
              event.preventDefault()
              navigate(-1)
            }}
          >
            <ArrowLeftIcon aria-hidden="true" />
            {t(portfolioHidden ? 'notFound.back' : 'project.back')}
          </Link>
        </Button>
        <PageControls />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 pb-16 outline-none"
      >
        {project && !project.isActive ? (
          <NoticeBanner>{t('project.unpublished')}</NoticeBanner>
        ) : null}
        {project ? (
          <article className="grid gap-8">
            <div className="grid gap-2">
              {project.featured ? <FeaturedMark /> : null}
              <h1 {...name?.attrs} className="text-3xl font-extrabold tracking-tight sm:text-4xl">
                {name?.text}
              </h1>
              {years ? <p className="font-medium text-muted-foreground">{years}</p> : null}
            </div>
            <ProjectGallery images={gallery} index={index} onSelect={setIndex} />
            <div className="grid gap-8 md:grid-cols-[1fr_16rem]">
              <MarkdownText
                html={description ? localHtml(project, 'description', description, page) : null}
                text={description?.text ?? ''}
                attrs={description?.attrs}
                className="gap-4 leading-relaxed"
              />
              <div className="grid content-start gap-6">
                {project.technologies.length > 0 ? (
                  <div className="grid gap-2">
                    <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                      {t('project.technologies')}
                    </h2>
                    <TechnologyBadges technologies={project.technologies} />
                  </div>
                ) : null}
                {live || github ? (
                  <div className="flex flex-wrap gap-2">
                    {live ? (
                      <Button asChild size="sm">
                        <a href={live} {...external} {...visitTarget('live')}>
                          <ExternalLinkIcon aria-hidden="true" />
                          {t('project.liveDemo')}
                        </a>
                      </Button>
                    ) : null}
                    {github ? (
                      <Button asChild size="sm" variant="outline">
                        <a href={github} {...external} {...visitTarget('source')}>
                          {t('project.sourceCode')}
                        </a>
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </div>
            </div>
          </article>
        ) : query.isError ? (
          <p role="alert" className="py-20 text-center">
            {t('load.failed')}
          </p>
        ) : (
          <Spinner label={t('project.loading')} className="min-h-[50vh]" />
        )}
      </main>
    </div>
  )
}
