// Reads of /share-links (docs/PRODUCT.md §24; owner-reads.ts): the owner's links,
// one per recipient. Signed-in accounts read them; visitors never do, so they
// are a root of their own (keys.ts), which a content write also marks stale: a
// deleted project leaves every link that showed it.
import { ownerReads } from './owner-reads'

const shareLinks = ownerReads('share-links')
export const shareLinksQueryOptions = shareLinks.listOptions
export const useShareLinks = shareLinks.useList
export const useShareLink = shareLinks.useRecord
