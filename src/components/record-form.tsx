// What the back office's create-and-edit pages share (docs/PRODUCT.md §2, §8):
// the save, which goes back to the list or says it failed and keeps what was
// typed; the alert, with the 412's explanation (changed-elsewhere-alert.tsx);
// the submit and Cancel buttons.
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { SaveFailedAlert } from '@/components/changed-elsewhere-alert'
import { Button } from '@/components/ui/button'
import {
  useCreateContent,
  useUpdateContent,
  type ChangeBody,
  type ChangedResource,
  type CreateBody,
  type CreatedResource,
} from '@/lib/queries/content-writes'
import type { VersionedEdit } from '@/lib/use-versioned-record'

/**
 * A create-and-edit form's props: the record, present when editing, and then
 * `edit`, its version, sent with the save, and the reload after a 412.
 */
export type RecordFormProps<K extends string, T> = Partial<Record<K, T>> & { edit?: VersionedEdit }

interface RecordFormOptions {
  /** 'project', 'share link', ... as the owner calls it. */
  one: string
  /** The list the form goes back to. */
  listPath: string
  /** The record's id when editing. */
  id?: number
  /** When editing: the version it was loaded at and the 412 state (lib/use-versioned-record.ts). */
  edit?: VersionedEdit
}

export function useRecordForm<R extends CreatedResource & ChangedResource>(
  resource: R,
  { one, listPath, id, edit }: RecordFormOptions,
) {
  const navigate = useNavigate()
  const create = useCreateContent(resource)
  const update = useUpdateContent(resource)
  const [message, setMessage] = useState<string>()
  const back = () => navigate(listPath)
  const start = () => {
    setMessage(undefined)
    edit?.setSaveError(null)
  }
  const fail = (
    error: unknown,
    text = `Failed to ${id === undefined ? 'create' : 'update'} ${one}. Please try again.`,
  ) => {
    edit?.setSaveError(error)
    setMessage(text)
  }
  return {
    start,
    fail,
    back,
    /** Creates, or updates with the loaded version. */
    /** A whole record's payload: what creates it, and what changes it. */
    write: (payload: CreateBody<R> & ChangeBody<R>) =>
      id === undefined
        ? create.mutateAsync(payload)
        : update.mutateAsync({ id, payload, version: edit?.version }),
    /**
     * Runs `write`, then back to the list unless it resolved to false; on a
     * failure the alert, and `onError` puts the server's messages on the fields.
     */
    run: async (write: () => Promise<unknown>, onError: (error: unknown) => void) => {
      start()
      try {
        if ((await write()) !== false) back()
      } catch (error) {
        fail(error)
        onError(error)
      }
    },
    alert: <SaveFailedAlert what={one} message={message} edit={edit} />,
    actions: (label: string, busy: boolean) => (
      <div className="flex gap-3">
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {label}
        </Button>
        <Button variant="outline" onClick={back}>
          Cancel
        </Button>
      </div>
    ),
  }
}
