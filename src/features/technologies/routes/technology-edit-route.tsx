import { useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { toast, TOAST_DURATION_MS } from '@/components/ui/sonner'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { useTechnology } from '../api/get-technology'
import { TechnologyForm } from '../components/technology-form'

const LOAD_FAILED = 'Could not load technology. Please try again.'

function TechnologyEditPage({ id }: { id: string }) {
  const navigate = useNavigate()
  const technology = useTechnology(id)
  // Counts the owner's reloads after a 412: each one starts the form afresh from the server's copy.
  const [loads, setLoads] = useState(0)

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
  const { data, version } = technology.data
  const reload = async () => {
    await technology.refetch()
    setLoads((n) => n + 1)
  }
  return (
    <TechnologyForm
      key={`${data.id}-${loads}`}
      technology={data}
      version={version}
      onReload={reload}
    />
  )
}

/** Edit technology (spec section 2). Admins only (the route table sends the `user` role back). */
export default function TechnologyEditRoute() {
  const { id = '' } = useParams()
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">Edit Technology</h1>
      <TechnologyEditPage id={id} />
    </section>
  )
}
