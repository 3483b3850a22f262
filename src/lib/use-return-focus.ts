import { useCallback, useRef, type RefObject } from 'react'

/**
 * Focus return for dialogs opened without a trigger (Radix then returns focus nowhere).
 * Call `remember()` when opening: it notes the focused control (the row's Edit/Delete
 * button, the Add button). `target()` is what the dialog focuses once closed: that
 * control while it is still on the page, else `fallback` (e.g. the page heading).
 * Call `forget()` when the control's row is being removed (a successful delete).
 */
export function useReturnFocus(fallback: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null)

  const remember = useCallback(() => {
    const active = document.activeElement
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null
  }, [])

  const forget = useCallback(() => {
    opener.current = null
  }, [])

  const target = useCallback(
    () => (opener.current?.isConnected ? opener.current : fallback.current),
    [fallback],
  )

  return { remember, forget, target }
}

/**
 * A dialog's `onCloseAutoFocus` that focuses `returnFocusTo()` once closed,
 * when it names a control; otherwise Radix's own return stands.
 */
export const focusOnClose =
  (returnFocusTo?: () => HTMLElement | null | undefined) => (event: Event) => {
    const target = returnFocusTo?.()
    if (!target) return
    event.preventDefault()
    target.focus()
  }
