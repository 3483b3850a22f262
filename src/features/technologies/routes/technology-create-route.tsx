import { TechnologyForm } from '../components/technology-form'

/** New technology (docs/PRODUCT.md §2). Admins only (the route table sends the `user` role back). */
export default function TechnologyCreateRoute() {
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">Add New Technology</h1>
      <TechnologyForm />
    </section>
  )
}
