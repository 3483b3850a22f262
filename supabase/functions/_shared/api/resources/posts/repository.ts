// A post (docs/PRODUCT.md §26): its answer, its columns, the technologies and
// projects it names and the cover image it shows. Visitors see public posts
// only (row-level security, supabase/schemas/15_posts.sql): published ones,
// and scheduled ones from publish_at on, answered as published from that
// moment. An item's answer carries its body rendered (bodyHtml), and each
// answered translation's (translationsHtml); a list's items carry no body
// (pages.ts).
import { post, postCard } from '../../../contract/responses.ts'
import { slugify } from '../../../contract/public-routes.ts'
import { postCardTexts, postSchema, postUpdateSchema } from '../../../contract/schemas.ts'
import type { Queryable } from '../../../db/db.ts'
import { isoTimestamp, jsonParam } from '../../../db/sql.ts'
import { badRequest } from '../../../http/errors.ts'
import {
  contentRepository,
  plainFields,
  selectFields,
  withMarkdownHtml,
} from '../../content-table.ts'
import { tagLiteral } from '../languages/repository.ts'
import { TRANSLATABLE } from '../../registry.ts'

/** A scheduled post whose moment has come is public and answered as published. */
const due = `(p.status = 'scheduled' and p.publish_at <= now())`

/** SQL: the reading minutes of the Markdown `body` (an SQL expression), 200 words a minute, at least 1. */
const minutesOf = (body: string) => `greatest(1, ceil(coalesce(array_length(
    regexp_split_to_array(nullif(btrim(${body}), ''), '\\s+'), 1), 0) / 200.0))::int`

/**
 * SQL: the reading minutes of the body shown in `lang` (docs/PRODUCT.md §26):
 * its translation there, unless it has none or a blank one (the page then
 * shows the default language's body, as `localText` does); the default
 * language's with no `lang`. The tag was checked as one of the site's.
 */
const readingMinutes = (lang: string | null) => {
  if (lang === null) return minutesOf('p.body')
  const own = `p.translations -> ${tagLiteral(lang)} ->> 'body'`
  return minutesOf(`case when ${own} ~ '\\S' then ${own} else p.body end`)
}

/** The texts a card shows (contract/schemas.ts), each in the column of its name. */
const CARD_TEXTS = Object.keys(postCardTexts)

/** What a list's card and an item share, over `public.posts p`; `lang` as readingMinutes's. */
export const postCardColumns = (lang: string | null = null) => `
  p.id, ${selectFields('p', CARD_TEXTS)}, p.cover_image as "coverImage",
  case when ${due} then 'published' else p.status end as status,
  ${isoTimestamp('p.publish_at')} as "publishAt",
  ${isoTimestamp(`coalesce(p.published_at, case when ${due} then p.publish_at end)`)} as "publishedAt",
  ${readingMinutes(lang)} as "readingMinutes",
  coalesce((
    select json_agg(json_build_object('id', t.id, 'name', t.name, 'icon', t.icon) order by lower(t.name), t.id)
      from public.post_technologies pt
      join public.technologies t on t.id = pt.technology_id
     where pt.post_id = p.id
  ), '[]'::json) as technologies,
  coalesce((
    select json_agg(json_build_object('id', r.id, 'name', r.name) order by pr.position)
      from public.post_projects pr
      join public.projects r on r.id = pr.project_id
     where pr.post_id = p.id
  ), '[]'::json) as projects,
  ${isoTimestamp('p.created_at')} as "createdAt",
  ${isoTimestamp('p.updated_at')} as "updatedAt"`

/** Newest first: by when it was (or will be) published, a draft by when it was created. */
export const postSortKey = (alias: string) =>
  `coalesce(${alias}.published_at, ${alias}.publish_at, ${alias}.created_at)`

const orNull = (value: string | null) => value || null

