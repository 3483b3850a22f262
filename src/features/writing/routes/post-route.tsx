// One post's page, /writing/<slug> (docs/PRODUCT.md §26): its body is the
// HTML the API rendered (code highlighted into classes the site's CSS
// colours), so no Markdown parser or highlighter reaches the browser. On a
// page in another language its texts and body are that language's, each
// falling back to the default language's, marked with `lang`. A lazy chunk.
// A draft or scheduled post is not found for visitors; its signed-in owner
// sees it with a banner, and so does whoever holds a preview link
// (`?preview=<token>`), which the server renders for that caller alone.
import { useQuery } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { Link, useParams, useSearchParams } from 'react-router-dom'
import { NoticeBanner } from '@/components/notice-banner'
import { NotFoundPage } from '@/components/not-found-page'
import { PostMeta } from '@/components/post-card'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { postPath, publicPages } from '@shared/contract/public-routes.ts'
import type { PostPage } from '@shared/contract/types.ts'
import { ApiError } from '@/lib/api-client'
import { useMessages } from '@/lib/i18n/messages-context'
import { apiLanguage, localHtml, localText } from '@/lib/i18n/localize'
import { usePageLanguage } from '@/lib/i18n/page-language'
import { ownerPostQueryOptions, publicPostQueryOptions } from '../api/post-page'
import { useSession } from '@/lib/session'
import { WritingHeader } from '../components/writing-header'

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline'

/** A titled list of the post's links (its technologies, its projects). */
function LinkGroup({
  title,
  className,
  children,
}: {
  title: string
  className: string
  children: ReactNode
}) {
  return (
    <div className="grid gap-2">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        {title}
      </h2>
      <ul className={`flex flex-wrap ${className}`}>{children}</ul>
    </div>
  )
}

/** The older (prev) or newer (next) post, its title in the page's language where it has one. */
function NeighbourLink({
  post,
  rel,
  label,
}: {
  post: NonNullable<PostPage['older']>
  rel: 'prev' | 'next'
  label: string
}) {
  const page = usePageLanguage()
  const title = localText(post, 'title', page)
  const before = rel === 'prev' ? `← ${label}: ` : `${label}: `
  const after = rel === 'next' ? ' →' : ''
  return (
    <Link to={page.localPath(postPath(post.slug))} rel={rel} className={linkClass}>
      {title.attrs.lang ? (
        // A title in another language than the page's is an element of its own, marked.
        <>
          {before}
          <span {...title.attrs}>{title.text}</span>
          {after}
        </>
      ) : (
        `${before}${title.text}${after}`
      )}
    </Link>
  )
}

export default function PostRoute() {
  const { t } = useMessages()
  const page = usePageLanguage()
  const slug = useParams().slug ?? ''
  const preview = useSearchParams()[0].get('preview')
  const lang = apiLanguage(page)
  const query = useQuery(publicPostQueryOptions(slug, preview, lang))
  const missing = query.error instanceof ApiError && [400, 404].includes(query.error.status)
  // The owner's own view of a post visitors cannot see, asked in the browser only.
  const session = useSession()
  const owner = useQuery({
    ...ownerPostQueryOptions(slug, lang),
    enabled: missing && session !== null,
  })
  const post = query.data ?? owner.data
  const title = post ? localText(post, 'title', page) : null
  const body = post ? localText(post, 'body', page) : null
  const documentTitle = title ? t('post.documentTitle', { title: title.text }) : ''
  useEffect(() => {
    if (!documentTitle) return
    const previous = document.title
    document.title = documentTitle
    return () => void (document.title = previous)
  }, [documentTitle])

  if (missing && !owner.data) {
    if (owner.isFetching) return <Spinner label={t('post.loading')} className="min-h-dvh" />
    return <NotFoundPage />
  }
  const writing = page.localPath(publicPages.writing.pattern)
  const { older = null, newer = null } = post ?? {}
  return (
    <div className="flex min-h-dvh flex-col">
      <WritingHeader to={writing} label={t('writing.all')} />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-3xl flex-1 px-4 pb-16 outline-none"
      >
        {post && post.status !== 'published' ? (
          <NoticeBanner>{query.data ? t('post.preview') : t('post.draft')}</NoticeBanner>
        ) : null}
        {post && title && body ? (
          <article className="grid gap-8">
            <header className="grid gap-2">
              <h1 {...title.attrs} className="text-3xl font-extrabold tracking-tight sm:text-4xl">
                {title.text}
              </h1>
              <PostMeta post={post} />
            </header>
            <div
              {...body.attrs}
              className="markdown"
              // Safe HTML: the API's renderer writes no raw HTML, script or unsafe link (markdown/render.ts).
              dangerouslySetInnerHTML={{
                __html: localHtml(post, 'body', body, page) ?? post.bodyHtml,
              }}
            />
            {post.technologies.length > 0 || post.projects.length > 0 ? (
              <footer className="grid gap-4 border-t pt-6">
                {post.technologies.length > 0 ? (
                  <LinkGroup title={t('post.technologies')} className="gap-1.5">
                    {post.technologies.map((technology) => (
                      <li key={technology.id}>
                        <Link
                          to={`${writing}?technology=${technology.id}`}
                          className="inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium hover:bg-accent"
                        >
                          {technology.name}
                        </Link>
                      </li>
                    ))}
                  </LinkGroup>
                ) : null}
                {post.projects.length > 0 ? (
                  <LinkGroup title={t('post.projects')} className="gap-x-4 gap-y-1">
                    {post.projects.map((project) => (
                      <li key={project.id}>
                        <Link
                          to={page.localPath(paths.project(project.id, project.name))}
                          className={linkClass}
                        >
                          {project.name}
                        </Link>
                      </li>
                    ))}
                  </LinkGroup>
                ) : null}
              </footer>
            ) : null}
            {older || newer ? (
              <nav aria-label={t('writing.title')} className="flex flex-wrap justify-between gap-4">
                {older ? (
                  <NeighbourLink post={older} rel="prev" label={t('post.previous')} />
                ) : (
                  <span />
                )}
                {newer ? <NeighbourLink post={newer} rel="next" label={t('post.next')} /> : null}
              </nav>
            ) : null}
          </article>
        ) : query.isError && !missing ? (
          <p role="alert" className="py-20 text-center">
            {t('load.failed')}
          </p>
        ) : (
          <Spinner label={t('post.loading')} className="min-h-[50vh]" />
        )}
      </main>
    </div>
  )
}
