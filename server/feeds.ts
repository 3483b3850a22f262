// The feeds of the owner's writing (docs/PRODUCT.md §26): /feed.xml (Atom 1.0)
// and /rss.xml (RSS 2.0), the newest published posts first, each with its
// whole body as the server renders it (markdown/render.ts), escaped for XML.
// `?technology=<id>` keeps the posts naming that technology. Written from the
// public reads alone, so row-level security keeps drafts and posts scheduled
// for later out; every address is absolute, from SITE_URL.
import type { Post, PostCard } from '../supabase/functions/_shared/contract/responses.ts'
import { postPath, publicFiles } from '../supabase/functions/_shared/contract/public-routes.ts'
import type { PublicReads } from '../supabase/functions/_shared/assistants/llms.ts'
import { mergeSiteConfig, pageTitle } from '../src/features/home/lib/site-config.ts'

/** How many posts a feed carries: the newest, each with its whole body. */
export const FEED_ENTRIES = 20
const MAX_ID = 2_147_483_647

type FeedPost = Pick<
  Post,
  'id' | 'title' | 'slug' | 'summary' | 'bodyHtml' | 'publishedAt' | 'createdAt' | 'updatedAt'
> & { technologies: { name: string }[] }

export interface Feed {
  /** The site's address, without a final slash. */
  site: string
  title: string
  author: string
  /** The feed's own address (with its query). */
  self: string
  posts: FeedPost[]
}

/** What a feed file answers: the feed, or 400 for a technology that is not one. */
export type FeedFile =
  { status: 200; type: string; text: string } | { status: 400; type: string; text: string }

/** Characters XML 1.0 cannot hold at all, dropped rather than making the document unreadable. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

export const escapeXml = (text: string) =>
  text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')

/** A post's public page. */
export const postUrl = (site: string, slug: string) =>
  `${site}${postPath(encodeURIComponent(slug))}`

/**
 * The rendered body with its addresses made absolute: a reader shows it away
 * from the site, where `/storage/...` or `#section` would lead nowhere. The
 * renderer writes every attribute in double quotes.
 */
