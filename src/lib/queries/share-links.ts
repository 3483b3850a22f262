// Reads of /share-links (docs/PRODUCT.md §24): the owner's links, one per
// recipient. Signed-in accounts read them; visitors never do, so they are a
// root of their own (keys.ts), which a content write also marks stale: a
// deleted project leaves every link that showed it.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ShareLink } from '@shared/contract/types.ts'
import { api } from '@/lib/api-client'
import { privateKeys } from './keys'

export const shareLinkKeys = {
  all: privateKeys.all('share-links'),
  list: privateKeys.list('share-links'),
  detail: (id: number | string) => privateKeys.detail('share-links', id),
}

export const getShareLinks = (signal?: AbortSignal) =>
  api.get<ShareLink[]>('/share-links', { signal })

export const shareLinksQueryOptions = () =>
  queryOptions({ queryKey: shareLinkKeys.list, queryFn: ({ signal }) => getShareLinks(signal) })

/** One link and its version, which the edit form sends back when it saves (If-Match). */
export const getShareLink = (id: string, signal?: AbortSignal) =>
  api.getVersioned<ShareLink>(`/share-links/${encodeURIComponent(id)}`, { signal })

export const shareLinkQueryOptions = (id: string) =>
  queryOptions({
    queryKey: shareLinkKeys.detail(id),
    queryFn: ({ signal }) => getShareLink(id, signal),
  })

// The hooks the screens read with.
export const useShareLink = (id: string) => useQuery(shareLinkQueryOptions(id))
export const useShareLinks = () => useQuery(shareLinksQueryOptions())
