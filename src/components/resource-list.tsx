// A back-office list described once per resource (projects, technologies,
// certifications, experience, education, users, messages): its words, its
// columns or cards, where its rows are edited (a page or a dialog), and how it
// reads and deletes. The frame (heading, Add, confirmation, focus return) is
// AdminListPage's; this draws the items, the empty text, the spinner and the
// load failure, and holds the screen's dialogs and the confirmation's password.
import type { UseQueryResult } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { AdminListPage } from '@/components/admin-list-page'
import { CurrentPasswordField } from '@/components/current-password-field'
import { ResourceItems, type ItemsLayout } from '@/components/resource-items'
import type { ItemControls } from '@/components/row-actions'
import { Alert } from '@/components/ui/alert'
import { toastError, toastSuccess } from '@/components/ui/sonner'
import { Spinner } from '@/components/ui/spinner'
import { useDeleteContent, type DeletedResource } from '@/lib/queries/content-writes'
import { serverFieldErrors } from '@/lib/server-field-errors'
import { isAdmin, useSession } from '@/lib/session'

/** A dialog the list opens; it closes itself through `onOpenChange(false)`. */
export interface ListDialogProps {
  onOpenChange: (open: boolean) => void
  /** Where focus goes once closed: the button that opened it. */
  returnFocusTo: () => HTMLElement | null | undefined
}

interface DescriptionBase<T> {
  resource: DeletedResource
  /** 'project': as the delete failure is logged. */
  one: string
  /** The heading; the spinner says 'Loading <title>', in lower case. */
  title: string
  /** The Add control: a link to the create page (addTo) or a dialog (addDialog); neither, none. */
  addLabel?: string
  addTo?: string
  addDialog?: (dialog: ListDialogProps & { open: boolean }) => ReactNode
  /** The text of an empty list (docs/PRODUCT.md §2). */
  empty: string
  /** Shown when the list fails to load; absent: the failure is only logged, the list shows empty. */
  loadFailed?: string
  /** The row's name, as screen readers name its buttons; in a table, also its first column. */
  name: (item: T) => string
  nameHeader?: string
  /** Where a row is edited: its own page (editPath) or a dialog (editDialog); neither, no Edit. */
  editPath?: (id: number) => string
  editDialog?: (dialog: ListDialogProps & { item: T | null }) => ReactNode
  confirm: {
    title: string
    description: ReactNode | ((item: T) => ReactNode)
    /**
     * Deleting takes the admin's own password, typed in the confirmation: what
     * for, e.g. 'Deleting an account' (docs/decisions/042). A wrong one shows
     * under the field and keeps the confirmation open.
     */
    password?: string
  }
  /** The notices of a delete; absent: a failure is only logged (docs/PRODUCT.md §8). */
  notices?: { deleted: string; deleteFailed: string | ((error: unknown) => string) }
  useList: () => UseQueryResult<T[]>
  /** Beside the heading once the list has loaded (the inbox's unread count). */
  aside?: (items: T[]) => ReactNode
  /** Below the list, for admins (the résumé import under experience). */
  footer?: ReactNode
}

export type ResourceListDescription<T extends { id: number }> = DescriptionBase<T> & ItemsLayout<T>

/** The frame's Add: a link, a button opening the list's dialog, or none. */
function addControl<T>(d: DescriptionBase<T>, open: () => void) {
  if (d.addLabel === undefined) return {}
  if (d.addDialog) return { addLabel: d.addLabel, onAdd: open }
  return d.addTo === undefined ? {} : { addLabel: d.addLabel, addTo: d.addTo }
}

export function ResourceList<T extends { id: number }>({
  description: d,
}: {
  description: ResourceListDescription<T>
}) {
  const canWrite = isAdmin(useSession())
  const list = d.useList()
  const remove = useDeleteContent(d.resource, d.one)
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<T | null>(null)
  const [password, setPassword] = useState('')
  const [passwordError, setPasswordError] = useState<string | undefined>()

  const onDelete = (item: T, done: (deleted: boolean, keepOpen?: boolean) => void) =>
    remove.mutate(
      { id: item.id, currentPassword: d.confirm.password === undefined ? undefined : password },
      {
        onSuccess: () => {
          if (d.notices) toastSuccess(d.notices.deleted)
          done(true)
        },
        onError: (error) => {
          const refused = serverFieldErrors(error, ['currentPassword']).currentPassword
          setPasswordError(refused)
          const failed = d.notices?.deleteFailed
          if (refused === undefined && failed !== undefined)
            toastError(typeof failed === 'function' ? failed(error) : failed)
          done(false, refused !== undefined)
        },
      },
    )

  return (
    <AdminListPage<T>
      title={d.title}
      aside={list.data && d.aside?.(list.data)}
      {...addControl(d, () => setAdding(true))}
      canWrite={canWrite}
      confirm={{
        title: d.confirm.title,
        description: d.confirm.description,
        body:
          d.confirm.password === undefined ? undefined : (
            <CurrentPasswordField
              reason={d.confirm.password}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={passwordError}
              disabled={remove.isPending}
            />
          ),
      }}
      deleting={remove.isPending}
      onDelete={onDelete}
    >
      {(askDelete, focus) => {
        const controls = (item: T): ItemControls => ({
          name: d.name(item),
          editTo: d.editPath?.(item.id),
          onEdit: d.editDialog
            ? () => {
                focus.remember()
                setEditing(item)
              }
            : undefined,
          onDelete: () => {
            setPassword('')
            setPasswordError(undefined)
            askDelete(item)
          },
        })
        return (
          <>
            {list.isPending ? (
              <Spinner label={`Loading ${d.title.toLowerCase()}`} />
            ) : list.isError && d.loadFailed ? (
              <Alert variant="destructive">{d.loadFailed}</Alert>
            ) : (
              <ResourceItems
                description={d}
                items={list.data ?? []}
                controls={canWrite ? controls : null}
              />
            )}
            {canWrite ? (
              <>
                {d.footer}
                {d.addDialog?.({
                  open: adding,
                  onOpenChange: setAdding,
                  returnFocusTo: focus.target,
                })}
                {d.editDialog?.({
                  item: editing,
                  onOpenChange: (open) => !open && setEditing(null),
                  returnFocusTo: focus.target,
                })}
              </>
            ) : null}
          </>
        )
      }}
    </AdminListPage>
  )
}
