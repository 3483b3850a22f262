import { useEffect } from 'react'
import { Navigate, useNavigate, useParams } from 'react-router-dom'
import { toast, TOAST_DURATION_MS } from '@/components/ui/sonner'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { isAdmin, useSession } from '@/lib/session'
import { useTechnology } from '../api/get-technology'
import { TechnologyForm } from '../components/technology-form'

const LOAD_FAILED = 'Could not load technology. Please try again.'

function TechnologyEditPage({ id }: { id: string }) {
  const navigate = useNavigate()
  const technology = useTechnology(id)

  useEffect(() => {
    if (!technology.isError) return
    // Spec section 8: alert, then back to the list (the id keeps StrictMode from showing it twice).
    toast.error(LOAD_FAILED, { id: `technology-load-${id}`, duration: TOAST_DURATION_MS })
    navigate(paths.admin.technologies, { replace: true })
  }, [technology.isError, id, navigate])

  if (technology.isError) return null
  // A stale cached copy is refreshed first: the form reads its values once.
  if (technology.isPending || (technology.isFetching && !technology.isFetchedAfterMount)) {
    return <Spinner label="Loading technology" />
  }
  return <TechnologyForm key={technology.data.id} technology={technology.data} />
}

/** Edit technology (spec section 2). Role `user` cannot write: back to the list. */
export default function TechnologyEditRoute() {
  const { id = '' } = useParams()
  if (!isAdmin(useSession())) return <Navigate to={paths.admin.technologies} replace />
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">Edit Technology</h1>
      <TechnologyEditPage id={id} />
    </section>
  )
}
