import { useEffect, useRef, useState } from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { api, onSignedInUse } from '@/lib/api-client'
import { clearSession } from '@/lib/session'
import { useSessions } from '../api/sessions'

const WARN_BEFORE_MS = 60_000
const CHECK_EVERY_MS = 5_000

/**
 * A session ends after a while without use (GET /auth/sessions says how
 * long). A minute before, this asks whether the owner is still there; "Stay
 * signed in" is a use that keeps the session open. At the end the back
 * office signs out, as the server already has.
 */
export function IdleWarning() {
  const sessions = useSessions()
  const idleMs = (sessions.data?.idleMinutes ?? 30) * 60_000
  const lastUse = useRef(Date.now())
  const [open, setOpen] = useState(false)

  useEffect(
    () =>
      onSignedInUse(() => {
        lastUse.current = Date.now()
      }),
    [],
  )

  useEffect(() => {
    const check = () => {
      const unused = Date.now() - lastUse.current
      if (unused >= idleMs) clearSession('expired')
      else setOpen(unused >= idleMs - WARN_BEFORE_MS)
    }
    const timer = setInterval(check, CHECK_EVERY_MS)
    return () => clearInterval(timer)
  }, [idleMs])

  const stay = () => {
    setOpen(false)
    void api.get('/auth/me').catch(() => {})
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? null : stay())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Still there?</AlertDialogTitle>
          <AlertDialogDescription>
            The back office has not been used for a while. You will be signed out in a minute.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogAction onClick={stay}>Stay signed in</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
