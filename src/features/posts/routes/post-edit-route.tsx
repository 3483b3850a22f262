import { editScreen } from '@/components/edit-page'
import { paths } from '@/config/paths'
import { usePost } from '@/lib/queries/owner-posts'
import { PostForm, usePostFormLists } from '../components/post-form'
import { PostLinks } from '../components/post-links'
import { PostStatus } from '../components/post-status'

/** Edit Post (docs/PRODUCT.md §26): the form, its status, its page and preview links. Admins only. */
export default editScreen({
  title: 'Edit Post',
  one: 'post',
  loadFailed: 'Could not load post. Please try again.',
  listPath: paths.admin.posts,
  useRecord: usePost,
  useLists: usePostFormLists,
  children: (record, edit) => (
    <div className="grid gap-6">
      <p className="flex items-center gap-2 text-sm">
        <span className="text-muted-foreground">Status:</span> <PostStatus post={record} />
      </p>
      <PostLinks post={record} />
      <PostForm post={record} edit={edit} />
    </div>
  ),
})
