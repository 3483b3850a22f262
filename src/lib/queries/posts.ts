// Reads of /posts for the public pages (docs/PRODUCT.md §26): the home
// page's latest posts, the writing list's pages, one post by its slug, and
// the same post as its signed-in owner or a preview link's holder reads it.
// Visitors' reads are anonymous, so a signed-in owner sees what visitors see;
// the owner's own read is asked only when the visitors' one found nothing.
// The back office's reads are in features/posts/api/posts.ts, so they stay
// out of the public page's chunk.
import { queryOptions } from '@tanstack/react-query'
import type { Post, PostCard } from '@shared/contract/types.ts'
import { api, ApiError } from '@/lib/api-client'
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

export function postsPagePath(
  technologyId: number | null,
  cursor: string | null,
  limit = POSTS_PAGE_SIZE,
): string {
  const params = new URLSearchParams({ limit: String(limit) })
  if (technologyId !== null) params.set('technology', String(technologyId))
  if (cursor !== null) params.set('cursor', cursor)
  return `/posts?${params}`
}

/** One page of the public posts, newest first; `technologyId` keeps those naming it. */
export const publicPostsPageQueryOptions = (
  technologyId: number | null = null,
  cursor: string | null = null,
  limit = POSTS_PAGE_SIZE,
) =>
  queryOptions({
    queryKey: contentKeys.list('posts', 'public', { technologyId, cursor, limit }),
    queryFn: async ({ signal }): Promise<PostsPage> => {
      const { data, headers } = await api.getWithHeaders<PostCard[]>(
        postsPagePath(technologyId, cursor, limit),
        { token: null, signal },
      )
      const total = headers.get('X-Total-Count')
      return {
        posts: data,
        nextCursor: headers.get('X-Next-Cursor'),
        total: total === null ? data.length : Number(total),
      }
    },
  })

/** The home page's latest posts (the first page of three). */
export const latestPostsQueryOptions = () => publicPostsPageQueryOptions(null, null, LATEST_POSTS)

/** Every public post as a card, newest first: a post's page finds its neighbours in it. */
export const publicPostListQueryOptions = () =>
  queryOptions({
    queryKey: contentKeys.list('posts', 'public'),
    queryFn: ({ signal }) => api.get<PostCard[]>('/posts', { token: null, signal }),
  })

const postPath = (slug: string, preview: string | null) =>
  `/posts/slug/${encodeURIComponent(slug)}${preview ? `?preview=${encodeURIComponent(preview)}` : ''}`

/**
 * One post as a visitor reads it; with `preview`, a draft its preview link
 * opens. A 404 stays a 404 when the page hydrates: no second read.
 */
export const publicPostQueryOptions = (slug: string, preview: string | null = null) =>
  queryOptions({
    queryKey: [...contentKeys.detail('posts', slug, 'public'), ...(preview ? [{ preview }] : [])],
    queryFn: ({ signal }) => api.get<Post>(postPath(slug, preview), { token: null, signal }),
    retryOnMount: false,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  })

/** The post as its signed-in owner reads it: drafts and scheduled ones too. */
export const ownerPostQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: contentKeys.detail('posts', `slug:${slug}`),
    queryFn: ({ signal }) => api.get<Post>(postPath(slug, null), { signal }),
    retry: false,
  })
