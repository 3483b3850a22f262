import type { PostCard } from '@shared/contract/types.ts'

/** `?technology=<id>` as a whole number, or null for any other value. */
export function technologyFromSearch(search: URLSearchParams): number | null {
  const raw = search.get('technology')
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null
  const id = Number(raw)
  return id <= 2_147_483_647 ? id : null
}

/** The name of technology `id` among the posts' technologies, or null. */
export function technologyName(posts: readonly PostCard[], id: number | null): string | null {
  if (id === null) return null
  for (const post of posts)
    for (const technology of post.technologies) if (technology.id === id) return technology.name
  return null
}
