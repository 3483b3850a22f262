import { useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { toast, TOAST_DURATION_MS } from '@/components/ui/sonner'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { useCertification } from '../api/get-certification'
import { CertificationForm } from '../components/certification-form'

const LOAD_FAILED = 'Failed to load certification details. Please try again.'

function CertificationEditPage({ id }: { id: string }) {
  const navigate = useNavigate()
  const certification = useCertification(id)
  // Counts the owner's reloads after a 412: each one starts the form afresh from the server's copy.
  const [loads, setLoads] = useState(0)

  useEffect(() => {
    if (!certification.isError) return
    // Spec section 8: alert, then back to the list (the id keeps StrictMode from showing it twice).
    toast.error(LOAD_FAILED, { id: `certification-load-${id}`, duration: TOAST_DURATION_MS })
    navigate(paths.admin.certifications, { replace: true })
  }, [certification.isError, id, navigate])

  if (certification.isError) return null
  // A stale cached copy is refreshed first: the form reads its values once.
  if (certification.isPending || (certification.isFetching && !certification.isFetchedAfterMount)) {
    return <Spinner label="Loading certification" />
  }
  const { data, version } = certification.data
  const reload = async () => {
    await certification.refetch()
    setLoads((n) => n + 1)
  }
  return (
    <CertificationForm
      key={`${data.id}-${loads}`}
      certification={data}
      version={version}
      onReload={reload}
    />
  )
}

/** Edit certification (spec section 2). Admins only (the route table sends the `user` role back). */
export default function CertificationEditRoute() {
  const { id = '' } = useParams()
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">Edit Certification</h1>
      <CertificationEditPage id={id} />
    </section>
  )
}
