import { Navigate } from 'react-router-dom'
import { paths } from '@/config/paths'
import { isAdmin, useSession } from '@/lib/session'
import { CertificationForm } from '../components/certification-form'

/** New certification (spec section 2). Role `user` cannot write: back to the list. */
export default function CertificationCreateRoute() {
  if (!isAdmin(useSession())) return <Navigate to={paths.admin.certifications} replace />
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">Add New Certification</h1>
      <CertificationForm />
    </section>
  )
}
