// /posts: the five calls of a post (content-table.ts), its read by slug for the
// public pages, and its preview links (docs/PRODUCT.md §26). A preview link's
// token is 256 random bits, shown once; the database keeps its SHA-256. A read
// with `?preview=` is the caller's alone: never kept, never indexed.
import { z } from 'zod'
import { asCaller, readAsCaller } from '../../../context.ts'
import { postPage, previewLink, type PostPage } from '../../../contract/responses.ts'
import { SLUG } from '../../../contract/schemas.ts'
import { POST_BODY_LIMIT } from '../../../http/body-limit.ts'
import { notFound } from '../../../http/errors.ts'
import { answerJson } from '../../../http/json-answer.ts'
import { PRIVATE_CACHE_CONTROL } from '../../../http/http-cache.ts'
import { setVersionTag } from '../../../http/versions.ts'
import { crudApi } from '../../content-table.ts'
import { eTag, ok } from '../../operation.ts'
import { languageQuery } from '../../query.ts'
import { shownLanguage } from '../languages/repository.ts'
import { pageHeaders } from '../projects/pages.ts'
import {
  postListQuery,
  postNeighboursSql,
  postPageSql,
  type PostListQuery,
  type PostPageRow,
} from './pages.ts'
import { posts } from './repository.ts'

/** How long a preview link opens its draft. */
export const PREVIEW_DAYS = 7
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** The token's hex SHA-256: what the database keeps and compares. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/** 32 random bytes, base64url without padding (43 characters). */
function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

export const postApi = crudApi(
  posts,
  { tag: 'Posts', base: '/posts', one: 'Post', many: 'Posts' },
  {
    bodyLimit: POST_BODY_LIMIT,
    list: {
      query: postListQuery,
      handler: async (c, query: PostListQuery) => {
        const [row] = await readAsCaller(c, async (tx) =>
          tx.query<PostPageRow>(postPageSql(query, await shownLanguage(tx, query.lang))),
        )
        if (!row) throw new Error('the page query answered no row')
        const paged = query.limit !== undefined || query.technology !== undefined
        return answerJson(c, row.body, 200, paged ? pageHeaders(row) : {})
      },
    },
  },
)

postApi.add(
  {
    method: 'get',
    path: '/posts/slug/{slug}',
    operationId: 'getPostBySlug',
    summary: 'Read one post by its slug (a draft with a valid preview token)',
    tag: 'Posts',
    access: 'optional',
    query: languageQuery.extend({
      preview: z
        .string()
        .optional()
        .describe("A preview link's token: the post even while a draft, for this caller alone"),
    }),
    answers: { 200: { ...ok('The post, with its neighbours', postPage), headers: eTag } },
  },
  async (c, { query }) => {
    const slug = c.req.param('slug') ?? ''
    const preview = query.preview
    if (preview !== undefined) {
      c.header('Cache-Control', PRIVATE_CACHE_CONTROL)
      c.header('X-Robots-Tag', 'noindex')
    }
    // A token of the wrong form opens nothing, like an expired one: 404.
    if (!SLUG.test(slug) || slug.length > 80 || (preview !== undefined && !TOKEN.test(preview)))
      throw notFound('Post not found')
    const hash = preview === undefined ? null : await tokenHash(preview)
    const row = await readAsCaller(c, async (tx) => {
      const lang = await shownLanguage(tx, query.lang)
      if (hash) await tx.query("select set_config('app.preview_token_hash', $1, true)", [hash])
      const [found] = await tx.query<{ id: number }>(
        'select id from public.posts where slug = $1',
        [slug],
      )
      const item = found && (await posts.read(tx, found.id, lang))
      if (!item) return undefined
      const near = await tx.query<{ side: 'older' | 'newer'; card: PostPage['older'] }>(
        postNeighboursSql(lang),
        [found.id],
      )
      const side = (name: 'older' | 'newer') => near.find((n) => n.side === name)?.card ?? null
      return Object.assign(item, { older: side('older'), newer: side('newer') })
    })
    if (!row) throw notFound('Post not found')
    const { version, ...item } = row
    setVersionTag(c, Number(item.id), version)
    return c.json(item)
  },
)

postApi.add(
  {
    method: 'post',
    path: '/posts/{id}/preview-links',
    operationId: 'createPostPreviewLink',
    summary: `A link showing the post to anyone holding it for ${PREVIEW_DAYS} days`,
    tag: 'Posts',
    access: 'admin',
    confirmAdmin: true,
    emptyBody: {},
    body: z.object({}),
    answers: { 201: ok('The link; its token is not shown again', previewLink) },
  },
  async (c, { id }) => {
    const token = newToken()
    const hash = await tokenHash(token)
    const row = await asCaller(c, async (tx) => {
      const [found] = await tx.query<{ slug: string }>(
        'select slug from public.posts where id = $1',
        [id],
      )
      if (!found) throw notFound('Post not found')
      const [link] = await tx.query<{ expiresAt: string }>(
        `insert into public.post_preview_links (post_id, token_hash, expires_at)
         values ($1, $2, now() + make_interval(days => ${PREVIEW_DAYS}))
         returning to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "expiresAt"`,
        [id, hash],
      )
      return { slug: found.slug, expiresAt: link!.expiresAt }
    })
    const site = (c.get('deps').siteUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '')
    const url = `${site}/writing/${row.slug}?preview=${token}`
    c.header('Cache-Control', PRIVATE_CACHE_CONTROL)
    return c.json({ token, url, expiresAt: row.expiresAt }, 201)
  },
)

postApi.add(
  {
    method: 'delete',
    path: '/posts/{id}/preview-links',
    operationId: 'revokePostPreviewLinks',
    summary: 'Revoke every preview link of the post',
    tag: 'Posts',
    access: 'admin',
    confirmAdmin: true,
    answers: { 204: ok('Revoked') },
  },
  async (c, { id }) => {
    await asCaller(c, async (tx) => {
      const [found] = await tx.query('select 1 from public.posts where id = $1', [id])
      if (!found) throw notFound('Post not found')
      await tx.query('delete from public.post_preview_links where post_id = $1', [id])
    })
    return c.body(null, 204)
  },
)
