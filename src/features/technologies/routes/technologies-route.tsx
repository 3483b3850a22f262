import { useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Technology } from '@shared/types.ts'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { isAdmin, useSession } from '@/lib/session'
import { useReturnFocus } from '@/lib/use-return-focus'
import { useDeleteTechnology } from '../api/delete-technology'
import { useTechnologies } from '../api/get-technologies'
import { TechnologiesTable } from '../components/technologies-table'

/** Technologies list (spec section 2). */
export default function TechnologiesRoute() {
  const canEdit = isAdmin(useSession())
  const technologies = useTechnologies()
  const remove = useDeleteTechnology()
  const [pending, setPending] = useState<Technology | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)

  // The dialog has no trigger, so it is told where focus goes back: to the
  // Delete button that opened it, or to the heading once that row is gone.
  const focus = useReturnFocus(heading)

  const askDelete = (technology: Technology) => {
    focus.remember()
    setPending(technology)
  }

  const confirmDelete = () => {
    if (!pending) return
    // Spec section 8: a failed delete is only logged; the dialog just closes.
    remove.mutate(pending.id, {
      onSettled: (_data, error) => {
        if (!error) focus.forget()
        setPending(null)
      },
    })
  }

  return (
    <section className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
          Technologies
        </h1>
        {canEdit ? (
          <Button asChild>
            <Link to={paths.admin.newTechnology}>Add New Technology</Link>
          </Button>
        ) : null}
      </div>
      {technologies.isPending ? (
        <Spinner label="Loading technologies" />
      ) : technologies.isError ? (
        <Alert variant="destructive">Could not load technologies.</Alert>
      ) : (
        <TechnologiesTable
          technologies={technologies.data}
          canEdit={canEdit}
          onDelete={askDelete}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Delete technology"
        description="Are you sure you want to delete this technology?"
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        busy={remove.isPending}
        returnFocusTo={focus.target}
      />
    </section>
  )
}
