import type { UseQueryResult } from '@tanstack/react-query'
import { Fragment, useEffect, useState, type ReactNode } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { toast, TOAST_DURATION_MS } from '@/components/ui/sonner'
import { Spinner } from '@/components/ui/spinner'
import type { Versioned } from '@/lib/api-client'

interface EditPageProps<T> {
  /** The page's heading, e.g. 'Edit Project'. */
  title: string
  /** What the spinner says, e.g. 'Loading project'. */
  loadingLabel: string
  /** The alert when the record cannot be loaded (docs/PRODUCT.md §8). */
  loadFailed: string
  /** Where a failed load returns to: the resource's list. */
  listPath: string
  /** The record and its version, for the id in the URL. */
  useRecord: (id: string) => UseQueryResult<Versioned<T>>
  /** The form, given the record, the version it loaded and a way to load it again after a 412. */
  children: (record: T, version: string | null, reload: () => Promise<void>) => ReactNode
}

/**
 * The frame every edit screen shares (docs/PRODUCT.md §2.7–2.9): load the
 * record by the id in the URL, a spinner meanwhile, on failure an alert and
 * back to the list, then the form. After a 412 the owner may reload: the form
 * then starts afresh from the server's copy.
 */
export function EditPage<T extends { id: number }>(props: EditPageProps<T>) {
  const { id = '' } = useParams()
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-bold">{props.title}</h1>
      <EditPageBody {...props} id={id} />
    </section>
  )
}

function EditPageBody<T extends { id: number }>({
  id,
  loadingLabel,
  loadFailed,
  listPath,
  useRecord,
  children,
}: EditPageProps<T> & { id: string }) {
  const navigate = useNavigate()
  const record = useRecord(id)
  const [loads, setLoads] = useState(0)

  useEffect(() => {
    if (!record.isError) return
    // The toast id keeps StrictMode's second effect run from showing it twice.
    toast.error(loadFailed, { id: `${listPath}-load-${id}`, duration: TOAST_DURATION_MS })
    navigate(listPath, { replace: true })
  }, [record.isError, id, navigate, loadFailed, listPath])

  if (record.isError) return null
  // A stale cached copy is refreshed first: the form reads its values once.
  if (record.isPending || (record.isFetching && !record.isFetchedAfterMount))
    return <Spinner label={loadingLabel} />
  const { data, version } = record.data
  const reload = async () => {
    await record.refetch()
    setLoads((n) => n + 1)
  }
  return <Fragment key={`${data.id}-${loads}`}>{children(data, version, reload)}</Fragment>
}
