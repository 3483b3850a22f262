// One post's page as the public pages read it (docs/PRODUCT.md §26): by its
// slug, with the posts on either side of it, as a visitor, a preview link's
// holder, or its signed-in owner (drafts and scheduled ones too, every
// language's texts). Visitors' reads are anonymous, so a signed-in owner sees
// what visitors see; the owner's own read is asked only when the visitors'
// one found nothing.
import { queryOptions } from '@tanstack/react-query'
import { api, ApiError } from '@/lib/api-client'
import { contentKeys } from '@/lib/queries/keys'
import { inLanguage } from '@/lib/queries/posts'

/** GET /posts/slug/{slug}, with a draft's preview token and the page's language when given. */
const readPost = (
  slug: string,
  preview: string | null,
  lang: string | null,
  options: { token?: null; signal: AbortSignal },
) =>
  api.get('/posts/slug/{slug}', {
    params: { slug },
    query: { preview: preview || undefined, lang },
    ...options,
  })

/**
 * One post as a visitor reads it; with `preview`, a draft its preview link
 * opens. A 404 stays a 404 when the page hydrates: no second read.
 */
export const publicPostQueryOptions = (
  slug: string,
  preview: string | null = null,
  lang: string | null = null,
) =>
  queryOptions({
    queryKey: [
      ...contentKeys.detail('posts', slug, 'public'),
      ...(preview ? [{ preview }] : []),
      ...inLanguage(lang),
    ],
    queryFn: ({ signal }) => readPost(slug, preview, lang, { token: null, signal }),
    retryOnMount: false,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  })

/**
 * The post as its signed-in owner reads it: drafts and scheduled ones too,
 * every language's texts; `lang` makes its reading time the page's body's.
 */
export const ownerPostQueryOptions = (slug: string, lang: string | null = null) =>
  queryOptions({
    queryKey: [...contentKeys.detail('posts', `slug:${slug}`), ...inLanguage(lang)],
    queryFn: ({ signal }) => readPost(slug, null, lang, { signal }),
    retry: false,
  })
