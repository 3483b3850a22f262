import type { ReactNode } from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { focusOnClose } from '@/lib/use-return-focus'

interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description: ReactNode
  confirmLabel?: string
  cancelLabel?: string
  onConfirm: () => void
  /** While true the buttons are disabled and the dialog stays open. */
  busy?: boolean
  /**
   * Where focus goes once the dialog has closed (it has no trigger to return to).
   * Called after the focus trap is released, so the element really gets focus.
   */
  returnFocusTo?: () => HTMLElement | null | undefined
  /** Anything the confirmation also asks for, between the question and the buttons. */
  children?: ReactNode
}

/**
 * A destructive confirmation (e.g. spec: 'Are you sure you want to delete this
 * project?'). The caller closes it via onOpenChange(false) when the work is done.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  onConfirm,
  busy = false,
  returnFocusTo,
  children,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent onCloseAutoFocus={focusOnClose(returnFocusTo)}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children ? (
          // Enter in one of its fields confirms, as the button does.
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              if (!busy) onConfirm()
            }}
          >
            {children}
          </form>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={(event) => {
              // Keep the dialog open until the caller has finished the work.
              event.preventDefault()
              onConfirm()
            }}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
