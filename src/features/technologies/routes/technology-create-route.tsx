import { Navigate } from 'react-router-dom'
import { paths } from '@/config/paths'
import { isAdmin, useSession } from '@/lib/session'
import { TechnologyForm } from '../components/technology-form'

/** New technology (spec section 2). Role `user` cannot write: back to the list. */
export default function TechnologyCreateRoute() {
  if (!isAdmin(useSession())) return <Navigate to={paths.admin.technologies} replace />
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">Add New Technology</h1>
      <TechnologyForm />
    </section>
  )
}
