import { PostForm } from '../components/post-form'

/** A new post (docs/PRODUCT.md §26). Admins only (the route table sends the `user` role back). */
export default function PostCreateRoute() {
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">Add New Post</h1>
      <PostForm />
    </section>
  )
}
