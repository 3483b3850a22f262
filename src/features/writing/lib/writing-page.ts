import type { PostCard } from '@shared/contract/types.ts'

/** `?technology=<id>` as a whole number, or null for any other value. */
export function technologyFromSearch(search: URLSearchParams): number | null {
  const raw = search.get('technology')
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null
  const id = Number(raw)
  return id <= 2_147_483_647 ? id : null
}

/**
 * The posts on either side of `slug` in the list (newest first): `older` was
 * published before it, `newer` after. A post not in the list (a draft) has none.
 */
export function neighbours(list: readonly PostCard[], slug: string) {
  const index = list.findIndex((post) => post.slug === slug)
  if (index < 0) return { older: null, newer: null }
  return { older: list[index + 1] ?? null, newer: index > 0 ? list[index - 1]! : null }
}

/** The name of technology `id` among the posts' technologies, or null. */
export function technologyName(posts: readonly PostCard[], id: number | null): string | null {
  if (id === null) return null
  for (const post of posts)
    for (const technology of post.technologies) if (technology.id === id) return technology.name
  return null
}
