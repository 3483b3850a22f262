import { CertificationForm } from '../components/certification-form'

/** New certification (docs/PRODUCT.md §2). Admins only (the route table sends the `user` role back). */
export default function CertificationCreateRoute() {
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">Add New Certification</h1>
      <CertificationForm />
    </section>
  )
}
