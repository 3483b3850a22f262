import { ArrowLeftIcon, DownloadIcon, ExternalLinkIcon, FileTextIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { SharedPage } from '@shared/contract/types.ts'
import { sharedPaths } from '@shared/contract/public-routes.ts'
import { TechnologyBadges } from '@/components/technology-badges'
import { Button } from '@/components/ui/button'
import { apiUrl } from '@/config/env'
import { safeHref } from '@/lib/safe-url'
import { useMessages } from '@/lib/i18n/messages-context'
import { useSharedText } from '../lib/shared-messages'
import type { SharedOwner } from '../lib/shared-texts'

type SharedProject = SharedPage['projects'][number]

const external = { target: '_blank', rel: 'noopener noreferrer' } as const

/** The owner's hero: name, title and introduction, in the link's language. */
function SharedHero({ owner }: { owner: SharedOwner }) {
  return (
    <header className="mx-auto max-w-4xl px-4 pt-20 pb-10 text-center sm:px-6">
      {owner.name && (
        <p className="mb-4 text-sm font-semibold tracking-[0.2em] text-muted-foreground uppercase">
          {owner.name}
        </p>
      )}
      <h1 className="text-4xl leading-tight font-black tracking-tight sm:text-6xl">
        <span className="block">{owner.heroTitle1}</span>
        <span className="block bg-gradient-to-r from-primary to-secondary bg-clip-text pb-2 text-transparent">
          {owner.heroTitle2}
        </span>
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
        {owner.heroDescription}
      </p>
    </header>
  )
}

function ProjectLinks({ project }: { project: SharedProject }) {
  const { t } = useMessages()
  // The project's own addresses, http(s) only; each opens apart, sending no referrer.
  const links = [
    {
      href: safeHref(project.liveUrl),
      text: t('project.liveDemo'),
      label: t('project.liveDemoOf', { name: project.name }),
      variant: 'default' as const,
    },
    {
      href: safeHref(project.githubUrl),
      text: t('project.sourceCode'),
      label: t('project.sourceOnGithub', { name: project.name }),
      variant: 'outline' as const,
    },
  ].filter((link) => link.href)
  if (!links.length) return null
  return (
    <div className="relative z-10 mt-auto flex flex-wrap gap-2 pt-3">
      {links.map(({ href, text, label, variant }) => (
        <Button key={text} asChild size="sm" variant={variant}>
          <a href={href} {...external} aria-label={label}>
            <ExternalLinkIcon aria-hidden="true" />
            {text}
          </a>
        </Button>
      ))}
    </div>
  )
}

function SharedProjectCard({ project, token }: { project: SharedProject; token: string }) {
  const { t } = useMessages()
  const thumbnail = safeHref(project.thumbnail)
  const details = project.imageDetails?.find((d) => d.url === project.thumbnail)
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-2xl border bg-card shadow-sm">
      <div className="aspect-video overflow-hidden bg-muted">
        {thumbnail && (
          <img
            src={safeHref(details?.cardUrl) ?? thumbnail}
            alt={details?.alt ?? t('project.screenshotOf', { name: project.name })}
            width={details?.width ?? 640}
            height={details?.height ?? 360}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-6">
        <h3 className="text-lg leading-snug font-bold">
          <Link
            to={sharedPaths.project(token, project.id, project.name)}
            className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:underline focus-visible:after:outline-2 focus-visible:after:outline-ring"
          >
            {project.name}
          </Link>
        </h3>
        <p className="text-sm leading-relaxed text-muted-foreground">{project.description}</p>
        <TechnologyBadges technologies={project.technologies} />
        <ProjectLinks project={project} />
      </div>
    </li>
  )
}

/** The CV's two ways: read it (at the link's own address) or download the PDF. */
function SharedCv({ token, lang }: { token: string; lang: string | null }) {
  const { t } = useMessages()
  const st = useSharedText()
  const pdf = `${apiUrl()}/cv.pdf${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`
  return (
    <section aria-labelledby="shared-cv" className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h2 id="shared-cv" className="mb-4 text-2xl font-extrabold tracking-tight">
        {st('cvTitle')}
      </h2>
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <Link to={sharedPaths.cv(token)}>
            <FileTextIcon aria-hidden="true" />
            {t('contact.viewCv')}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <a href={pdf} download>
            <DownloadIcon aria-hidden="true" />
            {t('contact.downloadCv')}
          </a>
        </Button>
      </div>
    </section>
  )
}

/** The link's page: the hero, the note, the chosen projects in order, the CV and the contact form if chosen. */
export function SharedPageView({
  token,
  page,
  owner,
  contact,
}: {
  token: string
  page: SharedPage
  owner: SharedOwner
  contact: ReactNode
}) {
  const st = useSharedText()
  return (
    <main id="main">
      <SharedHero owner={owner} />
      {page.note && (
        <section aria-labelledby="shared-note" className="mx-auto max-w-3xl px-4 pb-6 sm:px-6">
          <h2 id="shared-note" className="sr-only">
            {st('noteTitle')}
          </h2>
          <blockquote
            data-testid="shared-note"
            className="rounded-2xl border-s-4 border-primary bg-muted/40 p-6 text-lg whitespace-pre-line"
          >
            {page.note}
          </blockquote>
        </section>
      )}
      <section aria-labelledby="shared-projects" className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <h2 id="shared-projects" className="mb-6 text-2xl font-extrabold tracking-tight">
          {st('projectsTitle')}
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {page.projects.map((project) => (
            <SharedProjectCard key={project.id} project={project} token={token} />
          ))}
        </ul>
      </section>
      {page.showCv && <SharedCv token={token} lang={page.lang} />}
      {page.showContact && (
        <section aria-labelledby="shared-contact" className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
          <h2 id="shared-contact" className="mb-6 text-2xl font-extrabold tracking-tight">
            {owner.contactTitle}
          </h2>
          {contact}
        </section>
      )}
    </main>
  )
}

/** One chosen project, inactive ones too: what the link shows of it. */
export function SharedProjectView({ token, project }: { token: string; project: SharedProject }) {
  const { t } = useMessages()
  const st = useSharedText()
  const images = project.imageDetails?.length
    ? project.imageDetails
    : project.thumbnail
      ? [{ url: project.thumbnail, alt: '', width: null, height: null, cardUrl: null }]
      : []
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
      <Button asChild variant="ghost" className="mb-6">
        <Link to={sharedPaths.page(token)}>
          <ArrowLeftIcon aria-hidden="true" />
          {st('back')}
        </Link>
      </Button>
      <article className="grid gap-6">
        <h1 className="text-4xl font-black tracking-tight">{project.name}</h1>
        <p className="text-lg whitespace-pre-line text-muted-foreground">{project.description}</p>
        <TechnologyBadges technologies={project.technologies} />
        <ProjectLinks project={project} />
        {images.map((image, index) => {
          const src = safeHref(image.url)
          return src ? (
            <img
              key={image.url}
              src={src}
              alt={
                image.alt ||
                t('project.screenshotNumbered', { name: project.name, index: index + 1 })
              }
              width={image.width ?? undefined}
              height={image.height ?? undefined}
              loading={index ? 'lazy' : undefined}
              className="w-full rounded-2xl border"
            />
          ) : null
        })}
      </article>
    </main>
  )
}
