// What an edit dialog shows for a record it loads with its version
// (lib/use-versioned-record.ts, docs/decisions/009-optimistic-concurrency.md):
// a status while it loads, an alert if it cannot, then the form, keyed so a
// reload starts it afresh, under the changed-elsewhere alert after a 412. The
// edit pages have the same frame in components/edit-page.tsx.
import type { UseQueryResult } from '@tanstack/react-query'
import { Fragment, type ReactNode } from 'react'
import { ChangedElsewhereAlert } from '@/components/changed-elsewhere-alert'
import { Alert } from '@/components/ui/alert'
import type { Versioned } from '@/lib/api-client'
import { useVersionedRecord, type VersionedEdit } from '@/lib/use-versioned-record'

interface VersionedDialogBodyProps<T, Id> {
  id: Id
  /**
   * The query hook of the record, with its version. Called here, in the
   * component that follows the record, so each render reads the cache as it is
   * (a query result handed down from a parent can be a render behind a reload).
   */
  useRecord: (id: Id) => UseQueryResult<Versioned<T>>
  /** 'configuration', 'user', ... as the owner calls it. */
  what: string
  /** The screen's usual failure message, shown above the 412's explanation. */
  failure: string
  children: (record: T, edit: VersionedEdit) => ReactNode
}

export function VersionedDialogBody<T, Id>({
  id,
  useRecord,
  what,
  failure,
  children,
}: VersionedDialogBodyProps<T, Id>) {
  const record = useVersionedRecord(useRecord(id))
  if (record.status === 'error')
    return (
      <Alert variant="destructive">
        This {what} could not be loaded. It may have been deleted.
      </Alert>
    )
  if (record.status === 'loading')
    return (
      <p role="status" className="py-6 text-center text-muted-foreground">
        Loading {what}...
      </p>
    )
  return (
    <div className="grid gap-4">
      {record.edit.changedElsewhere ? (
        <ChangedElsewhereAlert what={what} failure={failure} onReload={record.edit.reload} />
      ) : null}
      <Fragment key={record.loads}>{children(record.data, record.edit)}</Fragment>
    </div>
  )
}
