import type { UseQueryResult } from '@tanstack/react-query'
import { Fragment, useEffect, type ReactNode } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { toast, TOAST_DURATION_MS } from '@/components/ui/sonner'
import { noLists, Screen, useListsIn } from '@/components/screen'
import { Spinner } from '@/components/ui/spinner'
import type { Versioned } from '@/lib/api-client'
import { useVersionedRecord, type VersionedEdit } from '@/lib/use-versioned-record'

interface EditPageProps<T> {
  /** The page's heading, e.g. 'Edit Project'. */
  title: string
  /** The record as the owner calls it, e.g. 'project': the spinner says 'Loading project'. */
  one: string
  /** The alert when the record cannot be loaded (docs/PRODUCT.md §8). */
  loadFailed: string
  /** Where a failed load returns to: the resource's list. */
  listPath: string
  /** The record and its version, for the id in the URL. */
  useRecord: (id: string) => UseQueryResult<Versioned<T>>
  /** The form, given the record and its version, with the reload after a 412. */
  children: (record: T, edit: VersionedEdit) => ReactNode
  /**
   * The lists the form picks from (useTechnologyList, usePostFormLists): asked
   * for beside the record, and the form shown once they are in too.
   */
  useLists?: () => readonly UseQueryResult<unknown>[]
}

/** An edit screen, a route module's default export, from its description. */
export const editScreen = <T,>(props: EditPageProps<T>) =>
  function EditScreen() {
    return <EditPage {...props} />
  }

/**
 * The frame every edit screen shares (docs/PRODUCT.md §2.7–2.9): load the
 * record by the id in the URL, a spinner meanwhile, on failure an alert and
 * back to the list, then the form (lib/use-versioned-record.ts).
 */
export function EditPage<T>(props: EditPageProps<T>) {
  const { id = '' } = useParams()
  return (
    <Screen title={props.title}>
      <EditPageBody key={id} {...props} id={id} />
    </Screen>
  )
}

function EditPageBody<T>({
  id,
  one,
  loadFailed,
  listPath,
  useRecord,
  children,
  useLists = noLists,
}: EditPageProps<T> & { id: string }) {
  const navigate = useNavigate()
  const record = useVersionedRecord(useRecord(id))
  const listsIn = useListsIn(useLists())
  const failed = record.status === 'error'

  useEffect(() => {
    if (!failed) return
    // The toast id keeps StrictMode's second effect run from showing it twice.
    toast.error(loadFailed, { id: `${listPath}-load-${id}`, duration: TOAST_DURATION_MS })
    navigate(listPath, { replace: true })
  }, [failed, id, navigate, loadFailed, listPath])

  if (record.status === 'error') return null
  if (record.status === 'loading' || !listsIn) return <Spinner label={`Loading ${one}`} />
  return <Fragment key={record.loads}>{children(record.data, record.edit)}</Fragment>
}
