import { useEffect } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { toast, TOAST_DURATION_MS } from '@/components/ui/sonner'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { useProject } from '../api/get-project'
import { ProjectForm } from '../components/project-form'

const LOAD_FAILED = 'Could not load project. Please try again.'

function ProjectEditPage({ id }: { id: string }) {
  const navigate = useNavigate()
  const project = useProject(id)

  useEffect(() => {
    if (!project.isError) return
    // Spec section 8: alert, then back to the list (the id keeps StrictMode from showing it twice).
    toast.error(LOAD_FAILED, { id: `project-load-${id}`, duration: TOAST_DURATION_MS })
    navigate(paths.admin.projects, { replace: true })
  }, [project.isError, id, navigate])

  if (project.isError) return null
  // A stale cached copy is refreshed first: the form reads its values once.
  if (project.isPending || (project.isFetching && !project.isFetchedAfterMount))
    return <Spinner label="Loading project" />
  return <ProjectForm key={project.data.id} project={project.data} />
}

/** Edit project (spec section 2). Admins only (the route table sends the `user` role back). */
export default function ProjectEditRoute() {
  const { id = '' } = useParams()
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">Edit Project</h1>
      <ProjectEditPage id={id} />
    </section>
  )
}
