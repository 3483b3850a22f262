import { createScreen } from '@/components/screen'
import { PostForm, usePostFormLists } from '../components/post-form'

/** A new post (docs/PRODUCT.md §26). Admins only (the route table sends the `user` role back). */
export default createScreen('Add New Post', PostForm, {
  useLists: usePostFormLists,
  loading: 'Loading the post form',
})
