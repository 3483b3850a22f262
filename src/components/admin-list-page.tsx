// The frame every list of the back office shares (projects, technologies,
// certifications, experience, education, configurations, users, messages):
// heading, the Add control for admins, the list, and the delete confirmation
// with its focus return.
import { Plus } from 'lucide-react'
import { useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { useReturnFocus } from '@/lib/use-return-focus'

type ReturnFocus = ReturnType<typeof useReturnFocus>

/** Add is a link to the create page, a button that opens a dialog, or absent (the inbox). */
type AddControl =
  | { addLabel: string; addTo: string; onAdd?: never }
  | { addLabel: string; onAdd: () => void; addTo?: never }
  | { addLabel?: never; addTo?: never; onAdd?: never }

type AdminListPageProps<T> = AddControl & {
  title: string
  /** Beside the heading, for every role (the inbox's unread count). */
  aside?: ReactNode
  canWrite: boolean
  /**
   * The confirmation's words (docs/PRODUCT.md §2); the description may depend
   * on the item. `body`: what else it asks for (the users' current password).
   */
  confirm: {
    title: string
    description: ReactNode | ((item: T) => ReactNode)
    body?: ReactNode
  }
  deleting: boolean
  /**
   * Deletes the item; calls `done(true)` once it is gone, `done(false)` when it
   * failed, `done(false, true)` to keep the confirmation open (a field of its body to fix).
   */
  onDelete: (item: T, done: (deleted: boolean, keepOpen?: boolean) => void) => void
  /**
   * The list itself, given the function that asks before deleting a row, and
   * the focus return the page's own dialogs share: `remember()` as one opens,
   * `target` as its `returnFocusTo`.
   */
  children: (askDelete: (item: T) => void, focus: ReturnFocus) => ReactNode
}

export function AdminListPage<T>(props: AdminListPageProps<T>) {
  const { title, aside, addLabel, addTo, onAdd, canWrite, confirm, deleting, onDelete, children } =
    props
  const [pending, setPending] = useState<{ item: T } | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  // The dialogs have no trigger, so they are told where focus goes back: to the
  // button that opened them, or to the heading once that row is gone.
  const focus = useReturnFocus(heading)

  const askDelete = (item: T) => {
    focus.remember()
    setPending({ item })
  }

  const confirmDelete = () => {
    if (!pending) return
    onDelete(pending.item, (deleted, keepOpen = false) => {
      if (deleted) focus.forget()
      if (!keepOpen) setPending(null)
    })
  }

  return (
    <section className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
          {title}
        </h1>
        {aside}
        {!canWrite || addLabel === undefined ? null : addTo !== undefined ? (
          <Button asChild>
            <Link to={addTo}>{addLabel}</Link>
          </Button>
        ) : (
          <Button onClick={() => (focus.remember(), onAdd?.())}>
            <Plus aria-hidden="true" /> {addLabel}
          </Button>
        )}
      </div>
      {children(askDelete, focus)}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={confirm.title}
        description={
          typeof confirm.description === 'function'
            ? pending && confirm.description(pending.item)
            : confirm.description
        }
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        busy={deleting}
        returnFocusTo={focus.target}
      >
        {confirm.body}
      </ConfirmDialog>
    </section>
  )
}