/** Replaces (or adds) the projects each post names, in its order; an unknown id is a 400. */
async function linkProjects(
  tx: Queryable,
  ids: number[],
  values: unknown[],
  replace: boolean,
): Promise<void> {
  const rows = ids.flatMap((postId, i) =>
    values[i] === undefined
      ? []
      : [...new Set(values[i] as number[])].map((projectId, position) => ({
          postId,
          projectId,
          position,
        })),
  )
  if (replace)
    await tx.query('delete from public.post_projects where post_id = any($1::int[])', [
      `{${ids.join(',')}}`,
    ])
  if (!rows.length) return
  const unique = [...new Set(rows.map((r) => r.projectId))]
  const known = await tx.query<{ id: number }>(
    'select id from public.projects where id in (select value::int from jsonb_array_elements_text($1::jsonb))',
    [jsonParam(unique)],
  )
  const knownIds = new Set(known.map((r) => r.id))
  const missing = unique.filter((id) => !knownIds.has(id))
  if (missing.length) {
    const message = `Unknown project id${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`
    throw badRequest(message, { projectIds: message })
  }
  await tx.query(
    `insert into public.post_projects (post_id, project_id, position)
     select r."postId", r."projectId", r.position
       from jsonb_to_recordset($1::jsonb) as r("postId" int, "projectId" int, position int)`,
    [jsonParam(rows)],
  )
}

/** A slug for each row that has none: its title's, with -2, -3... when another post has it. */
async function fillSlugs(tx: Queryable, rows: Record<string, unknown>[]): Promise<void> {
  const taken = new Set<string>()
  for (const row of rows) {
    if (typeof row.slug === 'string' && row.slug) {
      taken.add(row.slug)
      continue
    }
    const base = slugify(String(row.title ?? '')) || 'post'
    const existing = await tx.query<{ slug: string }>(
      `select slug from public.posts
        where slug = $1 or (left(slug, length($1) + 1) = $1 || '-' and substr(slug, length($1) + 2) ~ '^[0-9]{1,9}$')`,
      [base],
    )
    for (const { slug } of existing) taken.add(slug)
    let slug = base
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
    taken.add(slug)
    row.slug = slug
  }
}

export const posts = contentRepository({
  table: 'posts',
  what: 'post',
  // With each non-blank translated body's minutes, which `decorate` answers for the read's language.
  select: `select ${postCardColumns()}, p.body, (
      select jsonb_object_agg(l.key, ${minutesOf("l.value ->> 'body'")})
        from jsonb_each(p.translations) l where l.value ->> 'body' ~ '\\S'
    ) as "minutesIn" from public.posts p`,
  alias: 'p',
  order: `coalesce(x."publishedAt", x."publishAt", x."createdAt") desc, x.id desc`,
  fields: {
    ...plainFields([...CARD_TEXTS, 'body']),
    coverImage: { column: 'cover_image', stored: orNull },
    status: { column: 'status' },
    publishAt: { column: 'publish_at', expression: '$::timestamptz' },
    // Written by restores only (the API's payloads have none): the database sets it.
    publishedAt: { column: 'published_at', expression: '$::timestamptz' },
  },
  translatable: TRANSLATABLE.posts,
  links: { table: 'post_technologies', owner: 'post_id' },
  relations: {
    field: 'projectIds',
    link: linkProjects,
    // A backup names a project by its place among the archive's projects (id order).
    exported: `coalesce((select json_agg(pp.place order by l.position)
       from public.post_projects l
       join (select r.id, row_number() over (order by r.id) - 1 as place from public.projects r) pp
         on pp.id = l.project_id
      where l.post_id = x.id), '[]'::json)`,
  },
  images: {
    columns: 'cover_image as "coverImage"',
    shown: (row) => ({ coverImage: [row.coverImage as string | null] }),
  },
  prepare: fillSlugs,
  // Not `markdown`: a list's cards have no body to render.
  decorate: (row, lang) => {
    const minutes = (row.minutesIn as Record<string, number> | null)?.[lang ?? '']
    delete row.minutesIn
    if (minutes) row.readingMinutes = minutes
    withMarkdownHtml(['body'], row)
  },
  create: postSchema,
  update: postUpdateSchema,
  item: post,
  listItem: postCard,
})
