// Every query key of the portfolio's content comes from here (docs/ARCHITECTURE.md,
// "Where code lives"). One vocabulary, one root: a resource's lists sit under
// `['content', resource, 'list', …]` and its records under
// `['content', resource, 'detail', id, audience]`. Content is connected (the
// technologies list counts projects, a project lists its technologies, the
// CV and the dashboard read everything), so a write to any of it marks the
// whole root stale, along with the dashboard's reads that derive from it.
import type { QueryClient } from '@tanstack/react-query'

export type ContentResource =
  | 'projects'
  | 'technologies'
  | 'certifications'
  | 'configs'
  | 'experiences'
  | 'education'
  | 'resume'

/** Who reads: the owner (signed in, sees everything) or a visitor (published content only). */
export type Audience = 'owner' | 'public'

export const contentKeys = {
  all: ['content'] as const,
  lists: (resource: ContentResource) => ['content', resource, 'list'] as const,
  list: (resource: ContentResource, audience: Audience, params: object = {}) =>
    ['content', resource, 'list', audience, params] as const,
  detail: (resource: ContentResource, id: string | number | null, audience: Audience = 'owner') =>
    ['content', resource, 'detail', id === null ? null : String(id), audience] as const,
}

/** The dashboard's reads that change with any content write. */
const DERIVED_ROOTS = [['activity'], ['insights'], ['publish']] as const

/**
 * After a content write: every query that shows content is stale. Those on
 * screen refetch now, unless `refetch` is false (a delete that already took
 * its row out of the list: docs/PRODUCT.md §2); the rest refetch when shown.
 */
export function invalidateContent(
  queryClient: QueryClient,
  { refetch = true }: { refetch?: boolean } = {},
): Promise<void> {
  return Promise.all(
    [contentKeys.all, ...DERIVED_ROOTS].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey, refetchType: refetch ? 'active' : 'none' }),
    ),
  ).then(() => undefined)
}
