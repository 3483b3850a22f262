// A post as its form holds it, and back (docs/PRODUCT.md §26). The schedule is
// kept as the API's ISO instant; the date-time input shows it in the browser's
// time zone (datetime-local has none of its own).
import { postCardTexts, type PostInput, type PostPayload } from '@shared/contract/schemas.ts'
import type { Post } from '@shared/contract/types.ts'
import { pruneTranslations, TRANSLATABLE, type TranslationTexts } from '@/lib/translations'

/** A post's texts in the site's other languages (docs/PRODUCT.md §23, §26). */
export const POST_TRANSLATED = TRANSLATABLE.posts

export type PostStatus = PostPayload['status']

/**
 * Every field of the create schema, each given: publishAt an ISO instant, or
 * null while none is chosen; the cover image '' for none.
 */
export type PostFormValues = Required<Omit<PostInput, 'coverImage' | 'translations'>> & {
  coverImage: string
  /** Every other language of the site with each translated field ('' when none); absent on a site of one. */
  translations?: TranslationTexts
}

type CardText = keyof typeof postCardTexts

/** The texts a card shows (contract/schemas.ts), as `post` has them; '' for a new post. */
const cardTexts = (post?: Post) =>
  Object.fromEntries(
    (Object.keys(postCardTexts) as CardText[]).map((name) => [name, post?.[name] ?? '']),
  ) as Record<CardText, string>

export function postFormDefaults(post?: Post): PostFormValues {
  return {
    ...cardTexts(post),
    body: post?.body ?? '',
    coverImage: post?.coverImage ?? '',
    status: post?.status ?? 'draft',
    publishAt: post?.status === 'scheduled' ? post.publishAt : null,
    technologiesIds: post?.technologies.map((t) => t.id) ?? [],
    projectIds: post?.projects.map((p) => p.id) ?? [],
  }
}

/**
 * What the schema checks and the API gets: no slug when left empty (the API
 * makes one from the title), a moment only for a scheduled post, so a
 * schedule abandoned for a draft is not refused for being past, and the
 * translations without their empty texts (missing, not errors).
 */
export function postInput(values: PostFormValues): PostInput {
  const slug = values.slug.trim()
  const { translations, ...rest } = values
  return {
    ...rest,
    slug: slug === '' ? undefined : slug,
    publishAt: values.status === 'scheduled' ? values.publishAt : null,
    ...(translations && { translations: pruneTranslations(translations) }),
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** An ISO instant as a datetime-local input's value, in the browser's time zone, to the second. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

/** A datetime-local input's value (the browser's time zone) as an ISO instant; '' is none. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}

/** When a post was or will be published, in the back office's locale; '' for a draft. */
export function formatMoment(iso: string | null): string {
  if (!iso) return ''
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  )
}
