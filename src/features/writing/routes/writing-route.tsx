// The writing list, /writing (docs/PRODUCT.md §26): the public posts, newest
// first, a page at a time; `?technology=<id>` keeps the posts naming it. A
// lazy chunk: the home page's JavaScript carries none of it.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { PostCard } from '@/components/post-card'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { publicPages } from '@shared/contract/public-routes.ts'
import { apiLanguage } from '@/lib/i18n/localize'
import { useMessages } from '@/lib/i18n/messages-context'
import { usePageLanguage } from '@/lib/i18n/page-language'
import { publicPostsPageQueryOptions } from '@/lib/queries/posts'
import { WritingHeader } from '../components/writing-header'
import { technologyFromSearch, technologyName } from '../lib/writing-page'

/** One page of posts; the last shown offers the next. */
function PostsPage({
  technologyId,
  cursor,
  onMore,
}: {
  technologyId: number | null
  cursor: string | null
  onMore: ((cursor: string) => void) | null
}) {
  const { t } = useMessages()
  const lang = apiLanguage(usePageLanguage())
  const query = useQuery(publicPostsPageQueryOptions(technologyId, cursor, undefined, lang))
  if (query.isError)
    return (
      <p role="alert" className="py-10 text-center">
        {t('load.failed')}
      </p>
    )
  if (!query.data) return <Spinner label={t('writing.loading')} className="py-10" />
  const { posts, nextCursor } = query.data
  return (
    <>
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} heading="h2" />
        </li>
      ))}
      {nextCursor && onMore ? (
        <li className="flex justify-center">
          <Button variant="outline" onClick={() => onMore(nextCursor)}>
            {t('writing.showMore')}
          </Button>
        </li>
      ) : null}
    </>
  )
}

export default function WritingRoute() {
  const { t } = useMessages()
  const page = usePageLanguage()
  const [search] = useSearchParams()
  const technologyId = technologyFromSearch(search)
  // The pages asked for beyond the first, for one filter: another starts again from the first.
  const [more, setMore] = useState<{ technologyId: number | null; cursors: string[] }>({
    technologyId,
    cursors: [],
  })
  const cursors = more.technologyId === technologyId ? more.cursors : []
  const first = useQuery(
    publicPostsPageQueryOptions(technologyId, null, undefined, apiLanguage(page)),
  )
  const technology = technologyName(first.data?.posts ?? [], technologyId)
  const title = technology ? t('writing.about', { name: technology }) : t('writing.title')
  useEffect(() => {
    const previous = document.title
    document.title = title
    return () => void (document.title = previous)
  }, [title])
  const pages = [null, ...cursors]
  return (
    <div className="flex min-h-dvh flex-col">
      <WritingHeader to={page.localPath(paths.home)} label={t('project.back')} />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto grid w-full max-w-3xl flex-1 content-start gap-6 px-4 pb-16 outline-none"
      >
        <div className="grid gap-2">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
          {technologyId !== null ? (
            <p>
              <Link
                to={page.localPath(publicPages.writing.pattern)}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {t('writing.all')}
              </Link>
            </p>
          ) : null}
        </div>
        {first.data && first.data.total === 0 ? (
          <p className="text-muted-foreground">{t('writing.empty')}</p>
        ) : (
          <ul className="grid gap-4">
            {pages.map((cursor, index) => (
              <PostsPage
                key={cursor ?? 'first'}
                technologyId={technologyId}
                cursor={cursor}
                onMore={
                  index === pages.length - 1
                    ? (next) => setMore({ technologyId, cursors: [...cursors, next] })
                    : null
                }
              />
            ))}
          </ul>
        )}
      </main>
    </div>
  )
}
