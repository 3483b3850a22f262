// The latest posts on the home page (docs/PRODUCT.md §26), after the
// portfolio; nothing at all while there are none, or when their read failed
// (the rest of the page does not depend on it).
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import type { PostCard as PostCardType } from '@shared/contract/types.ts'
import { PostCard } from '@/components/post-card'
import { paths } from '@/config/paths'
import { apiLanguage } from '@/lib/i18n/localize'
import { useMessages } from '@/lib/i18n/messages-context'
import { usePageLanguage } from '@/lib/i18n/page-language'
import { latestPostsQueryOptions } from '@/lib/queries/posts'
import { PageSection } from './page-section'

/**
 * The latest public posts (their texts in the page's language), read once by
 * the home route: the section and the navigation's link show only when there are some.
 */
export const useLatestPosts = (): PostCardType[] =>
  useQuery(latestPostsQueryOptions(apiLanguage(usePageLanguage()))).data?.posts ?? []

export function WritingSection({ posts }: { posts: PostCardType[] }) {
  const { t } = useMessages()
  const page = usePageLanguage()
  if (posts.length === 0) return null
  return (
    <PageSection id="writing" title={t('nav.writing')} className="bg-muted/40">
      <ul className="mx-auto grid max-w-3xl gap-4">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center">
        <Link
          to={page.localPath(paths.writing)}
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          {t('writing.all')}
        </Link>
      </p>
    </PageSection>
  )
}
