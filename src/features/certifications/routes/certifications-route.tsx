import { useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { Certification } from '@shared/types.ts'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { isAdmin, useSession } from '@/lib/session'
import { useReturnFocus } from '@/lib/use-return-focus'
import { useDeleteCertification } from '../api/delete-certification'
import { useCertifications } from '../api/get-certifications'
import { CertificationsTable } from '../components/certifications-table'

/** Certifications list (spec section 2). Load and delete failures are only logged (spec section 8). */
export default function CertificationsRoute() {
  const canEdit = isAdmin(useSession())
  const certifications = useCertifications()
  const remove = useDeleteCertification()
  const [pending, setPending] = useState<Certification | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)

  // The dialog has no trigger, so it is told where focus goes back: to the
  // Delete button that opened it, or to the heading once that row is gone.
  const focus = useReturnFocus(heading)

  const askDelete = (certification: Certification) => {
    focus.remember()
    setPending(certification)
  }

  const confirmDelete = () => {
    if (!pending) return
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
          Certifications
        </h1>
        {canEdit ? (
          <Button asChild>
            <Link to={paths.admin.newCertification}>Add New Certification</Link>
          </Button>
        ) : null}
      </div>
      {certifications.isPending ? (
        <Spinner label="Loading certifications" />
      ) : (
        <CertificationsTable
          certifications={certifications.data ?? []}
          canEdit={canEdit}
          onDelete={askDelete}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title="Delete certification"
        description="Are you sure you want to delete this certification?"
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        busy={remove.isPending}
        returnFocusTo={focus.target}
      />
    </section>
  )
}
