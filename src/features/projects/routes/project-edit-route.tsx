import { useEffect, useState } from 'react'
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
  // Counts the owner's reloads after a 412: each one starts the form afresh from the server's copy.
  const [loads, setLoads] = useState(0)

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
  const { data, version } = project.data
  const reload = async () => {
    await project.refetch()
    setLoads((n) => n + 1)
  }
  return (
    <ProjectForm key={`${data.id}-${loads}`} project={data} version={version} onReload={reload} />
  )
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
