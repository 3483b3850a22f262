import { ProjectForm } from '../components/project-form'

/** New project (docs/PRODUCT.md §2). Admins only (the route table sends the `user` role back). */
export default function ProjectCreateRoute() {
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">Add New Project</h1>
      <ProjectForm />
    </section>
  )
}
