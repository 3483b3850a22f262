// Reads of /posts as the owner sees them, drafts and schedules included
// (owner-reads.ts): the posts screens and the dashboard's missing
// translations. Apart from lib/queries/posts.ts, the public pages' reads, so
// the public page's chunk carries none of it.
import { ownerReads } from './owner-reads'

const posts = ownerReads('posts')
export const ownerPostsQueryOptions = posts.listOptions
export const usePosts = posts.useList
export const usePost = posts.useRecord
