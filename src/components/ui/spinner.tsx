import { cn } from '@/lib/utils'

/** A loading indicator that screen readers announce through its label. */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex items-center justify-center py-16', className)}
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-primary/25 border-t-primary motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </div>
  )
}
