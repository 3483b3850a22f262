// A slide-out drawer (shadcn-style Sheet on the Radix Dialog): focus is trapped
// while open, Escape and the overlay close it, focus returns to the trigger.
// Used by the admin sidebar (the public menu is a native <dialog>, docs/decisions/030-public-menu-native-dialog.md).
import * as SheetPrimitive from '@radix-ui/react-dialog'
import { XIcon } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

export const Sheet = SheetPrimitive.Root
export const SheetTrigger = SheetPrimitive.Trigger
export const SheetClose = SheetPrimitive.Close
export const SheetPortal = SheetPrimitive.Portal

export function SheetOverlay({
  className,
  ...props
}: ComponentProps<typeof SheetPrimitive.Overlay>) {
  return (
    <SheetPrimitive.Overlay
      className={cn(
        'fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] transition-opacity duration-200 starting:opacity-0',
        className,
      )}
      {...props}
    />
  )
}

const sides = {
  left: 'inset-y-0 left-0 border-r starting:-translate-x-full',
  right: 'inset-y-0 right-0 border-l starting:translate-x-full',
} as const

export interface SheetContentProps extends ComponentProps<typeof SheetPrimitive.Content> {
  side?: keyof typeof sides
  /** Accessible name of the close button. */
  closeLabel?: string
}

export function SheetContent({
  side = 'right',
  closeLabel = 'Close',
  className,
  children,
  ...props
}: SheetContentProps) {
  return (
    <SheetPortal>
      <SheetOverlay />
      <SheetPrimitive.Content
        // Content describes itself through SheetTitle; a description is optional.
        aria-describedby={undefined}
        className={cn(
          'fixed z-50 flex h-full w-3/4 max-w-xs flex-col gap-4 bg-background p-6 text-foreground shadow-xl transition-transform duration-300 ease-out',
          sides[side],
          className,
        )}
        {...props}
      >
        {children}
        <SheetPrimitive.Close className="absolute top-4 right-4 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring">
          <XIcon aria-hidden="true" className="size-5" />
          <span className="sr-only">{closeLabel}</span>
        </SheetPrimitive.Close>
      </SheetPrimitive.Content>
    </SheetPortal>
  )
}

export function SheetHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-10', className)} {...props} />
}

export function SheetFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-auto flex flex-col gap-2', className)} {...props} />
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return <SheetPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />
}

export function SheetDescription({
  className,
  ...props
}: ComponentProps<typeof SheetPrimitive.Description>) {
  return (
    <SheetPrimitive.Description
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  )
}