export function absoluteHtml(html: string, site: string, page: string): string {
  return html
    .replace(/\b(href|src)="\/(?!\/)/g, `$1="${site}/`)
    .replace(/\bhref="#/g, `href="${page}#`)
}

/** A name for the post that never changes, even when its slug does (RFC 4151). */
const tagUri = (site: string, post: FeedPost) =>
  `tag:${new URL(site).host},${post.createdAt.slice(0, 10)}:posts/${post.id}`

/** When the post last changed: never before it was published. */
const updatedOf = (post: FeedPost) =>
  post.publishedAt && post.publishedAt > post.updatedAt ? post.publishedAt : post.updatedAt

const latest = (posts: FeedPost[]) =>
  posts.map(updatedOf).reduce((max, at) => (at > max ? at : max), '1970-01-01T00:00:00.000Z')

export function atomXml(feed: Feed): string {
  const e = escapeXml
  const entries = feed.posts.map((post) => {
    const url = postUrl(feed.site, post.slug)
    return [
      '  <entry>',
      `    <id>${e(tagUri(feed.site, post))}</id>`,
      `    <title type="text">${e(post.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${e(url)}"/>`,
      `    <published>${e(post.publishedAt ?? post.createdAt)}</published>`,
      `    <updated>${e(updatedOf(post))}</updated>`,
      ...post.technologies.map((t) => `    <category term="${e(t.name)}"/>`),
      post.summary ? `    <summary type="text">${e(post.summary)}</summary>` : '',
      `    <content type="html">${e(absoluteHtml(post.bodyHtml, feed.site, url))}</content>`,
      '  </entry>',
    ]
      .filter(Boolean)
      .join('\n')
  })
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${e(feed.self)}</id>`,
    `  <title type="text">${e(feed.title)}</title>`,
    `  <updated>${e(latest(feed.posts))}</updated>`,
    `  <author><name>${e(feed.author)}</name><uri>${e(`${feed.site}/`)}</uri></author>`,
    `  <link rel="self" type="application/atom+xml" href="${e(feed.self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${e(`${feed.site}/writing`)}"/>`,
    '  <generator>Vitrine</generator>',
    ...entries,
    '</feed>',
    '',
  ].join('\n')
}

/** RFC 822 dates, as RSS 2.0 wants them. */
const rfc822 = (iso: string) => new Date(iso).toUTCString()

export function rssXml(feed: Feed): string {
  const e = escapeXml
  const items = feed.posts.map((post) => {
    const url = postUrl(feed.site, post.slug)
    return [
      '    <item>',
      `      <title>${e(post.title)}</title>`,
      `      <link>${e(url)}</link>`,
      `      <guid isPermaLink="false">${e(tagUri(feed.site, post))}</guid>`,
      `      <pubDate>${rfc822(post.publishedAt ?? post.createdAt)}</pubDate>`,
      ...post.technologies.map((t) => `      <category>${e(t.name)}</category>`),
      `      <description>${e(absoluteHtml(post.bodyHtml, feed.site, url))}</description>`,
      '    </item>',
    ].join('\n')
  })
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${e(feed.title)}</title>`,
    `    <link>${e(`${feed.site}/writing`)}</link>`,
    `    <description>${e(`Writing by ${feed.author}`)}</description>`,
    `    <atom:link rel="self" type="application/rss+xml" href="${e(feed.self)}"/>`,
    `    <lastBuildDate>${rfc822(latest(feed.posts))}</lastBuildDate>`,
    '    <generator>Vitrine</generator>',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}

export const isFeedFile = (pathname: string) =>
  pathname === publicFiles.atom || pathname === publicFiles.rss

/** A technology id as a feed's query gives it: a positive whole number, or null when it is none. */
function technologyId(raw: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) return null
  const id = Number(raw)
  return id <= MAX_ID ? id : null
}

/**
 * The feed file at `key` (a path and its `technology` query, as pageKey keeps
 * it), read through `read` (the public API). A technology that is not a
 * positive whole number, or that visitors cannot see, is a 400.
 */
export async function feedFile(key: string, siteUrl: string, read: PublicReads): Promise<FeedFile> {
  const [pathname = '', search = ''] = key.split('?')
  const raw = new URLSearchParams(search).get('technology')
  const site = siteUrl.replace(/\/+$/, '')
  const bad = (text: string): FeedFile => ({
    status: 400,
    type: 'text/plain; charset=utf-8',
    text,
  })
  let technology: { id: number; name: string } | null = null
  if (raw !== null) {
    const id = technologyId(raw)
    if (id === null) return bad('technology must be a positive whole number')
    technology = await read<{ id: number; name: string }>(`/technologies/${id}`)
    if (!technology) return bad(`Unknown technology id: ${id}`)
  }
  const filter = technology ? `&technology=${technology.id}` : ''
  const [config, cards] = await Promise.all([
    read<Record<string, unknown>>('/configs/all-as-object'),
    read<PostCard[]>(`/posts?limit=${FEED_ENTRIES}${filter}`),
  ])
  const merged = mergeSiteConfig(config ?? {})
  const posts = await Promise.all(
    (cards ?? []).map(async (card) => {
      const item = await read<Post>(`/posts/${card.id}`)
      if (!item) throw new Error(`GET /posts/${card.id} answered 404`)
      return item
    }),
  )
  const author = merged.ownerName || pageTitle(merged)
  const feed: Feed = {
    site,
    title: technology ? `${author}: ${technology.name}` : author,
    author,
    self: `${site}${pathname}${technology ? `?technology=${technology.id}` : ''}`,
    posts,
  }
  return pathname === publicFiles.rss
    ? { status: 200, type: 'application/rss+xml; charset=utf-8', text: rssXml(feed) }
    : { status: 200, type: 'application/atom+xml; charset=utf-8', text: atomXml(feed) }
}
