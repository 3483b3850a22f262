// GET /posts, like GET /projects (docs/decisions/010): the whole list, or
// `?limit=` a page of it with X-Total-Count and X-Next-Cursor (send it back as
// `?cursor=`); `?technology=` keeps the posts naming that technology. Newest
// first: by when a post was published (or is to be), a draft by when it was
// created; then the newest id. Items are cards: no body (docs/PRODUCT.md §26).
import { z } from 'zod'
import type { PostCard } from '../../../contract/responses.ts'
import type { JsonText } from '../../../http/json-answer.ts'
import { languageQuery, wholeNumber } from '../../query.ts'
import { tagLiteral } from '../languages/repository.ts'
import { MAX_PAGE_SIZE } from '../projects/pages.ts'
import { postCardColumns, postSortKey } from './repository.ts'

const MAX_ID = 2_147_483_647
// Microseconds since 1970 (a sign for older dates), then the id.
const CURSOR = /^(-?\d{1,17})\.(\d{1,10})$/
const CURSOR_MESSAGE = 'cursor must be a value from X-Next-Cursor'

export const postListQuery = z
  .object({
    limit: wholeNumber(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`, 1, MAX_PAGE_SIZE)
      .optional()
      .describe(
        'A page of this many posts; X-Total-Count says how many there are, X-Next-Cursor what to send next',
      ),
    cursor: z
      .string()
      .regex(CURSOR, CURSOR_MESSAGE)
      // Checked again once the form is right (a refinement runs after a failed regex too).
      .refine((raw) => {
        const [, at = '0', id = '1'] = CURSOR.exec(raw) ?? []
        return Math.abs(Number(at)) < 1e16 && Number(id) >= 1 && Number(id) <= MAX_ID
      }, CURSOR_MESSAGE)
      .transform((raw) => {
        const [, at, id] = CURSOR.exec(raw)!
        return { at, id: Number(id) }
      })
      .optional()
      .describe('The X-Next-Cursor of the previous page'),
    technology: wholeNumber('technology must be a positive whole number', 1, MAX_ID)
      .optional()
      .describe('Only the posts naming this technology'),
    lang: languageQuery.shape.lang,
  })
  .superRefine((query, ctx) => {
    if (query.cursor !== undefined && query.limit === undefined)
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'cursor needs limit' })
  })

export type PostListQuery = z.output<typeof postListQuery>

/**
 * One statement answering the page (JSON text, written by the database), the
 * total and the next cursor; every number in it was checked above. Row-level
 * security decides which posts the caller sees; a visitor's cards have no
 * translations key, a signed-in caller's have every row's (and whether the
 * body has text, so the dashboard can tell a missing translation), and a visitor's
 * read in another language (`lang`, checked as one of the site's) has that
 * language's title and summary: a card has no body, in any language.
 */
export function postPageSql(query: PostListQuery, lang: string | null = null): string {
  const { limit, cursor, technology } = query
  const uses =
    technology === undefined
      ? 'true'
      : `exists (select 1 from public.post_technologies pt where pt.post_id = p.id and pt.technology_id = ${technology})`
  const after = cursor ? `(k, id) < (${cursor.at}::bigint, ${cursor.id})` : 'true'
  const take = limit === undefined ? 'all' : String(limit)
  return `
    with matching as (
      select p.id, (extract(epoch from ${postSortKey('p')}) * 1000000)::bigint as k
        from public.posts p
       where ${uses}
    ), page as (
      select id, k from matching where ${after} order by k desc, id desc
       limit ${limit === undefined ? 'all' : limit + 1}
    ), shown as (
      select id, k from page order by k desc, id desc limit ${take}
    )
    select (select count(*) from matching)::int as total,
           ${limit === undefined ? 'false' : `(select count(*) from page) > ${limit}`} as more,
           (select k || '.' || id from shown order by k, id limit 1) as last,
           (select coalesce(json_agg(
                      case when app.is_signed_in() then to_jsonb(c) || jsonb_build_object('translations', t.translations,
                                  'hasBody', t.body ~ '\\S')
                           else to_jsonb(c)${visitorTexts(lang)} end
                      order by s.k desc, s.id desc), '[]'::json)
              from shown s
              join lateral (select ${postCardColumns(lang)} from public.posts p where p.id = s.id) c on true
              join public.posts t on t.id = s.id)::text as body`
}

/** A visitor's card in `lang`: that language's texts but the body, `{}` inside when it has none. */
const visitorTexts = (lang: string | null) =>
  lang === null
    ? ''
    : ` || jsonb_build_object('translations', jsonb_build_object(${tagLiteral(lang)},
           coalesce(t.translations -> ${tagLiteral(lang)}, '{}'::jsonb) - 'body'))`

export interface PostPageRow {
  total: number
  more: boolean
  last: string | null
  body: JsonText<PostCard[]>
}

/**
 * The public posts just older and just newer than post $1, in the list's
 * order, each as `{ slug, title, translations? }`: a post's page links them
 * without reading the whole list. Public ones only, whoever asks, and none
 * for a post that is not public itself (a draft the owner or a preview link
 * opens is in no list, so it has no place in one). Their texts follow a
 * card's rule (postPageSql): every language's for a signed-in caller,
 * `lang`'s but the body for a visitor's read in another language.
 */
export function postNeighboursSql(lang: string | null): string {
  const key = postSortKey('p')
  const near = (side: 'older' | 'newer') => `
    (select p.id, '${side}' as side from public.posts p, me
      where app.is_post_public(p.status, p.publish_at)
        and (${key}, p.id) ${side === 'older' ? '<' : '>'} (me.k, me.id)
      order by ${key} ${side === 'older' ? 'desc' : 'asc'}, p.id ${side === 'older' ? 'desc' : 'asc'}
      limit 1)`
  return `
    with me as (select ${key} as k, p.id from public.posts p
                 where p.id = $1 and app.is_post_public(p.status, p.publish_at)),
    near as (${near('older')} union all ${near('newer')})
    select n.side,
           case when app.is_signed_in() then c.card || jsonb_build_object('translations', t.translations)
                else c.card${visitorTexts(lang)} end as card
      from near n
      join public.posts t on t.id = n.id
      cross join lateral (select jsonb_build_object('slug', t.slug, 'title', t.title) as card) c`
}
