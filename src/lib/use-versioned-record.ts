// One record an edit screen changes, loaded with its version (ETag), and what
// follows when a save finds it outdated (docs/decisions/009-optimistic-concurrency.md):
// the form says so, keeps what the owner typed, and on request starts again
// from the server's current copy. Edit pages and edit dialogs all use it.
import type { UseQueryResult } from '@tanstack/react-query'
import { useState } from 'react'
import { isChangedElsewhere, type Versioned } from '@/lib/api-client'

/** What an edit form needs to save against the copy it started from. */
export interface VersionedEdit {
  /** The version of the form's copy, sent back as If-Match; it changes only on reload. */
  version: string | null
  /** The last save answered 412: someone else saved the record after it was loaded. */
  changedElsewhere: boolean
  /** Tells how the last save ended: its error, or null as a new one starts. */
  setSaveError: (error: unknown) => void
  /** Loads the server's current copy; the form, keyed by `loads`, starts afresh from it. */
  reload: () => Promise<void>
}

export type VersionedRecord<T> =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; data: T; loads: number; edit: VersionedEdit }

/**
 * Follows one record's query; mount the caller once per record (key it by id).
 * The copy handed out is fixed until `reload`: a background refetch must not
 * make an old edit look current. Pass the result of a useQuery called in the
 * same component: one handed down by a parent is a render behind after a
 * reload, and the form would start again from the old copy.
 */
export function useVersionedRecord<T>(query: UseQueryResult<Versioned<T>>): VersionedRecord<T> {
  // Counts reloads; each one starts the form afresh from the server's copy.
  const [loads, setLoads] = useState(0)
  const [copy, setCopy] = useState<{ loads: number; record: Versioned<T> } | null>(null)
  const [changedElsewhere, setChangedElsewhere] = useState(false)

  if (query.isError) return { status: 'error' }
  // A stale cached copy is refreshed first: the form reads its values once.
  if (query.isPending || (query.isFetching && !query.isFetchedAfterMount))
    return { status: 'loading' }
  // The first load, or a reload, fixes the copy (React re-renders at once).
  if (copy?.loads !== loads) setCopy({ loads, record: query.data })
  const record = copy?.loads === loads ? copy.record : query.data
  const reload = async () => {
    await query.refetch()
    setChangedElsewhere(false)
    setLoads((n) => n + 1)
  }
  return {
    status: 'ready',
    data: record.data,
    loads,
    edit: {
      version: record.version,
      changedElsewhere,
      setSaveError: (error) => setChangedElsewhere(isChangedElsewhere(error)),
      reload,
    },
  }
}
