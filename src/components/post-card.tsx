// A post in a list (docs/PRODUCT.md §26): its title linking to its page, the
// day it was published, its reading time and summary. Shared by the home
// page's Writing section and the writing list, so both say the same.
import { Link } from 'react-router-dom'
import type { PostCard as Card } from '@shared/contract/types.ts'
import { postPath } from '@shared/contract/public-routes.ts'
import { useMessages } from '@/lib/i18n/messages-context'
import { localText } from '@/lib/i18n/localize'
import { usePageLanguage } from '@/lib/i18n/page-language'

/** The day as the page's language writes it, in UTC, so the server and the browser agree. */
export const postDate = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))

/** When a post was published and how long it takes to read. */
export function PostMeta({
  post,
}: {
  post: Pick<Card, 'publishedAt' | 'publishAt' | 'readingMinutes'>
}) {
  const { t, lang } = useMessages()
  const when = post.publishedAt ?? post.publishAt
  return (
    <p className="text-sm text-muted-foreground">
      {when ? <time dateTime={when}>{postDate(when, lang)}</time> : null}
      {when ? ' · ' : null}
      {t('writing.readingTime', { count: post.readingMinutes })}
    </p>
  )
}

export function PostCard({ post, heading: Heading = 'h3' }: { post: Card; heading?: 'h2' | 'h3' }) {
  const page = usePageLanguage()
  const title = localText(post, 'title', page)
  const summary = localText(post, 'summary', page)
  return (
    <article className="grid gap-2 rounded-xl border bg-card p-5 text-card-foreground">
      <Heading {...title.attrs} className="text-xl font-bold tracking-tight">
        <Link to={page.localPath(postPath(post.slug))} className="hover:underline">
          {title.text}
        </Link>
      </Heading>
      <PostMeta post={post} />
      {summary.text ? (
        <p {...summary.attrs} className="leading-relaxed">
          {summary.text}
        </p>
      ) : null}
    </article>
  )
}
