import * as ProgressPrimitive from '@radix-ui/react-progress'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

/** A progress bar; `label` names it for screen readers (e.g. 'Uploading photo.png'). */
export function Progress({
  className,
  value,
  label,
  ...props
}: ComponentProps<typeof ProgressPrimitive.Root> & { label: string }) {
  return (
    <ProgressPrimitive.Root
      aria-label={label}
      value={value}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className="h-full w-full flex-1 bg-primary transition-transform"
        style={{ transform: `translateX(-${100 - (value ?? 0)}%)` }}
      />
    </ProgressPrimitive.Root>
  )
}
