import type { ComponentProps } from 'react'
import { Toaster as SonnerToaster, toast, type ExternalToast } from 'sonner'
import { useTheme } from '@/lib/theme'

/** docs/PRODUCT.md §9: snackbars auto-hide after 6000 ms. */
export const TOAST_DURATION_MS = 6000

/** The app's toast area, following our light/dark mode. Mount once per layout. */
export function Toaster(props: ComponentProps<typeof SonnerToaster>) {
  const { mode } = useTheme()
  return (
    <SonnerToaster
      theme={mode}
      duration={TOAST_DURATION_MS}
      closeButton
      richColors
      position="bottom-right"
      toastOptions={{ classNames: { toast: 'border bg-card text-card-foreground' } }}
      {...props}
    />
  )
}

/** Show a success snackbar (auto-hides after 6 s). */
export function toastSuccess(message: string, options?: ExternalToast) {
  return toast.success(message, { duration: TOAST_DURATION_MS, ...options })
}

/** Show an error snackbar (auto-hides after 6 s); pass an `id` to show a repeated message once. */
export function toastError(message: string, options?: ExternalToast) {
  return toast.error(message, { duration: TOAST_DURATION_MS, ...options })
}

export { toast }
