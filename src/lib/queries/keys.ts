// Every query key of the back office's records comes from here (docs/ARCHITECTURE.md,
// "Where code lives"), in one vocabulary: `all`, `lists`, `list`, `detail`.
// Content sits under one root, `['content', resource, 'list', …]` and
// `['content', resource, 'detail', id, audience]`: it is connected (the
// technologies list counts projects, a project lists its technologies, the CV
// and the dashboard read everything), so a write to any of it marks the whole
// root stale. Accounts and the inbox are not content: visitors never read
// them and no content read shows them, so each is a root of its own,
// `[resource, 'list', params]` and `[resource, 'detail', id]`, and a write to
// one leaves the content alone. Either way a write also marks stale the other
// reads that show what it changed (SHOWN_ALSO).
// The resources and which root each is under come from the registry
// (api/registry.ts); the résumé, read only, is content made of the others.
import type { QueryClient } from '@tanstack/react-query'
import { RESOURCES, type RegisteredResource } from '@shared/contract/resources.ts'

type KeyUnder<Root> = Extract<RegisteredResource['query'], { root: Root }>['key']

export type ContentResource = KeyUnder<'content'> | 'resume'

/** Read by signed-in accounts only, and shown by no content read. */
export type PrivateResource = KeyUnder<'private'>

/** The private roots, from the registry. */
export const PRIVATE_RESOURCES: readonly string[] = RESOURCES.flatMap(({ query }) =>
  query?.root === 'private' ? [query.key] : [],
)

/** What the back office writes by id: content but the résumé (read only), accounts, messages. */
export type WritableResource = Exclude<ContentResource, 'resume'> | PrivateResource

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

export const privateKeys = {
  all: (resource: PrivateResource) => [resource] as const,
  lists: (resource: PrivateResource) => [resource, 'list'] as const,
  list: (resource: PrivateResource, params: object = {}) => [resource, 'list', params] as const,
  detail: (resource: PrivateResource, id: string | number) =>
    [resource, 'detail', String(id)] as const,
}

/** The signed-in account's sessions (features/account), which a new password ends. */
export const accountSessionsKey = ['account', 'sessions'] as const

export const isPrivate = (resource: WritableResource): resource is PrivateResource =>
  PRIVATE_RESOURCES.includes(resource)

type Root = 'content' | PrivateResource

/** Besides its own root, the reads that show what a write to it changed. */
const SHOWN_ALSO: Record<Root, readonly (readonly string[])[]> = {
  // The dashboard's history, health findings and publishing state derive from content;
  // a deleted project leaves every share link that showed it (docs/PRODUCT.md §24).
  content: [['activity'], ['insights'], ['publish'], ['share-links']],
  // The history records accounts and messages too (docs/PRODUCT.md §12); a new
  // password ends the account's other sessions (§11), one's own account included.
  users: [['activity'], accountSessionsKey],
  messages: [['activity']],
  // The Visitors screen names each link by its label.
  'share-links': [['activity'], ['stats']],
}

interface Invalidation {
  /**
   * false: mark stale only, those on screen included (a delete that already
   * took its row out of the list: docs/PRODUCT.md §2).
   */
  refetch?: boolean
}

function invalidateRoot(queryClient: QueryClient, root: Root, { refetch = true }: Invalidation) {
  return Promise.all(
    [root === 'content' ? contentKeys.all : privateKeys.all(root), ...SHOWN_ALSO[root]].map(
      (queryKey) =>
        queryClient.invalidateQueries({ queryKey, refetchType: refetch ? 'active' : 'none' }),
    ),
  ).then(() => undefined)
}

/**
 * After a content write: every query that shows content is stale. Those on
 * screen refetch now, unless `refetch` is false; the rest refetch when shown.
 */
export const invalidateContent = (
  queryClient: QueryClient,
  options: Invalidation = {},
): Promise<void> => invalidateRoot(queryClient, 'content', options)

/** After a write of `resource`: its root (all content, for content) and the reads that show it. */
export const invalidateAfterWrite = (
  queryClient: QueryClient,
  resource: WritableResource,
  options: Invalidation = {},
): Promise<void> => invalidateRoot(queryClient, isPrivate(resource) ? resource : 'content', options)
