import { Navigate } from 'react-router-dom'
import { paths } from '@/config/paths'
import { isAdmin, useSession } from '@/lib/session'
import { ProjectForm } from '../components/project-form'

/** New project (spec section 2). Role `user` cannot write: back to the list. */
export default function ProjectCreateRoute() {
  if (!isAdmin(useSession())) return <Navigate to={paths.admin.projects} replace />
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">Add New Project</h1>
      <ProjectForm />
    </section>
  )
}
