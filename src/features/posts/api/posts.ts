// Reads of /posts (docs/PRODUCT.md §26) as the owner sees them: every post,
// drafts and schedules included (lib/queries/owner-reads.ts).
import type { Post, PostCard } from '@shared/contract/types.ts'
import { ownerReads } from '@/lib/queries/owner-reads'

const posts = ownerReads<Post, PostCard>('posts')
export const usePosts = posts.useList
export const usePost = posts.useRecord
