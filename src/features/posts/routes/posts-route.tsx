import { ResourceList, type ResourceListDescription } from '@/components/resource-list'
import { paths } from '@/config/paths'
import type { PostCard } from '@shared/contract/types.ts'
import { usePosts } from '@/lib/queries/owner-posts'
import { PostStatus } from '../components/post-status'
import { formatMoment } from '../lib/post-form-values'

/** The owner's posts (docs/PRODUCT.md §26), drafts and schedules included. A failed delete is only logged (§8). */
const posts: ResourceListDescription<PostCard> = {
  resource: 'posts',
  one: 'post',
  title: 'Posts',
  addLabel: 'Add New Post',
  addTo: paths.admin.newPost,
  empty: 'No posts yet. Write your first one!',
  loadFailed: 'Could not load posts.',
  nameHeader: 'Title',
  name: (post) => post.title,
  columns: [
    { header: 'Status', cell: (post) => <PostStatus post={post} /> },
    {
      header: 'Publish date',
      cell: (post) => formatMoment(post.publishedAt ?? post.publishAt),
      className: 'whitespace-nowrap',
    },
    {
      header: 'Updated',
      cell: (post) => formatMoment(post.updatedAt),
      className: 'whitespace-nowrap',
    },
  ],
  editPath: paths.admin.editPost,
  confirm: {
    title: 'Delete post',
    description: (post) => `Are you sure you want to delete "${post.title}"?`,
  },
  useList: usePosts,
}

export default function PostsRoute() {
  return <ResourceList description={posts} />
}
