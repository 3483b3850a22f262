// Reads of /posts for the public pages (docs/PRODUCT.md §26): the home
// page's latest posts and the writing list's pages (one post's page reads
// it with features/writing/api/post-page.ts, outside the home page's chunk).
// Visitors' reads are anonymous, so a signed-in owner sees what visitors see;
// the owner's own read is asked only when the visitors' one found nothing.
// On a page in another language than the default, `lang` asks for its texts
// (`?lang=`; docs/PRODUCT.md §26). The owner's reads are in owner-posts.ts,
// out of the public page's chunk.
import { queryOptions } from '@tanstack/react-query'
import type { PostCard } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { contentKeys } from './keys'

/** Posts per page of the writing list. */
export const POSTS_PAGE_SIZE = 10
/** How many posts the home page shows. */
export const LATEST_POSTS = 3

export interface PostsPage {
  posts: PostCard[]
  /** X-Next-Cursor; null on the last page. */
  nextCursor: string | null
  total: number
}

/** A query key's tail naming the page's language, when it is not the default. */
export const inLanguage = (lang: string | null) => (lang ? [{ lang }] : [])

/** One page of the public posts, newest first; `technologyId` keeps those naming it. */
export const publicPostsPageQueryOptions = (
  technologyId: number | null = null,
  cursor: string | null = null,
  limit = POSTS_PAGE_SIZE,
  lang: string | null = null,
) =>
  queryOptions({
    queryKey: [
      ...contentKeys.list('posts', 'public', { technologyId, cursor, limit }),
      ...inLanguage(lang),
    ],
    queryFn: async ({ signal }): Promise<PostsPage> => {
      const { data, headers } = await api.getWithHeaders('/posts', {
        query: { limit, technology: technologyId, cursor, lang },
        token: null,
        signal,
      })
      const total = headers.get('X-Total-Count')
      return {
        posts: data,
        nextCursor: headers.get('X-Next-Cursor'),
        total: total === null ? data.length : Number(total),
      }
    },
  })

/** The home page's latest posts (the first page of three). */
export const latestPostsQueryOptions = (lang: string | null = null) =>
  publicPostsPageQueryOptions(null, null, LATEST_POSTS, lang)
